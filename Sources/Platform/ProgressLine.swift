import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long run on standard error, shared by every command that can take more than a couple
/// of seconds: one line with the count, the rate and the time left, redrawn in place (`\r`). It is
/// drawn only on a terminal (logs and pipes stay clean), not under `--quiet` or `--json`, and not for
/// the first half second, so a quick run shows nothing; `finish` wipes it before the summary is printed.
package struct ProgressLine {
    /// What is counted: items (events, resources), or bytes of input shown as megabytes.
    package enum Unit: Sendable { case items, bytes }

    let label: String
    /// How many there are in all, when known (standard input's size is not).
    let total: Int?
    let unit: Unit
    private let started = Date()
    private var lastDrawn: Date?
    private var done = 0
    private let shown: Bool
    /// Seconds before the line first appears: half a second, or `CALBRIDGE_PROGRESS_AFTER` (a test
    /// sets 0 so that a run on a fast machine still draws it).
    private static let delay = ProcessInfo.processInfo.environment["CALBRIDGE_PROGRESS_AFTER"].flatMap(Double.init) ?? 0.5

    /// Whether progress is drawn in this run: set once by the command line, from whether standard
    /// error is a terminal, `--quiet` and `--json`. `nonisolated(unsafe)`: written on the main thread
    /// before any work starts, only read from then on.
    nonisolated(unsafe) package static var isShown = false

    /// `shown` overrides `isShown` for a line drawn while the lines of the parts are kept off.
    package init(_ label: String, total: Int?, unit: Unit = .items, shown: Bool = ProgressLine.isShown) {
        self.label = label
        self.total = total
        self.unit = unit
        self.shown = shown
    }

    /// Seconds since the run started.
    package var elapsed: Double { Date().timeIntervalSince(started) }

    package mutating func advance(by count: Int) {
        update(done: done + count)
    }

    package mutating func update(done: Int) {
        self.done = done
        let now = Date()
        guard shown, elapsed >= Self.delay, now.timeIntervalSince(lastDrawn ?? .distantPast) >= 0.2 else { return }
        lastDrawn = now
        Self.draw("\r\u{1B}[K" + line())
    }

    /// Wipes the line, if one was drawn.
    package func finish() {
        if lastDrawn != nil { Self.draw("\r\u{1B}[K") }
    }

    /// Writes to standard error as it is, unbuffered, as every message of the command line is.
    private static func draw(_ text: String) {
        Array(text.utf8).withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// `convert 41.9/106.0 MB  20.4 MB/s  0:03 left`
    private func line() -> String {
        let rate = Double(done) / max(elapsed, 0.001)
        var text = "\(label) \(amount(done))" + (total.map { "/" + amount($0) } ?? "") + "  \(amount(Int(rate)))/s"
        if let total, rate > 0 {
            let left = Int(Double(max(total - done, 0)) / rate)
            text += "  \(left / 60):" + String(format: "%02d", left % 60) + " left"
        }
        return text
    }

    private func amount(_ count: Int) -> String {
        unit == .items ? String(count) : String(format: "%.1f MB", Double(count) / 1e6)
    }
}
