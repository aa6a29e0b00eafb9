import ContentLines
import XCTest

/// The one lexer's two dialects: what each accepts, and where it points when it refuses.
final class ContentLineLexerTests: XCTestCase {
    private struct Lexed: Equatable {
        var group: String?
        var name: String
        var parameters: [String]
        var value: String
    }

    private func lex(_ text: String, _ lexer: ContentLineLexer) throws(ContentLineProblem) -> Lexed {
        let bytes = Array(text.utf8)
        var i = 0
        let (group, name) = try lexer.propertyName(bytes, &i)
        var parameters: [String] = []
        while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
            i += 1
            let parameter = try lexer.parameter(bytes, &i)
            var values = parameter.firstValue.map { [ContentLineLexer.decoded(bytes[$0])] } ?? []
            while let next = try lexer.nextValue(bytes, &i) { values.append(ContentLineLexer.decoded(bytes[next])) }
            parameters.append(
                ContentLineLexer.upperCased(bytes[parameter.name])
                    + (parameter.firstValue == nil ? "" : "=" + values.joined(separator: "|")))
        }
        let start = try lexer.valueStart(bytes, i, name: name)
        return Lexed(
            group: group.map { String(decoding: bytes[$0], as: UTF8.self) },
            name: ContentLineLexer.upperCased(bytes[name]), parameters: parameters,
            value: String(decoding: bytes[start...], as: UTF8.self))
    }

    private func problem(_ text: String, _ lexer: ContentLineLexer) -> ContentLineProblem? {
        do { _ = try lex(text, lexer); return nil } catch { return error }
    }

    func testICalendarLineWithQuotedListAndCaretEscapes() throws {
        let line = #"attendee;CN="Doe, ^'Jane^'";MEMBER="mailto:a@x","mailto:b@x":mailto:jane@x"#
        XCTAssertEqual(
            try lex(line, .iCalendar),
            Lexed(
                group: nil, name: "ATTENDEE",
                parameters: [#"CN=Doe, "Jane""#, "MEMBER=mailto:a@x|mailto:b@x"], value: "mailto:jane@x"))
    }

    func testVCardReadsGroupsBareParametersAndUnderscores() throws {
        XCTAssertEqual(
            try lex("item1.X-ABLABEL:_$!<Anniversary>!$_", .vCard),
            Lexed(group: "item1", name: "X-ABLABEL", parameters: [], value: "_$!<Anniversary>!$_"))
        XCTAssertEqual(
            try lex("TEL;HOME;VOICE:+31 20 1234", .vCard),
            Lexed(group: nil, name: "TEL", parameters: ["HOME", "VOICE"], value: "+31 20 1234"))
        XCTAssertEqual(try lex("X-MS_OL:1", .vCard).name, "X-MS_OL")
    }

    func testICalendarRefusesWhatOnlyVCardAllows() {
        XCTAssertEqual(problem("TEL;HOME:1", .iCalendar)?.message, "parameter HOME has no '=value'")
        XCTAssertEqual(problem("item1.X-ABLABEL:x", .iCalendar)?.offset, 5)
        XCTAssertEqual(
            problem("X-MS_OL:1", .iCalendar)?.message,
            "expected ':' after the name and parameters of X-MS, found '_'")
    }

    func testProblemsPointAtTheirByte() {
        let unclosed = problem(#"X;A="open:x"#, .iCalendar)
        XCTAssertEqual(unclosed?.offset, 4)
        XCTAssertEqual(unclosed?.message, #"a quoted parameter value is not closed with '"'"#)
        XCTAssertEqual(problem(#"X;A=a"b":x"#, .vCard)?.offset, 5)
        XCTAssertEqual(problem(";X:y", .iCalendar)?.message, "expected a property name (letters, digits and '-'), found ';'")
    }

    func testAGarbageNameIsCutShortInMessages() {
        let message = problem(String(repeating: "x", count: 100_000) + " y", .vCard)?.message ?? ""
        XCTAssertEqual(message.count, 98)
        XCTAssertTrue(message.hasSuffix("…, found ' '"))
    }

    func testValueColonSkipsQuotedColons() {
        XCTAssertEqual(ContentLineLexer.valueColon(Array(#"X;A="a:b":c"#.utf8)), 9)
        XCTAssertNil(ContentLineLexer.valueColon(Array(#"X;A="a:b"#.utf8)))
    }
}
