import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long batch on standard error: a line redrawn in place with count, rate and time
/// left when it is a terminal, nothing until the summary otherwise (logs stay readable).
struct Progress {
    let total: Int
    let label: String
    private let started = Date()
    private var lastDrawn = Date.distantPast
    private let isTerminal = isatty(2) == 1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    mutating func update(done: Int) {
        guard isTerminal, Date().timeIntervalSince(lastDrawn) >= 0.2 || done == total else { return }
        lastDrawn = Date()
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Int(Double(total - done) / rate) : 0
        Terminal.write("\r\(label) \(done)/\(total)  \(Int(rate))/s  ETA \(left / 60):\(String(format: "%02d", left % 60))   ", to: .standardError)
        if done == total { Terminal.write("\n", to: .standardError) }
    }

    /// Seconds since the batch started.
    var elapsed: Double { Date().timeIntervalSince(started) }
}
