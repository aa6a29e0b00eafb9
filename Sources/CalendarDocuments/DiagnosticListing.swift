import CalendarModel
import CalendarWebFormats

/// Problems listed for a person — at most `limit` of them, the first of the list (which a caller
/// orders by what matters most) in file and line order, the same warning or note at many places
/// one line with a count and the first place, and a count of the rest — or for a program: every
/// one as a JSON line.
package struct DiagnosticListing {
    package var json: Bool
    package var limit: Int
    /// Where to see the problems left out (`calbridge validate` lists them all).
    package var whereTheRestAre: String?

    package init(json: Bool, limit: Int = 200, whereTheRestAre: String? = nil) {
        self.json = json
        self.limit = limit
        self.whereTheRestAre = whereTheRestAre
    }

    /// The listing, one problem (or one repeated problem) a line.
    package func text(_ diagnostics: [Diagnostic]) -> String {
        let byPlace: (Diagnostic, Diagnostic) -> Bool = {
            ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        if json { return diagnostics.sorted(by: byPlace).map { $0.jsonLine + "\n" }.joined() }
        let repeats = Repeat.grouping(diagnostics)
        let shown = repeats.prefix(limit).sorted { byPlace($0.first, $1.first) }
        var text = shown.map { $0.description + "\n" }.joined()
        let left = repeats.dropFirst(limit).reduce(0) { $0 + $1.places.count }
        if left > 0 {
            text += "… and \(left) more" + (whereTheRestAre.map { " (\($0))" } ?? "") + "\n"
        }
        return text
    }

    /// One problem as it was found at one or more places: a warning or note said the same way at
    /// many places (a PRODID in each of 46 resources) is one line, since a person reads the first
    /// and the count; errors, each of which stops or loses something, are listed one by one.
    private struct Repeat: CustomStringConvertible {
        var places: [Diagnostic]
        var first: Diagnostic { places[0] }

        /// The diagnostics grouped by what they say, in the order each was first found.
        static func grouping(_ diagnostics: [Diagnostic]) -> [Repeat] {
            var repeats: [Repeat] = []
            var index: [Said: Int] = [:]
            for diagnostic in diagnostics {
                let said = Said(diagnostic)
                if diagnostic.severity != .error, let at = index[said] {
                    repeats[at].places.append(diagnostic)
                } else {
                    index[said] = repeats.count
                    repeats.append(Repeat(places: [diagnostic]))
                }
            }
            return repeats
        }

        /// `warning: MESSAGE (repair: …): 46 times in 46 files, first at FILE:LINE:COLUMN`.
        var description: String {
            guard places.count > 1 else { return first.description }
            let files = Set(places.map(\.file)).count
            let place = first.location.map { "\(first.file):\($0.line):\($0.column)" } ?? first.file
            return "\(first.label): \(first.message)" + (first.repair.map { " (repair: \($0))" } ?? "")
                + ": \(places.count) times" + (files > 1 ? " in \(files) files" : "") + ", first at \(place)"
        }
    }

    /// What a diagnostic says, whatever its place.
    private struct Said: Hashable {
        var severity: Diagnostic.Severity
        var message: String
        var repair: String?

        init(_ diagnostic: Diagnostic) {
            (severity, message, repair) = (diagnostic.severity, diagnostic.message, diagnostic.repair)
        }
    }
}

/// What a line of `--json` output is: the closed set of kinds a program reading calbridge's messages
/// meets, each line one JSON object with the same members (kind, file, line, column, severity,
/// message, repair), null where a kind has none.
package enum MessageKind: String, Sendable {
    /// A problem in an input, at its file, line and column (severity error, warning or note).
    case diagnostic
    /// One item of a batch that failed while the rest went on (exit 1).
    case failure
    /// What stopped the command (its exit code says which kind of stop).
    case error
    /// What a command did, said at its end (severity null): counts, what changed, `valid`.
    case summary

    /// One line of `--json` output that is not an input's problem (`Diagnostic.jsonLine` is): a
    /// message, with the file it is about where there is one; a failure or an error has severity
    /// `error`, a summary none.
    package func jsonLine(_ message: String, file: String? = nil) -> String {
        let severity = self == .summary ? "null" : "\"error\""
        return "{\"kind\": \"\(rawValue)\", \"file\": \(file.map(JSONOutput.quoted) ?? "null"), \"line\": null, \"column\": null, "
            + "\"severity\": \(severity), \"message\": \(JSONOutput.quoted(message)), \"repair\": null}"
    }
}

extension Diagnostic {
    /// One JSON object on one line: kind (`diagnostic`), file, line, column, severity, message,
    /// repair (null where absent).
    package var jsonLine: String {
        let line = location.map { String($0.line) } ?? "null", column = location.map { String($0.column) } ?? "null"
        return "{\"kind\": \"\(MessageKind.diagnostic.rawValue)\", \"file\": \(JSONOutput.quoted(file)), \"line\": \(line), "
            + "\"column\": \(column), \"severity\": \"\(label)\", \"message\": \(JSONOutput.quoted(message)), "
            + "\"repair\": \(repair.map(JSONOutput.quoted) ?? "null")}"
    }
}
