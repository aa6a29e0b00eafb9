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

    /// Prints at most `limit` diagnostics — the first of the list, which a caller orders by what
    /// matters most — in file and line order, and a count of the rest.
    static func printDiagnostics(_ diagnostics: [Diagnostic], to stream: Stream, limit: Int = 200, whereTheRestAre: String? = nil) {
        let sorted = diagnostics.prefix(limit).sorted {
            ($0.file, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.file, $1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        var text = sorted.map { $0.description + "\n" }.joined()
        if diagnostics.count > limit { text += "… and \(diagnostics.count - limit) more" + (whereTheRestAre.map { " (\($0))" } ?? "") + "\n" }
        write(text, to: stream)
    }
}
