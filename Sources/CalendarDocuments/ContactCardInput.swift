import CalendarModel
import ContactCards
import Platform

/// A contact card file read for its cards, as `birthdays` reads its inputs.
package enum ContactCardInput {
    /// The cards of every input, one after another, read before anything is written: an input with
    /// none stops the whole run.
    package static func read(_ paths: [String]) throws -> VCardReadResult {
        try paths.map(read).reduce(into: VCardReadResult()) { all, one in
            all.cards += one.cards
            all.problems += one.problems
            all.cardsWithoutDates += one.cardsWithoutDates
            all.datesSkipped += one.datesSkipped
        }
    }

    /// The cards of one input; an input with none (a calendar given by mistake) is refused.
    package static func read(_ path: String) throws -> VCardReadResult {
        try read(try InputFile(path: path))
    }

    /// The cards of an opened input, refused as `read(_:)` refuses: the reader skips what it cannot
    /// use, so a file of which nothing was a card has nothing left to make a calendar of.
    package static func read(_ input: InputFile) throws -> VCardReadResult {
        let bytes = try input.readAll()
        let result = VCardReader().read(bytes, file: input.name)
        guard result.cards.isEmpty else { return result }
        let calendar = CalendarFormat.sniff(head: Array(bytes.prefix(CalendarFormat.sniffedBytes))) == .ics
        let seen = calendar ? " (it is an iCalendar file; `calbridge convert` reads calendars)" : ""
        throw InvalidCalendarData(
            diagnostics: [
                Diagnostic(
                    .error, file: input.name, at: nil,
                    "not a contact (vCard) file: it holds no BEGIN:VCARD" + seen)
            ],
            advice: "give contact cards (.vcf) exported from an address book")
    }
}
