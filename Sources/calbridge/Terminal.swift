import ICalendar
#if canImport(Glibc)
import Glibc
#endif

/// Where messages go: diagnostics and errors to standard error, results to standard output.
enum Terminal {
    enum Stream { case standardOutput, standardError }

    static func error(_ message: String) {
        write("calbridge: \(message)\n", to: .standardError)
    }

    static func write(_ text: String, to stream: Stream) {
        let fd: Int32 = stream == .standardOutput ? 1 : 2
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { _ = Glibc.write(fd, $0.baseAddress!, $0.count) }
    }

    /// Prints diagnostics in file and line order, at most `limit` of them and a count of the rest.
    static func printDiagnostics(_ diagnostics: [Diagnostic], to stream: Stream, limit: Int = 200) {
        let sorted = diagnostics.sorted {
            ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        var text = sorted.prefix(limit).map { $0.description + "\n" }.joined()
        if sorted.count > limit { text += "… and \(sorted.count - limit) more\n" }
        write(text, to: stream)
    }
}
