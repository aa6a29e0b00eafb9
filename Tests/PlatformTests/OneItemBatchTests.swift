import Foundation
import Platform
import XCTest

/// A batch of one item is mapped on the caller's thread: waking a worker for it cost more than a
/// small input's whole reading, which a store's export does once per resource.
final class OneItemBatchTests: XCTestCase {
    func testABatchOfOneIsMappedOnTheCallersThread() {
        var map = OrderedParallelMap<Int, Bool, Void>(each: { _ in Thread.isMainThread })
        var onCaller: [Bool] = []
        var batch = [1]
        map.flush(&batch) { onCaller += $0.outputs }
        XCTAssertEqual(onCaller, [true])
    }

    func testALargerBatchStillGoesToTheWorkers() throws {
        try XCTSkipIf(ProcessInfo.processInfo.activeProcessorCount < 2, "one core: every batch is mapped here")
        var map = OrderedParallelMap<Int, Bool, Void>(each: { _ in Thread.isMainThread })
        var onCaller: [Bool] = []
        var batch = [1, 2]
        map.flush(&batch) { onCaller += $0.outputs }
        XCTAssertEqual(onCaller, [false, false])
    }
}
