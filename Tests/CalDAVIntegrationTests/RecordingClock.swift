import CalendarStores
import Foundation

/// A retry clock that does not wait: it records each wait asked of it and moves its time on by it,
/// so a test reads the waits a retry loop chose and the loop's budget runs as if they were spent.
final class RecordingClock: RetryClock, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []
    private var time: Double = 0

    /// The waits asked for, in order.
    var waits: [Double] { lock.withLock { recorded } }

    var now: Double { lock.withLock { time } }

    func wait(seconds: Double) {
        lock.withLock {
            recorded.append(seconds)
            time += seconds
        }
    }
}
