import CalendarDocuments
import CalendarModel
#if canImport(Glibc)
import Glibc
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

    /// Prints the diagnostics as `DiagnosticListing` lists them, in the form `--json` chose; under
    /// `--quiet` only the errors, unless they are the reason the command stops (`--strict` refuses
    /// warnings too).
    static func printDiagnostics(_ diagnostics: [Diagnostic], to stream: Stream, limit: Int = 200, stopping: Bool = false,
                                 whereTheRestAre: String? = nil) {
        let kept = reporting.quiet && !stopping ? diagnostics.filter { $0.severity == .error } : diagnostics
        write(DiagnosticListing(json: reporting.json, limit: limit, whereTheRestAre: whereTheRestAre).text(kept), to: stream)
    }
}
