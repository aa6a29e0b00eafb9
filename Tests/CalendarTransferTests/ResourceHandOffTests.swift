import CalendarTransfer
import Foundation
import XCTest

/// How `export` passes a store's resources from the thread receiving them to the one writing them:
/// in the store's order whatever the capacity, a receiver let go once the writing side stops, and
/// the writing side told whether the store failed before its last resource.
final class ResourceHandOffTests: XCTestCase {
    /// Puts `count` resources from a thread of its own; `finished` is signalled with what `put` said last.
    private final class Receiver: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        private(set) var lastAccepted = true

        func start(_ handOff: ResourceHandOff, count: Int, failing: Bool = false) {
            DispatchQueue.global().async {
                for number in 0..<count {
                    self.lastAccepted = handOff.put(("uid-\(number)", Array("resource \(number)".utf8)))
                    if !self.lastAccepted { break }
                }
                handOff.end(failed: failing)
                self.finished.signal()
            }
        }
    }

    func testResourcesComeOutInTheStoresOrderThroughASmallCapacity() {
        let handOff = ResourceHandOff(capacity: 3)
        let receiver = Receiver()
        receiver.start(handOff, count: 500)
        var taken: [String] = []
        var batch = handOff.takeWaiting()
        while !batch.isEmpty {
            XCTAssertLessThanOrEqual(batch.count, 3)
            taken += batch.map { "\($0.uid) \(String(decoding: $0.bytes, as: UTF8.self))" }
            batch = handOff.takeWaiting()
        }
        receiver.finished.wait()
        XCTAssertEqual(taken, (0..<500).map { "uid-\($0) resource \($0)" })
        XCTAssertFalse(handOff.receivingFailed)
    }

    func testAStoppedHandOffRefusesResourcesAndLetsAWaitingReceiverGo() {
        let handOff = ResourceHandOff(capacity: 2)
        let receiver = Receiver()
        // Two fit; the third waits for room until the writing side stops.
        receiver.start(handOff, count: 3)
        handOff.stop()
        receiver.finished.wait()
        XCTAssertFalse(receiver.lastAccepted)
        XCTAssertFalse(handOff.put(("late", [])))
        XCTAssertEqual(handOff.takeWaiting().map(\.uid), [])
    }

    func testTheWritingSideGetsWhatCameBeforeAFailureAndLearnsOfIt() {
        let handOff = ResourceHandOff(capacity: 10)
        let receiver = Receiver()
        receiver.start(handOff, count: 4, failing: true)
        receiver.finished.wait()
        XCTAssertEqual(handOff.takeWaiting().map(\.uid), ["uid-0", "uid-1", "uid-2", "uid-3"])
        XCTAssertEqual(handOff.takeWaiting().count, 0)
        XCTAssertTrue(handOff.receivingFailed)
    }
}
