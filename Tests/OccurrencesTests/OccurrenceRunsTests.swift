@testable import Occurrences
import XCTest

/// `expand` holds its formatted occurrences in bounded memory: sorted chunks past a budget go to a
/// scratch file as sorted runs, and the runs are merged into the output by start, then UID, then
/// place in the file, whatever runs the occurrences landed in.
final class OccurrenceRunsTests: XCTestCase {
    /// A worker's chunk: an occurrence per (second, uid, series), formatted as one line saying so.
    private func chunk(_ keys: [(second: Int, uid: String, series: Int)], seriesHash: (Int) -> Int = { $0 }) -> OccurrenceChunk {
        var chunk = OccurrenceChunk()
        for key in keys {
            chunk.append(second: key.second, uid: key.uid, series: key.series, position: 0, seriesHash: seriesHash(key.series)) {
                $0 += Array("\(key.second) \(key.uid) \(key.series)\n".utf8)
            }
        }
        chunk.sort()
        return chunk
    }

    private func output(_ runs: inout OccurrenceRuns) throws -> [String] {
        var bytes: [UInt8] = []
        try runs.write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testRunsSpilledPastTheBudgetAreMergedByStartThenUIDThenSeries() throws {
        var generator = SystemRandomNumberGenerator()
        var runs = OccurrenceRuns(memoryBudget: 2_000)
        var expected: [(second: Int, uid: String, series: Int)] = []
        // Enough chunks over a small budget to spill more than twice the runs one merge reads at
        // once: the second merge on the way takes only the runs added since the first.
        for series in 0..<900 {
            let keys = (0..<12).map { _ in
                (
                    second: Int.random(in: 0..<50, using: &generator), uid: ["b", "a", "ä", "B"].randomElement()!,
                    series: series
                )
            }
            expected += keys
            try runs.add(chunk(keys))
        }
        XCTAssertGreaterThan(runs.spilledRuns, 2 * 128, "the chunks went to the scratch file, and the runs were merged twice on the way")
        let order = expected.sorted { ($0.second, $0.uid, $0.series) < ($1.second, $1.uid, $1.series) }
        XCTAssertEqual(try output(&runs), order.map { "\($0.second) \($0.uid) \($0.series)" })
    }

    func testTheEarlyOccurrencesOfASeriesExpandedAgainAreLeftOutOfSpilledRunsAndChunks() throws {
        var runs = OccurrenceRuns(memoryBudget: 50)
        try runs.add(chunk([(5, "master", 0), (9, "other", 1)]))
        try runs.add(chunk([(7, "master", 2)], seriesHash: { _ in 0 }))
        runs.memoryBudget = 1 << 20
        try runs.add(chunk([(3, "master", 3)], seriesHash: { _ in 0 }))
        XCTAssertEqual(runs.spilledRuns, 2)
        // Series hash 0 (the UID "master") was met again: its early occurrences, spilled or not, go.
        runs.dropEarly([0])
        try runs.add(chunk([(6, "master", 0), (8, "master", 0)], seriesHash: { _ in 0 }))
        XCTAssertEqual(try output(&runs), ["6 master 0", "8 master 0", "9 other 1"])
    }

    func testAWorkerSpillingOccurrencesInOrderWritesOneRunUntilOneComesEarlier() throws {
        // A long series passes a worker's budget at every few occurrences: the merge must then read
        // one run of it, not one per spill, each holding an occurrence (and its UID) in memory.
        var worker = OccurrenceChunk()
        for (second, uid) in [(1, "b"), (2, "a"), (2, "b"), (3, "a"), (0, "c"), (4, "c")] {
            worker.append(second: second, uid: uid, series: 0, position: 0, seriesHash: 0) { $0 += Array("\(second) \(uid)\n".utf8) }
            worker.spill()
        }
        XCTAssertEqual(worker.spilled.count, 2, "the run is lengthened until 0 c, which precedes 3 a")
        var runs = OccurrenceRuns(memoryBudget: 1 << 20)
        try runs.add(worker)
        XCTAssertEqual(try output(&runs), ["0 c", "1 b", "2 a", "2 b", "3 a", "4 c"])
    }

    func testAWorkersChunkKeptAcrossBatchesHandsOverItsRunsAndKeepsTheRestForTheEnd() throws {
        // A worker's chunk lives from batch to batch: between them the caller takes the runs it
        // wrote, and at the end the occurrences it still holds; nothing is lost or given twice.
        var worker = OccurrenceChunk()
        var runs = OccurrenceRuns(memoryBudget: 1 << 20)
        let batches: [[(Int, String)]] = [[(5, "e"), (1, "a")], [(3, "c")], [(4, "d"), (0, "z")], [(2, "b")]]
        for (number, batch) in batches.enumerated() {
            for (second, uid) in batch {
                worker.append(second: second, uid: uid, series: number, position: 0, seriesHash: number) {
                    $0 += Array("\(second) \(uid)\n".utf8)
                }
            }
            if number < 2 { worker.spill() }
            try runs.add(worker.handOverRuns())
            XCTAssertTrue(worker.spilled.isEmpty, "batch \(number): the runs went to the caller")
        }
        XCTAssertEqual(runs.spilledRuns, 2)
        worker.sort()
        try runs.add(worker)
        XCTAssertEqual(try output(&runs), ["0 z", "1 a", "2 b", "3 c", "4 d", "5 e"])
    }

    func testUIDsThatTieOnTheirFirstBytesOrOnlyAsStringsOrderAsStringsDo() throws {
        // At one second: UIDs that share their first eight bytes, non-ASCII ones, and two spellings of
        // one UID (é precomposed, and e with a combining acute) that Strings hold equal, so that the
        // series decides between them, in memory and in runs spilled to a scratch file alike.
        let keys: [(second: Int, uid: String, series: Int)] = [
            (1, "event-10@example.org", 0), (1, "e\u{301}vent", 1), (1, "event-1@example.org", 2), (1, "\u{E9}vent", 3),
            (1, "event-1", 4), (1, "Zulu", 5), (1, "\u{E4}", 6), (0, "\u{E9}vent", 7),
        ]
        let order = keys.sorted { ($0.second, $0.uid, $0.series) < ($1.second, $1.uid, $1.series) }
        XCTAssertEqual(order.map(\.series), [7, 5, 4, 0, 2, 6, 1, 3], "the two spellings of é stay in series order")
        for budget in [50, 1 << 20] {
            var runs = OccurrenceRuns(memoryBudget: budget)
            try runs.add(chunk(Array(keys[..<4])))
            try runs.add(chunk(Array(keys[4...])))
            XCTAssertEqual(try output(&runs), order.map { "\($0.second) \($0.uid) \($0.series)" }, "budget \(budget)")
        }
    }

    func testASmallCalendarStaysInMemory() throws {
        var runs = OccurrenceRuns(memoryBudget: 1 << 20)
        try runs.add(chunk([(2, "b", 1), (1, "a", 0)]))
        try runs.add(chunk([(1, "a", 2)]))
        XCTAssertEqual(try output(&runs), ["1 a 0", "1 a 2", "2 b 1"])
        XCTAssertEqual(runs.spilledRuns, 0)
    }
}
