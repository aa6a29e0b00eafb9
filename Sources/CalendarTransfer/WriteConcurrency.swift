import Foundation

/// How many writes an import has in flight at once. A number the user gave (`--jobs N`) is kept.
/// Without one it is found from what the server takes: the first writes go one at a time, the next
/// four at a time and, when those went nearly four times as fast, the next eight at a time; the
/// fastest is kept for the rest. A server that serializes writes (one lock over its storage, or 423
/// Locked to a second writer) gains nothing from more and so keeps one. One that writes in parallel
/// but is already near its limit at four (DAViCal on two cores: its CPU, about 20 ms a PUT, is busy
/// at four) keeps four, since eight only adds processes contending for the same cores (eight at a
/// time were 5-16% slower than four there, in four sweeps). One whose writes wait on something
/// other than its cores, the network's round trips above all, scales nearly linearly and gets eight.
///
/// Each trial is timed from when its first `width` writes are done: a wider trial opens
/// connections, and a server may start a worker or a database connection for each (DAViCal does;
/// counted in, they made four at a time look no faster than one on a busy machine). Only writes
/// count: resources left alone because the store holds them already take no slot.
package final class WriteConcurrency: @unchecked Sendable {
    /// The threads an import needs: the most writes this may ever allow at once.
    package let threads: Int
    private let condition = NSCondition()
    private var allowed: Int
    private var inFlight = 0
    /// The trials still to run, each a width and how many writes it is judged on.
    private var trials: [(width: Int, writes: Int)]
    /// The trial being run: writes finished in it and when its timing began.
    private var finished = 0
    private var began: Double?
    private var rates: [Int: Double] = [:]
    /// Seconds on a clock that only goes forward.
    private let now: @Sendable () -> Double

    /// `jobs` at once throughout, or found by trials when nil, timed by `clock`.
    package init(jobs: Int?, clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        now = clock
        if let jobs {
            (threads, allowed, trials) = (jobs, jobs, [])
        } else {
            (threads, allowed, trials) = (8, 1, [(1, 8), (4, 32), (8, 64)])
        }
    }

    /// The writes allowed at once now (after the trials, the number kept).
    package var width: Int {
        condition.withLock { allowed }
    }

    /// Waits until one more write may start.
    package func enter() {
        condition.lock()
        while inFlight >= allowed { condition.wait() }
        inFlight += 1
        condition.unlock()
    }

    /// A write has ended; during the trials it counts towards the one running.
    package func leave() {
        condition.lock()
        inFlight -= 1
        if let trial = trials.first {
            finished += 1
            if finished == trial.width { began = now() }
            if finished >= trial.width + trial.writes { judge(trial.width) }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the trial of `width` with its rate and sets the next width: four is kept when it was at
    /// least half as fast again as one, eight is tried when four scaled nearly linearly (three times
    /// one) and kept when it was a fifth faster than four.
    private func judge(_ width: Int) {
        let ended = now()
        rates[width] = Double(finished - width) / max(ended - (began ?? ended), 1e-6)
        trials.removeFirst()
        (finished, began) = (0, nil)
        let gain: Double? = switch width {
        case 4: (rates[4] ?? 0) / max(rates[1] ?? 0, 1e-9)
        case 8: (rates[8] ?? 0) / max(rates[4] ?? 0, 1e-9)
        default: nil
        }
        if width == 4, let gain, gain < 1.5 {
            (allowed, trials) = (1, [])
        } else if width == 4, let gain, gain < 3 {
            (allowed, trials) = (4, [])
        } else if width == 8, let gain, gain < 1.2 {
            (allowed, trials) = (4, [])
        } else {
            allowed = trials.first?.width ?? width
        }
    }
}
