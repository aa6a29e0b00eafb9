import CalendarWebFormats
import ICalendar
#if canImport(Glibc)
import Glibc
import CalendarModel
#endif

/// Where messages go: diagnostics and errors to standard error, results to standard output. The one
/// place that prints diagnostics, in the form `--json` and `--quiet` chose (see `ReportingOptions`).
enum Terminal {
    enum Stream { case standardOutput, standardError }

    /// How this run reports; set once, from the command's options, before anything is printed.
    nonisolated(unsafe) static var reporting = ReportingOptions.Choice()

    /// Whether standard error is a terminal a person watches (progress is drawn only there).
    static let watched = isatty(2) == 1

    static func error(_ message: String) {
        write("calbridge: \(message)\n", to: .standardError)
    }

    /// A message that is no error (a summary, what was skipped): left out under `--quiet`.
    static func inform(_ message: String) {
        guard !reporting.quiet else { return }
        write(message, to: .standardError)
    }

    static func write(_ text: String, to stream: Stream) {
        let fd: Int32 = stream == .standardOutput ? 1 : 2
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { _ = Glibc.write(fd, $0.baseAddress!, $0.count) }
    }

    /// Prints at most `limit` diagnostics — the first of the list, which a caller orders by what
    /// matters most — in file and line order, and a count of the rest (`whereTheRestAre` says where
    /// to see them); all of them as JSON lines, which programs read; under `--quiet` only the errors,
    /// unless they are the reason the command stops (`--strict` refuses warnings too).
    static func printDiagnostics(_ diagnostics: [Diagnostic], to stream: Stream, limit: Int = 200, stopping: Bool = false,
                                 whereTheRestAre: String? = nil) {
        let kept = reporting.quiet && !stopping ? diagnostics.filter { $0.severity == .error } : diagnostics
        let byPlace: (Diagnostic, Diagnostic) -> Bool = {
            ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        if reporting.json {
            write(kept.sorted(by: byPlace).map { $0.jsonLine + "\n" }.joined(), to: stream)
            return
        }
        var text = kept.prefix(limit).sorted(by: byPlace).map { $0.description + "\n" }.joined()
        if kept.count > limit { text += "… and \(kept.count - limit) more" + (whereTheRestAre.map { " (\($0))" } ?? "") + "\n" }
        write(text, to: stream)
    }
}

extension Diagnostic {
    /// One JSON object on one line: file, line, column, severity, message, repair (null where absent).
    var jsonLine: String {
        let label = severity == .error ? "error" : severity == .violation ? "warning" : "note"
        let line = location.map { String($0.line) } ?? "null", column = location.map { String($0.column) } ?? "null"
        return "{\"file\": \(JSONOutput.quoted(file)), \"line\": \(line), \"column\": \(column), "
            + "\"severity\": \"\(label)\", \"message\": \(JSONOutput.quoted(message)), "
            + "\"repair\": \(repair.map(JSONOutput.quoted) ?? "null")}"
    }
}
