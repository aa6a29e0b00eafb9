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
        let shares = OrderedParallelMap<Int, Int, Void>.shares(for: 9)
        let (size, larger) = 9.quotientAndRemainder(dividingBy: shares)
        var expected: [Int] = []
        var start = 1
        for index in 0..<shares {
            let share = Array(start..<(start + size + (index < larger ? 1 : 0)))
            expected += [share.reduce(0, +), share.last!]
            start += share.count
        }
        XCTAssertEqual(outputs, expected)
    }

    func testABatchOfOneItemPerCoreGivesEachShareOne() {
        let workers = OrderedParallelMap<Int, Int, [Int]>.workers
        XCTAssertEqual(workers, ProcessInfo.processInfo.activeProcessorCount)
        var map = OrderedParallelMap<Int, Int, [Int]> { share in (share, share) }
        var batch = Array(0..<workers)
        var gathered: [[Int]] = []
        map.flush(&batch) { gathered = $0.gathered }
        XCTAssertEqual(gathered, (0..<workers).map { [$0] }, "the chunked scanner sends one chunk to each")
    }

    func testABatchIsDealtIntoSeveralSharesPerCoreSoThatAFreeCoreTakesTheNext() {
        typealias Map = OrderedParallelMap<Int, Int, [Int]>
        let cores = ProcessInfo.processInfo.activeProcessorCount
        XCTAssertEqual(Map.shares(for: 256), cores == 1 ? 1 : cores * Map.sharesPerCore)
        XCTAssertEqual(Map.shares(for: 1), 1, "no share is empty")
        var map = Map { share in (share, share) }
        var batch = Array(0..<256)
        var gathered: [[Int]] = []
        var outputs: [Int] = []
        map.flush(&batch) {
            gathered = $0.gathered; outputs = $0.outputs
        }
        XCTAssertEqual(gathered.count, Map.shares(for: 256))
        XCTAssertEqual(gathered.flatMap { $0 }, Array(0..<256), "each share takes the items after the one before's")
        XCTAssertEqual(outputs, Array(0..<256))
    }

    func testAnErrorInHandingOnStopsWhereItIsThrown() {
        struct Refused: Error {}
        var map = OrderedParallelMap<Int, Int, Void>(each: { $0 })
        var batch = [1, 2, 3]
        XCTAssertThrowsError(try map.flush(&batch) { _ in throw Refused() }) { XCTAssertTrue($0 is Refused) }
        XCTAssertFalse(map.isBusy)
    }
}
