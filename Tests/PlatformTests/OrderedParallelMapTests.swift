import Platform
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
        map.flush(&batch) {
            outputs = $0.outputs; gathered = $0.gathered
        }
        XCTAssertEqual(outputs, (1...257).map { -$0 })
        XCTAssertEqual(gathered.flatMap { $0 }, Array(1...257), "each worker takes the items after the one before's")
        XCTAssertLessThanOrEqual(gathered.map(\.count).max()! - gathered.map(\.count).min()!, 1, "the shares are even")
    }

    func testAWorkerMayJoinItemsAndTheBatchKeepsItsOutputsInOrder() {
        // Each worker hands back its share's sum and its last item: fewer outputs than items.
        var map = OrderedParallelMap<Int, Int, Void> { share in ([share.reduce(0, +), share.last!], ()) }
        var batch = Array(1...9)
        var outputs: [Int] = []
        map.flush(&batch) { outputs = $0.outputs }
        let workers = min(OrderedParallelMap<Int, Int, Void>.workers, 9)
        let (size, larger) = 9.quotientAndRemainder(dividingBy: workers)
        var expected: [Int] = []
        var start = 1
        for worker in 0..<workers {
            let share = Array(start..<(start + size + (worker < larger ? 1 : 0)))
            expected += [share.reduce(0, +), share.last!]
            start += share.count
        }
        XCTAssertEqual(outputs, expected)
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
