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
/// A server that answers 429 Too Many Requests sets the width from then on, additive increase and
/// multiplicative decrease as TCP does: each 429 halves it (the writes already in flight at a cut
/// cannot cut it again), no write starts until the server's `Retry-After` has passed, and a run of
/// writes that all succeed widens it by one, up to one below the narrowest width that drew a 429
/// (the server's limit, as far as this run has seen it) until a long run of successes there.
///
/// Each trial is timed from when its first `width` writes are done: a wider trial opens
/// connections, and a server may start a worker or a database connection for each (DAViCal does;
/// counted in, they made four at a time look no faster than one on a busy machine). Only writes
/// count: resources left alone because the store holds them already take no slot.
///
/// `@unchecked Sendable`: the import's workers share it, and every field that changes is touched
/// only under `condition` (the private helpers run with it held).
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
    /// After a 429: the pace, and writes that must end before another 429 counts (those in flight at
    /// the cut), successes since the width last moved, the narrowest width that drew a 429, and when
    /// the server's `Retry-After` lets writes start again.
    private var pace: WritePace?
    private var inFlightAtCut = 0
    private var successes = 0
    private var limit: Int?
    private var resumeAt = 0.0
    /// Since the first 429: when it came, and the writes that ended at each width.
    private var paceBegan = 0.0
    private var writesByWidth: [Int: Int] = [:]

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

    /// How the server's 429s paced the writes, or nil when it sent none.
    package var settledPace: WritePace? {
        condition.withLock {
            guard var pace else { return nil }
            // The width most writes went at: the server's limit is probed now and then, briefly.
            pace.writesAtOnce = writesByWidth.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? allowed
            let seconds = now() - paceBegan
            pace.writesPerSecond = seconds > 0 ? Double(writesByWidth.values.reduce(0, +)) / seconds : 0
            return pace
        }
    }

    /// Waits until one more write may start (and the server's `Retry-After` has passed).
    package func enter() {
        condition.lock()
        while inFlight >= allowed || now() < resumeAt {
            if now() < resumeAt {
                _ = condition.wait(until: Date(timeIntervalSinceNow: resumeAt - now()))
            } else {
                condition.wait()
            }
        }
        inFlight += 1
        condition.unlock()
    }

    /// The server answered 429 Too Many Requests, asking for `retryAfter` seconds of quiet: the
    /// width halves and the trials end.
    package func tooManyRequests(retryAfter: Double?) {
        condition.lock()
        defer { condition.unlock() }
        if pace == nil { (pace, paceBegan) = (WritePace(), now()) }
        pace?.tooManyRequests += 1
        if let retryAfter { resumeAt = max(resumeAt, now() + retryAfter) }
        guard inFlightAtCut == 0 else { return }
        limit = min(limit ?? allowed, allowed)
        trials = []
        allowed = max(1, (allowed + 1) / 2)
        (inFlightAtCut, successes) = (inFlight, 0)
    }

    /// A write has ended; during the trials it counts towards the one running, after a 429 towards
    /// widening again.
    package func leave() {
        condition.lock()
        inFlight -= 1
        if pace != nil {
            widen()
        } else if let trial = trials.first {
            finished += 1
            if finished == trial.width { began = now() }
            if finished >= trial.width + trial.writes { judge(trial.width) }
        }
        condition.broadcast()
        condition.unlock()
    }

    /// One more write ended since the last 429: `allowed` successes in a row widen by one up to
    /// below the server's limit, and sixteen times that many lift the limit to probe it again.
    private func widen() {
        writesByWidth[allowed, default: 0] += 1
        if inFlightAtCut > 0 {
            inFlightAtCut -= 1
            return
        }
        successes += 1
        let ceiling = (limit ?? threads + 1) - 1
        if allowed < min(ceiling, threads), successes >= allowed {
            allowed += 1
        } else if allowed >= ceiling, successes >= 16 * allowed, let known = limit, known <= threads {
            limit = known + 1
        } else {
            return
        }
        successes = 0
    }

    /// Ends the trial of `width` with its rate and sets the next width: four is kept when it was at
    /// least half as fast again as one, eight is tried when four scaled nearly linearly (three times
    /// one) and kept when it was a fifth faster than four.
    private func judge(_ width: Int) {
        let ended = now()
        rates[width] = Double(finished - width) / max(ended - (began ?? ended), 1e-6)
        trials.removeFirst()
        (finished, began) = (0, nil)
        let gain: Double? =
            switch width {
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

/// How an import's writes settled after the server answered 429 Too Many Requests.
package struct WritePace: Sendable, Equatable {
    /// The 429 answers received.
    package var tooManyRequests = 0
    /// The writes at once most writes went at after the first 429 (the limit is probed now and then).
    package var writesAtOnce = 0
    /// Writes a second since the first 429.
    package var writesPerSecond = 0.0

    /// `the server answered 429 5 times: settled at 2 writes at once, 40 a second`, as import's and
    /// mirror's summaries say it.
    package var summary: String {
        "the server answered 429 \(tooManyRequests) time\(tooManyRequests == 1 ? "" : "s"): "
            + "settled at \(writesAtOnce) write\(writesAtOnce == 1 ? "" : "s") at once, \(Int(writesPerSecond.rounded())) a second"
    }

    /// `{"too_many_requests": 5, "writes_at_once": 2, "writes_per_second": 40}`.
    package var json: String {
        "{\"too_many_requests\": \(tooManyRequests), \"writes_at_once\": \(writesAtOnce), "
            + "\"writes_per_second\": \(Int(writesPerSecond.rounded()))}"
    }
}
