import JSONReading
import XCTest

/// What the one JSON reader of timetables and jCal accepts and refuses, and where it says the text
/// went wrong.
final class JSONReaderTests: XCTestCase {
    private func value(_ text: String) throws -> JSONValue {
        try JSONReader.value(of: Array(text.utf8))
    }

    private func refusal(_ bytes: [UInt8], at origin: JSONPosition = .start) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.value(of: bytes, at: origin)
            return nil
        } catch {
            return error
        }
    }

    private func refusal(_ text: String) -> JSONSyntaxError? {
        refusal(Array(text.utf8))
    }

    func testMembersKeepTheirOrderAndNumbersTheirLiteral() throws {
        XCTAssertEqual(
            try value(#"{"b": 1.500000, "a": [true, null, "x"]}"#),
            .object([
                JSONMember(key: "b", value: .number("1.500000")),
                JSONMember(key: "a", value: .array([.bool(true), .null, .string("x")])),
            ]))
    }

    func testDuplicateKeyIsRefusedAtItsSecondOccurrence() {
        XCTAssertEqual(
            refusal("{\"tzid\": \"a\",\n  \"tzid\": \"b\"}"),
            JSONSyntaxError(at: JSONPosition(line: 2, column: 3), #"the key "tzid" appears twice in this object"#))
    }

    func testLoneSurrogatesAreRefusedAndPairsRead() throws {
        XCTAssertEqual(try value(#""\ud83d\ude00""#), .string("😀"))
        let message = "\\u escape of a lone surrogate (half of a UTF-16 pair without the other half)"
        XCTAssertEqual(refusal(#"["ab\ud83d"]"#), JSONSyntaxError(at: JSONPosition(line: 1, column: 5), message))
        XCTAssertEqual(refusal(#"["\ude00"]"#), JSONSyntaxError(at: JSONPosition(line: 1, column: 3), message))
        XCTAssertEqual(refusal(#"["\ud83d\u0041"]"#), JSONSyntaxError(at: JSONPosition(line: 1, column: 3), message))
    }

    func testNumbersFollowRFC8259() throws {
        XCTAssertEqual(try value("[-0, 12, 1.5e+3, 2E-2]"), .array([.number("-0"), .number("12"), .number("1.5e+3"), .number("2E-2")]))
        XCTAssertEqual(refusal("[+1]")?.position, JSONPosition(line: 1, column: 2))
        XCTAssertEqual(refusal("[+1]")?.message, "expected a value (object, array, string, number, true, false or null)")
        for refused in ["[.5]", "[1.]", "[01]", "[1e]", "[-]"] {
            XCTAssertNotNil(refusal(refused), refused)
        }
    }

    func testNestingStopsAtSixtyFourLevels() throws {
        XCTAssertNoThrow(try value(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
        XCTAssertEqual(
            refusal(String(repeating: "[", count: 100_000)),
            JSONSyntaxError(at: JSONPosition(line: 1, column: 65), "nested more than 64 levels deep"))
    }

    func testByteOrderMarkIsSkippedAtTheStartOfATextAndIsNoColumn() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(try JSONReader.value(of: bom + Array(#"{"a": "b"}"#.utf8)), .object([JSONMember(key: "a", value: .string("b"))]))
        XCTAssertEqual(refusal(bom + Array("[1 2]".utf8))?.position, JSONPosition(line: 1, column: 4))
        XCTAssertNotNil(
            refusal(bom + Array("[1]".utf8), at: JSONPosition(line: 3, column: 7)),
            "a byte order mark inside a larger text is no white space")
    }

    func testPositionsCountCharactersAndStartAtTheOrigin() {
        XCTAssertEqual(refusal(#"["Grüße" x]"#)?.position, JSONPosition(line: 1, column: 10))
        XCTAssertEqual(refusal(Array("[1,\n x]".utf8), at: JSONPosition(line: 5, column: 9))?.position, JSONPosition(line: 6, column: 2))
        XCTAssertEqual(refusal(Array("[1, x]".utf8), at: JSONPosition(line: 5, column: 9))?.position, JSONPosition(line: 5, column: 13))
    }

    func testPositionsAfterLongTextsCountEveryCharacterAndLine() {
        // Longer than the 31 words counted at a time, with characters of one to four bytes, as jCal
        // written on one line and jCal with a line per property have them.
        let pieces = ["a", "ü", "€", "📅", "\n", "{\"x\": 1}"]
        let lined = Array((0..<5000).map { pieces[($0 * 7 + $0 / 13) % pieces.count] }.joined().utf8)
        let oneLine = Array(String(repeating: "Grüße 📅 ", count: 300).utf8)
        let origin = JSONPosition(line: 3, column: 5)
        for text in [lined, oneLine] {
            for length in [0, 7, 8, 9, 247, 248, 249, 256, 1000, text.count] {
                let bytes = text[..<length]
                // Lines at line feeds; a character at every byte that is not a UTF-8 continuation byte.
                let lastFeed = bytes.lastIndex(of: 0x0A)
                let characters = bytes[(lastFeed.map { $0 + 1 } ?? 0)...].filter { $0 & 0xC0 != 0x80 }.count
                let expected =
                    lastFeed == nil
                    ? JSONPosition(line: 3, column: 5 + characters)
                    : JSONPosition(line: 3 + bytes.filter { $0 == 0x0A }.count, column: 1 + characters)
                XCTAssertEqual(origin.advanced(over: bytes), expected, "\(length) bytes")
            }
        }
    }

    func testStringsMustBeUTF8WithoutRawControlCharacters() {
        XCTAssertEqual(refusal([0x5B, 0x22, 0x61, 0xE9, 0x22, 0x5D])?.message, "the string is not UTF-8 (save the file as UTF-8)")
        XCTAssertEqual(refusal("[\"a\nb\"]")?.message, "a control character (such as a line break) inside a string must be escaped")
        XCTAssertEqual(refusal(#"["\u00+1"]"#)?.message, "\\u needs four hex digits")
    }
}
