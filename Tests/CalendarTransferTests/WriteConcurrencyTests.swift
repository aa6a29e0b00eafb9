import CalendarTransfer
import Foundation
import XCTest

/// How many writes an import keeps in flight when `--jobs` is not given: the trials keep eight for a
/// server that writes in parallel, four for one at its limit with four, and one for a server that
/// takes one write at a time, on a clock
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
    /// a server that writes in parallel, one second per write on one that serializes them, and
    /// `opening` seconds more for each connection it opens, beyond those of the widest round before
    /// (a server may start a worker or a database connection for each). Returns each round's width.
    private func widths(writes: Int, serialized: Bool, jobs: Int? = nil, opening: Double = 0) -> [Int] {
        widths(writes: writes, jobs: jobs, opening: opening) { width in serialized ? Double(width) : 1 }
    }

    /// The same with a round of `width` writes taking `round(width)` seconds.
    private func widths(writes: Int, jobs: Int? = nil, opening: Double = 0, round: (Int) -> Double) -> [Int] {
        let clock = TestClock()
        let concurrency = WriteConcurrency(jobs: jobs, clock: { clock.now })
        var done = 0
        var rounds: [Int] = []
        while done < writes {
            let width = min(concurrency.width, writes - done)
            (0..<width).forEach { _ in concurrency.enter() }
            clock.advance(round(width) + opening * Double(max(width - (rounds.max() ?? 0), 0)))
            (0..<width).forEach { _ in concurrency.leave() }
            done += width
            rounds.append(width)
        }
        return rounds
    }

    /// Each trial is its width's first round (untimed) and then the writes it is judged on.
    func testAServerThatWritesInParallelGetsEightAtOnce() {
        let rounds = widths(writes: 300, serialized: false)
        XCTAssertEqual(Array(rounds.prefix(9)), Array(repeating: 1, count: 9), "one at a time first")
        XCTAssertEqual(Array(rounds.dropFirst(9).prefix(9)), Array(repeating: 4, count: 9), "then four")
        XCTAssertEqual(Set(rounds.dropFirst(18).dropLast()), [8], "then eight for the rest")
    }

    /// A server whose cores are its limit: 2.5 writes a second however many come at once (DAViCal on
    /// two cores). Four at a time is 2.5 times one, so the import keeps four and never tries eight.
    func testAServerAtItsLimitWithFourKeepsFour() {
        let rounds = widths(writes: 300) { width in max(1, Double(width) / 2.5) }
        XCTAssertEqual(Array(rounds.prefix(18)), Array(repeating: 1, count: 9) + Array(repeating: 4, count: 9))
        XCTAssertEqual(Set(rounds.dropFirst(18).dropLast()), [4], "four for the rest, eight never tried")
    }

    func testAServerThatSerializesWritesGetsOneAtATime() {
        let rounds = widths(writes: 100, serialized: true)
        XCTAssertEqual(Array(rounds.prefix(18)), Array(repeating: 1, count: 9) + Array(repeating: 4, count: 9))
        XCTAssertEqual(Set(rounds.dropFirst(18)), [1], "four at a time was no faster, so one for the rest")
    }

    /// What opening a trial's connections costs (here a minute each) is not counted against it:
    /// counted in, four at a time would be judged 1.44 times as fast as one, under the 1.5 asked,
    /// and the import would stay at one write at a time.
    func testWhatOpeningConnectionsCostsDoesNotKeepAParallelServerAtOne() {
        let rounds = widths(writes: 300, serialized: false, opening: 60)
        XCTAssertEqual(Set(rounds.dropLast().suffix(20)), [8], "eight for the rest")
    }

    func testJobsGivenAreKeptWithoutTrials() {
        XCTAssertEqual(Set(widths(writes: 60, serialized: true, jobs: 3).dropLast()), [3])
    }
}
