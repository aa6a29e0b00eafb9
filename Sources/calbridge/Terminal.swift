import CalendarDocuments
import CalendarModel
#if canImport(Glibc)
import Glibc
// Named outside `Terminal`, whose own `write` would otherwise hide the system call's.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(descriptor, bytes, count) }
#elseif canImport(Darwin)
import Darwin
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(descriptor, bytes, count) }
#endif

/// Where messages go: diagnostics, summaries and errors to standard error, results to standard
/// output. The one place that prints messages, in the form `--json`, `--quiet` and `--verbose` chose
/// (see `ReportingOptions`): under `--json` each is one JSON object a line with its `MessageKind`.
enum Terminal {
    enum Stream { case standardOutput, standardError }

    /// How this run reports; set once, from the command's options, before anything is printed.
    /// `nonisolated(unsafe)`: `Calbridge.main` writes it on the main thread before the command
    /// starts any worker, and from then on it is only read.
    nonisolated(unsafe) static var reporting = ReportingOptions.Choice()

    /// Whether standard error is a terminal a person watches (progress is drawn only there).
    static let watched = isatty(2) == 1

    /// What stopped the command: one message, however many lines it has, and the file it is about.
    static func error(_ message: String, file: String? = nil) {
        guard reporting.json else { return write("calbridge: \(message)\n", to: .standardError) }
        write(MessageKind.error.jsonLine(message, file: file) + "\n", to: .standardError)
    }

    /// A summary (what was done, skipped or changed), a line each: left out under `--quiet`.
    static func inform(_ lines: String) {
        guard !reporting.quiet else { return }
        say(.summary, messages(in: lines), text: lines)
    }

    /// Items of a batch that failed while the rest went on, a line each (`UID: why`).
    static func listFailures(_ lines: String) {
        say(.failure, messages(in: lines), text: lines)
    }

    static func write(_ text: String, to stream: Stream) {
        let fd: Int32 = stream == .standardOutput ? 1 : 2
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = systemWrite(fd, $0.baseAddress, $0.count) }
    }

    /// `text` on standard error, or under `--json` each of `messages` as an object of `kind`.
    private static func say(_ kind: MessageKind, _ messages: [String], text: String) {
        write(reporting.json ? messages.map { kind.jsonLine($0) + "\n" }.joined() : text, to: .standardError)
    }

    /// The lines of `text`, each a message of its own, without the indent that sets them under a heading.
    private static func messages(in text: String) -> [String] {
        text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
    }

    /// Prints the diagnostics as `DiagnosticListing` lists them, those the options show (see
    /// `ReportingOptions.Choice.shows`; `stopping` when they are why the command stops).
    static func printDiagnostics(
        _ diagnostics: [Diagnostic], to stream: Stream, limit: Int = 200, stopping: Bool = false,
        whereTheRestAre: String? = nil
    ) {
        let kept = diagnostics.filter { reporting.shows($0.severity, stopping: stopping) }
        write(DiagnosticListing(json: reporting.json, limit: limit, whereTheRestAre: whereTheRestAre).text(kept), to: stream)
    }
}
