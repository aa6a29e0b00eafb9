import CalendarModel
import CalendarWebFormats

/// Problems listed for a person — at most `limit` of them, the first of the list (which a caller
/// orders by what matters most) in file and line order, and a count of the rest — or for a
/// program: every one as a JSON line.
public struct DiagnosticListing {
    public var json: Bool
    public var limit: Int
    /// Where to see the problems left out (`calbridge validate` lists them all).
    public var whereTheRestAre: String?

    public init(json: Bool, limit: Int = 200, whereTheRestAre: String? = nil) {
        self.json = json
        self.limit = limit
        self.whereTheRestAre = whereTheRestAre
    }

    /// The listing, one problem a line.
    public func text(_ diagnostics: [Diagnostic]) -> String {
        let byPlace: (Diagnostic, Diagnostic) -> Bool = {
            ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        if json { return diagnostics.sorted(by: byPlace).map { $0.jsonLine + "\n" }.joined() }
        var text = diagnostics.prefix(limit).sorted(by: byPlace).map { $0.description + "\n" }.joined()
        if diagnostics.count > limit {
            text += "… and \(diagnostics.count - limit) more" + (whereTheRestAre.map { " (\($0))" } ?? "") + "\n"
        }
        return text
    }
}

extension Diagnostic {
    /// One JSON object on one line: file, line, column, severity, message, repair (null where absent).
    public var jsonLine: String {
        let label = severity == .error ? "error" : severity == .violation ? "warning" : "note"
        let line = location.map { String($0.line) } ?? "null", column = location.map { String($0.column) } ?? "null"
        return "{\"file\": \(JSONOutput.quoted(file)), \"line\": \(line), \"column\": \(column), "
            + "\"severity\": \"\(label)\", \"message\": \(JSONOutput.quoted(message)), "
            + "\"repair\": \(repair.map(JSONOutput.quoted) ?? "null")}"
    }
}
