import CalendarModel
import ICalendar
import XCTest

final class WriterTests: XCTestCase {
    func testLongUTF8LinesFoldAt75OctetsWithoutSplittingACharacter() throws {
        let text = String(repeating: "äöü €𝄞 日本語 ", count: 30)
        var writer = ICalendarWriter()
        writer.write(Property(name: "DESCRIPTION", value: text))
        let physical = String(decoding: writer.bytes, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        XCTAssertGreaterThan(physical.count, 5)
        for (index, line) in physical.enumerated() {
            XCTAssertLessThanOrEqual(line.utf8.count, 75, "line \(index) is \(line.utf8.count) octets")
            XCTAssertFalse(line.unicodeScalars.contains("\u{FFFD}"))
            if index > 0 { XCTAssertTrue(line.hasPrefix(" ")) }
        }
        let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined()
        XCTAssertEqual(unfolded, "DESCRIPTION:" + text)
        for index in writer.bytes.indices where writer.bytes[index] == 0x0A {
            XCTAssertEqual(writer.bytes[index - 1], 0x0D, "every line ends in CRLF")
        }
    }

    func testParameterValuesAreQuotedOnlyWhenTheyMustBe() {
        var writer = ICalendarWriter()
        writer.write(
            Property(
                name: "ATTENDEE",
                parameters: [
                    Parameter("CN", "Doe, John"), Parameter("ROLE", "CHAIR"),
                    Parameter(name: "MEMBER", values: ["mailto:a@example.org", "mailto:b@example.org"]),
                ], value: "mailto:j@example.org"))
        XCTAssertEqual(
            String(decoding: writer.bytes, as: UTF8.self),
            "ATTENDEE;CN=\"Doe, John\";ROLE=CHAIR;MEMBER=\"mailto:a@example.org\",\"mailto:b@\r\n example.org\":mailto:j@example.org\r\n")
    }
}
