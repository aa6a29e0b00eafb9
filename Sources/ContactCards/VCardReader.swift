import CalendarModel
import ContentLines

/// Reads vCard files (2.1, 3.0 and 4.0) into the contact cards a birthday calendar is made from.
/// Nothing stops it: what it cannot read becomes a `Diagnostic` (an error at its line and column,
/// its repair saying what was skipped) and the rest of the card and file is still read.
package struct VCardReader: Sendable {
    package init() {}

    /// The cards in `bytes`; `file` names the input in problems.
    package func read(_ bytes: [UInt8], file: String) -> VCardReadResult {
        var state = ReadState(file: file)
        var lines = ContentLineUnfolder(InputText.normalized(bytes), dialect: .vCard)
        while let line = lines.next() {
            state.take(line)
        }
        state.finishFile()
        return VCardReadResult(
            cards: state.cards, problems: state.problems.finished(),
            cardsWithoutDates: state.cards.count { $0.dates.isEmpty }, datesSkipped: state.problems.datesSkipped)
    }
}

/// Where the reader is in a file: in a card or between cards.
private struct ReadState {
    var cards: [ContactCard] = []
    var problems: ProblemLog
    private var card: CardBuilder?
    /// The first of a run of lines between cards that are not cards, reported once for the run.
    private var strayRun: (line: Int, count: Int)?

    init(file: String) {
        problems = ProblemLog(file: file)
    }

    mutating func take(_ line: UnfoldedLine) {
        if line.isBlank { return }
        let property: VCardProperty
        do {
            property = try ContentLineParser.parse(line.bytes)
        } catch {
            if card == nil {
                noteStray(line)
            } else {
                let place = line.location(ofOffset: error.offset)
                problems.add(
                    line: place.line, column: place.column,
                    "not a vCard line (\(error.message)): \(Self.excerpt(line.bytes))", repair: "skips it")
            }
            return
        }
        let value = line.bytes[property.valueOffset...]
        if property.name == "BEGIN", Self.isVCard(value) {
            reportStrayRun()
            if let open = card {
                problems.add(
                    line: open.location.line, column: 1,
                    "the card begun here has no END:VCARD before the BEGIN:VCARD of line \(line.line)", repair: "reads it up to there")
                cards.append(open.finished())
            }
            card = CardBuilder(location: SourceLocation(line: line.line, column: 1))
        } else if property.name == "END", Self.isVCard(value) {
            if let open = card {
                cards.append(open.finished())
                card = nil
            } else {
                reportStrayRun()
                problems.add(line: line.line, column: 1, "END:VCARD without a BEGIN:VCARD before it", repair: "skips it")
            }
        } else if card != nil {
            card?.add(property, of: line, problems: &problems)
        } else {
            noteStray(line)
        }
    }

    mutating func finishFile() {
        reportStrayRun()
        if let open = card {
            problems.add(
                line: open.location.line, column: 1,
                "the card begun here has no END:VCARD before the end of the file", repair: "reads it up to there")
            cards.append(open.finished())
            card = nil
        }
    }

    private mutating func noteStray(_ line: UnfoldedLine) {
        if let run = strayRun {
            strayRun = (run.line, run.count + 1)
        } else {
            strayRun = (line.line, 1)
        }
    }

    private mutating func reportStrayRun() {
        guard let run = strayRun else { return }
        strayRun = nil
        let what = run.count == 1 ? "this line is" : "\(run.count) lines from here on are"
        problems.add(
            line: run.line, column: 1, "\(what) outside BEGIN:VCARD … END:VCARD", repair: run.count == 1 ? "skips it" : "skips them")
    }

    private static func isVCard(_ value: ArraySlice<UInt8>) -> Bool {
        let trimmed = value.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        return trimmed.count == 5 && ASCII.hasPrefixIgnoringCase(trimmed, "VCARD")
    }

    /// The start of a line for a message, printable and short: a garbage line may be binary or
    /// megabytes long.
    private static func excerpt(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(40).map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "?" }
        return "\"" + String(shown) + (bytes.count > 40 ? "…" : "") + "\""
    }
}
