import Foundation

/// The time a retry loop measures its budget by and waits on. The store's requests are synchronous,
/// so the wait blocks the calling thread; Swift's `Clock` only sleeps in async code. Tests pass a
/// clock that records each wait and moves its time on by it, so they assert the waits without
/// spending them.
package protocol RetryClock: Sendable {
    /// Seconds since a fixed point of this clock's choosing; only differences are used.
    var now: Double { get }
    /// Returns after `seconds`.
    func wait(seconds: Double)
}

/// The clock calbridge runs on: monotonic time (a changed system clock does not stretch the budget)
/// and a wait that blocks the thread.
package struct BlockingClock: RetryClock {
    package init() {}

    package var now: Double { ProcessInfo.processInfo.systemUptime }

    package func wait(seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }
}
