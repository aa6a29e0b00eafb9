import CalendarModel
import ContactCards
import XCTest

/// How lines become properties: line ends, folding, quoted-printable, charsets, parameters,
/// escapes and case.
final class LineSyntaxTests: XCTestCase {
    private let card = "BEGIN:VCARD\nVERSION:3.0\nFN:Maja Lindqvist\nBDAY:1988-02-29\nEND:VCARD\n"

    private func read(_ bytes: [UInt8]) -> VCardReadResult {
        VCardReader().read(bytes, file: "bytes.vcf")
    }

    func testLFAndCRLFFilesReadTheSame() {
        let lf = read(Array(card.utf8))
        XCTAssertEqual(lf, CardFiles.read(text: card, file: "bytes.vcf"))
        XCTAssertEqual(lf.cards.first?.days, [Day(.birthday, 1988, 2, 29)])
    }

    func testManyCardsInOneFile() {
        let result = CardFiles.read(text: card + card.replacingOccurrences(of: "Maja", with: "Elin") + card)
        XCTAssertEqual(result.cards.map(\.displayName), ["Maja Lindqvist", "Elin Lindqvist", "Maja Lindqvist"])
        XCTAssertEqual(result.cards.map { $0.location?.line }, [1, 6, 11])
    }

    func testFoldedLinesWithSpaceOrTabAreJoined() throws {
        let folded = try CardFiles.card(
            "BEGIN:VCARD\nVERSION:3.0\nFN:Maja Lind\n qvist\nN:Lindqvist;\n\tMaja;;;\nBD\n AY:1988-0\n 2-29\nEND:VCARD\n")
        XCTAssertEqual(folded.displayName, "Maja Lindqvist")
        XCTAssertEqual(folded.days, [Day(.birthday, 1988, 2, 29)])
        XCTAssertEqual(folded.dates.first?.location, SourceLocation(line: 7, column: 1))
    }

    func testQuotedPrintableSoftLineBreaksAreJoined() throws {
        let card = try CardFiles.card(
            """
            BEGIN:VCARD
            VERSION:2.1
            FN;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen=20=
            M=C3=BC=
            ller
            BDAY:19850412
            END:VCARD

            """)
        XCTAssertEqual(card.displayName, "Jürgen Müller")
        XCTAssertEqual(card.dates.first?.location, SourceLocation(line: 6, column: 1))
    }

    func testBareQuotedPrintableAndCharsetWindows1252() {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=windows-1252;QUOTED-PRINTABLE:Fran=E7oise =80=\r\n".utf8)
        bytes += Array("5\r\nEND:VCARD\r\n".utf8)
        XCTAssertEqual(read(bytes).cards.first?.displayName, "Françoise €5")
    }

    func testCharsetISO88591RawBytes() {
        let bytes =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-8859-1:".utf8) + [0xC5, 0x73, 0x61, 0x20, 0x53, 0x74, 0xE5, 0x68, 0x6C]
            + Array("\r\nEND:VCARD\r\n".utf8)
        XCTAssertEqual(read(bytes).cards.first?.displayName, "Åsa Ståhl")
    }

    func testBytesThatAreNotUTF8WithoutCharsetAreReadAsWindows1252() {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:M".utf8) + [0xFC] + Array("ller\r\nEND:VCARD\r\n".utf8)
        XCTAssertEqual(read(bytes).cards.first?.displayName, "Müller")
    }

    func testCharsetUTF8QuotedPrintable() {
        let result = CardFiles.read(text: "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Bj=C3=B6rn\nEND:VCARD\n")
        XCTAssertEqual(result.cards.first?.displayName, "Björn")
    }

    func testBareTypeParametersOfVCard21() throws {
        let card = try CardFiles.card(
            "BEGIN:VCARD\nVERSION:2.1\nTEL;HOME;VOICE:+49 30 7654321\nEMAIL;PREF;INTERNET:jm@example.org\nBDAY:19850412\nEND:VCARD\n")
        XCTAssertEqual(card.displayName, "jm@example.org")
        XCTAssertEqual(card.days, [Day(.birthday, 1985, 4, 12)])
    }

    func testPropertyAndParameterNamesIgnoreCase() throws {
        let card = try CardFiles.card(
            "begin:vcard\nversion:3.0\nfn:Maja\nBday;value=date:1988-02-29\nx-anniversary:2014-06-21\nUid:abc-1\nEnd:VCard\n")
        XCTAssertEqual(card.displayName, "Maja")
        XCTAssertEqual(card.uid, "abc-1")
        XCTAssertEqual(card.days, [Day(.birthday, 1988, 2, 29), Day(.anniversary, 2014, 6, 21)])
    }

    func testQuotedParameterValueMayHoldColonAndSemicolon() throws {
        let card = try CardFiles.card("BEGIN:VCARD\nVERSION:4.0\nFN;ALTID=\"a;b:c\":Maja\nEND:VCARD\n")
        XCTAssertEqual(card.displayName, "Maja")
    }

    func testNewlineEscapeInName() throws {
        XCTAssertEqual(try CardFiles.card("BEGIN:VCARD\nFN:Maja\\nLindqvist\nEND:VCARD\n").displayName, "Maja\nLindqvist")
    }

    func testUTF8ByteOrderMarkIsSkipped() {
        let result = read([0xEF, 0xBB, 0xBF] + Array(card.utf8))
        XCTAssertEqual(result.cards.map(\.displayName), ["Maja Lindqvist"])
        XCTAssertEqual(result.problems, [])
    }

    func testUTF16FilesAreRead() {
        let units = Array(card.utf16)
        let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            let result = read(bytes)
            XCTAssertEqual(result.cards.first?.days, [Day(.birthday, 1988, 2, 29)])
            XCTAssertEqual(result.problems, [])
        }
    }

    func testUIDKeepsItsURNForm() throws {
        let card = try CardFiles.card("BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\nEND:VCARD\n")
        XCTAssertEqual(card.uid, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    }
}
