import ContentLines
import XCTest

/// The one located line that every reader fills as it unfolds: its bytes point back at the physical
/// line and column they came from, whether a fold kept its space or lost it, and a line refilled
/// for the next content line forgets the folds of the one before.
final class UnfoldedLineTests: XCTestCase {
    private func place(_ line: UnfoldedLine, _ offset: Int) -> [Int] {
        let location = line.location(ofOffset: offset)
        return [location.line, location.column]
    }

    func testAFoldThatKeptItsSpaceAndOneThatLostItPointAtTheirOwnColumns() {
        var line = UnfoldedLine()
        line.start(Array("DESCRIPTION:ab".utf8)[...], at: 7)
        line.append(Array(" cd".utf8)[...], at: 8, indented: true)
        line.append(Array("ef".utf8)[...], at: 9, indented: false)
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "DESCRIPTION:abcdef")
        XCTAssertEqual(place(line, 12), [7, 13])
        // `c` stood after the fold's space, in column 2 of line 8; `e` began line 9.
        XCTAssertEqual(place(line, 14), [8, 2])
        XCTAssertEqual(place(line, 16), [9, 1])
    }

    func testStartingAfreshForgetsTheFoldsOfTheLineBefore() {
        var line = UnfoldedLine()
        line.start(Array("UID:a".utf8)[...], at: 1)
        line.append(Array(" b".utf8)[...], at: 2, indented: true)
        line.start(Array("SUMMARY:x".utf8)[...], at: 3)
        XCTAssertEqual(String(decoding: line.bytes, as: UTF8.self), "SUMMARY:x")
        XCTAssertTrue(line.continuations.isEmpty)
        XCTAssertEqual(place(line, 8), [3, 9])
    }
}
