import ParallelWork
import XCTest

/// The one map the readers and `expand` share: outputs in item order, whatever worker made them,
/// and each batch handed on only after the one before it.
final class OrderedParallelMapTests: XCTestCase {
    func testOutputsComeBackInItemOrderAndEachBatchFollowsTheOneBefore() {
        var map = OrderedParallelMap<Int, Int, Void>(each: { $0 * 10 })
        var handed: [[Int]] = []
        var batch = Array(0..<1000)
        map.submit(&batch) { handed.append($0.outputs) }
        XCTAssertEqual(handed, [], "the first batch is still in flight")
        XCTAssertTrue(batch.isEmpty, "the batch is taken to be mapped")
        batch = [1000, 1001]
        map.submit(&batch) { handed.append($0.outputs) }
        batch = [1002]
        map.flush(&batch) { handed.append($0.outputs) }
        XCTAssertEqual(handed, [Array(0..<1000).map { $0 * 10 }, [10_000, 10_010], [10_020]])
        XCTAssertFalse(map.isBusy)
    }

    func testEachWorkerGathersOverItsShareAndTheSharesCoverTheBatch() {
        var map = OrderedParallelMap<Int, Int, [Int]> { share in (share.map { -$0 }, share) }
        var batch = Array(1...257)
        var outputs: [Int] = []
        var gathered: [[Int]] = []
        map.flush(&batch) { outputs = $0.outputs; gathered = $0.gathered }
        XCTAssertEqual(outputs, (1...257).map { -$0 })
        XCTAssertEqual(gathered.flatMap { $0 }.sorted(), Array(1...257))
        XCTAssertTrue(gathered.allSatisfy { $0 == $0.sorted() }, "a worker takes every n-th item, in order")
    }

    func testABatchOfOneItemPerWorkerGivesEachWorkerOne() {
        let workers = OrderedParallelMap<Int, Int, [Int]>.workers
        XCTAssertEqual(workers, ProcessInfo.processInfo.activeProcessorCount)
        var map = OrderedParallelMap<Int, Int, [Int]> { share in (share, share) }
        var batch = Array(0..<workers)
        var gathered: [[Int]] = []
        map.flush(&batch) { gathered = $0.gathered }
        XCTAssertEqual(gathered, (0..<workers).map { [$0] }, "the chunked scanner sends one chunk to each")
    }

    func testAnErrorInHandingOnStopsWhereItIsThrown() {
        struct Refused: Error {}
        var map = OrderedParallelMap<Int, Int, Void>(each: { $0 })
        var batch = [1, 2, 3]
        XCTAssertThrowsError(try map.flush(&batch) { _ in throw Refused() }) { XCTAssertTrue($0 is Refused) }
        XCTAssertFalse(map.isBusy)
    }
}
