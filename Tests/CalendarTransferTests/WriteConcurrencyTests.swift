import CalendarTransfer
import Foundation
import XCTest

/// How many writes an import keeps in flight when `--jobs` is not given: the trials keep eight for a
/// server that writes in parallel and one for a server that takes one write at a time, on a clock
/// the test moves (a write there takes one second, however many run at once or one after another).
final class WriteConcurrencyTests: XCTestCase {
    /// A clock that moves only when the test says.
    private final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 0.0
        var now: Double { lock.withLock { seconds } }
        func advance(_ by: Double) { lock.withLock { seconds += by } }
    }

    /// Runs `writes` writes in rounds of as many as are allowed at once; a round takes one second on
    /// a server that writes in parallel, one second per write on one that serializes them. Returns
    /// the width of each round.
    private func widths(writes: Int, serialized: Bool, jobs: Int? = nil) -> [Int] {
        let clock = TestClock()
        let concurrency = WriteConcurrency(jobs: jobs, clock: { clock.now })
        var done = 0
        var rounds: [Int] = []
        while done < writes {
            let width = min(concurrency.width, writes - done)
            (0..<width).forEach { _ in concurrency.enter() }
            clock.advance(serialized ? Double(width) : 1)
            (0..<width).forEach { _ in concurrency.leave() }
            done += width
            rounds.append(width)
        }
        return rounds
    }

    func testAServerThatWritesInParallelGetsEightAtOnce() {
        let rounds = widths(writes: 300, serialized: false)
        XCTAssertEqual(Array(rounds.prefix(8)), Array(repeating: 1, count: 8), "one at a time first")
        XCTAssertEqual(Array(rounds.dropFirst(8).prefix(8)), Array(repeating: 4, count: 8), "then four")
        XCTAssertEqual(Set(rounds.dropFirst(16).dropLast()), [8], "then eight for the rest")
    }

    func testAServerThatSerializesWritesGetsOneAtATime() {
        let rounds = widths(writes: 100, serialized: true)
        XCTAssertEqual(Array(rounds.prefix(16)), Array(repeating: 1, count: 8) + Array(repeating: 4, count: 8))
        XCTAssertEqual(Set(rounds.dropFirst(16)), [1], "four at a time was no faster, so one for the rest")
    }

    func testJobsGivenAreKeptWithoutTrials() {
        XCTAssertEqual(Set(widths(writes: 60, serialized: true, jobs: 3).dropLast()), [3])
    }
}
