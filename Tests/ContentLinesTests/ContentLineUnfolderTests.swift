import ContentLines
import XCTest

/// Unfolding whole files: folds in both dialects, quoted-printable soft breaks only in vCard.
final class ContentLineUnfolderTests: XCTestCase {
    private func lines(_ text: String, _ dialect: ContentLineDialect) -> [String] {
        var unfolder = ContentLineUnfolder(Array(text.utf8), dialect: dialect)
        var out: [String] = []
        while let line = unfolder.next() { out.append("\(line.line):" + String(decoding: line.bytes, as: UTF8.self)) }
        return out
    }

    func testFoldsJoinInBothDialectsWithTheirLineNumbers() {
        let text = "UID:abc\r\n def\r\n\tghi\r\nSUMMARY:x\r\n"
        XCTAssertEqual(lines(text, .iCalendar), ["1:UID:abcdefghi", "4:SUMMARY:x"])
        XCTAssertEqual(lines(text, .vCard), ["1:UID:abcdefghi", "4:SUMMARY:x"])
    }

    func testQuotedPrintableSoftBreaksJoinOnlyInVCard() {
        let text = "NOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb\r\nEND:VCARD\r\n"
        XCTAssertEqual(lines(text, .vCard), ["1:NOTE;ENCODING=QUOTED-PRINTABLE:ab", "3:END:VCARD"])
        XCTAssertEqual(lines(text, .iCalendar), ["1:NOTE;ENCODING=QUOTED-PRINTABLE:a=", "2:b", "3:END:VCARD"])
    }

    /// Only an ENCODING parameter (or vCard 2.1's bare word) makes a value quoted-printable: the words
    /// as another parameter's value, as a fuzzer wrote `ENGCNOID=QUOTED-PRINTABLE`, do not.
    func testOnlyAnEncodingParameterMakesASoftBreak() {
        let said = [
            "NOTE;ENCODING=QUOTED-PRINTABLE", "NOTE;CHARSET=UTF-8;encoding=quoted-printable", "NOTE;QUOTED-PRINTABLE",
            "NOTE;ENCODING=\"QUOTED-PRINTABLE\"",
        ]
        let unsaid = [
            "NOTE;ENGCNOID=QUOTED-PRINTABLE", "NOTE;X-A=\"x;ENCODING=QUOTED-PRINTABLE\"", "QUOTED-PRINTABLE", "NOTE;ENCODING=BASE64",
            "NOTE;ENCODING=QUOTED-PRINTABLEX",
        ]
        XCTAssertEqual(said.filter { QuotedPrintable.isSaid(by: Array($0.utf8)[...]) }, said)
        XCTAssertEqual(unsaid.filter { QuotedPrintable.isSaid(by: Array($0.utf8)[...]) }, [])
        let text = "NOTE;ENGCNOID=QUOTED-PRINTABLE:a=\r\nb\r\n"
        XCTAssertEqual(lines(text, .vCard), ["1:NOTE;ENGCNOID=QUOTED-PRINTABLE:a=", "2:b"])
    }

    func testLoneCarriageReturnsEndLines() {
        XCTAssertEqual(lines("A:1\rB:2\r", .vCard), ["1:A:1", "2:B:2"])
    }

    func testAContinuationLinePointsAtItsOwnLineAndColumn() throws {
        var unfolder = ContentLineUnfolder(Array("UID:abc\r\n def\r\n".utf8), dialect: .iCalendar)
        let line = try XCTUnwrap(unfolder.next())
        let place = line.location(ofOffset: 8)
        XCTAssertEqual([place.line, place.column], [2, 3])
    }
}
