import CalendarTransfer
import Foundation
import XCTest

/// How the writes an import keeps in flight follow a server that answers 429 Too Many Requests above
/// a limit: halved at each 429, widened by one after a run of successes, never again up to a width
/// that drew a 429 until a long run of successes below it, on a clock the test moves.
final class WriteConcurrencyPaceTests: XCTestCase {
    private final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 0.0
        var now: Double { lock.withLock { seconds } }
        func advance(_ by: Double) { lock.withLock { seconds += by } }
    }

    /// Rounds of as many writes as are allowed, each a second long, against a server that answers
    /// one 429 to a round wider than `limit`; returns each round's width and the pace at the end.
    private func rounds(writes: Int, limit: Int, jobs: Int? = nil) -> (widths: [Int], pace: WritePace?) {
        let clock = TestClock()
        let concurrency = WriteConcurrency(jobs: jobs, clock: { clock.now })
        var (done, widths) = (0, [Int]())
        while done < writes {
            let width = min(concurrency.width, writes - done)
            (0..<width).forEach { _ in concurrency.enter() }
            if width > limit { concurrency.tooManyRequests(retryAfter: nil) }
            clock.advance(1)
            (0..<width).forEach { _ in concurrency.leave() }
            done += width
            widths.append(width)
        }
        return (widths, concurrency.settledPace)
    }

    func testAServerThatTakesTwoAtOnceSettlesAtTwo() throws {
        let (widths, pace) = rounds(writes: 300, limit: 2)
        // The trials: nine rounds of one, then four, which draws a 429 and halves to two; three,
        // tried after two successes, draws one too and is then tried only after 32 writes at two.
        XCTAssertEqual(Array(widths.prefix(13)), Array(repeating: 1, count: 9) + [4, 2, 3, 2])
        let afterTrials = widths.dropFirst(10).dropLast()
        XCTAssertEqual(Set(afterTrials), [2, 3])
        let probes = afterTrials.filter { $0 == 3 }.count
        XCTAssertLessThanOrEqual(probes, 1 + afterTrials.count * 2 / 32, "three is probed once per 32 writes at most")
        let settled = try XCTUnwrap(pace)
        XCTAssertEqual(settled.tooManyRequests, 1 + probes)
        XCTAssertEqual(settled.writesAtOnce, 2)
        // Rounds of a second: two writes a second, a little more for the probes of three.
        XCTAssertEqual(settled.writesPerSecond, 2, accuracy: 0.2)
    }

    func testJobsAboveTheServersLimitAreHalvedAndGrowBackBelowIt() throws {
        let (widths, pace) = rounds(writes: 150, limit: 5, jobs: 8)
        XCTAssertEqual(
            Array(widths.prefix(8)), [8, 4, 5, 6, 3, 4, 5, 5],
            "halved at each 429, one wider after as many successes as the width, never six again soon")
        XCTAssertEqual(try XCTUnwrap(pace).writesAtOnce, 5)
    }

    func testAServerThatNeverAnswers429HasNoPace() {
        XCTAssertNil(rounds(writes: 50, limit: 8).pace)
    }
}
