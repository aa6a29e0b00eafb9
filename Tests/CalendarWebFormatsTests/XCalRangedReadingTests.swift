@testable import CalendarWebFormats
import CalendarModel
import XCTest

/// xCal's components are cut into ranges by a byte scan and parsed apart; these pin that what is
/// handed on, and where a document is wrong, are what the sequential reader says, on documents
/// whose boundaries a scan could take wrongly. Ranges of one byte put every component in a range
/// of its own, and chunks of a few bytes cut the document everywhere.
final class XCalRangedReadingTests: XCTestCase {
    private let opening =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<icalendar xmlns=\"urn:ietf:params:xml:ns:icalendar-2.0\">\n"
        + "<vcalendar>\n<properties><version><text>2.0</text></version></properties>\n<components>\n"
    private let closing = "</components>\n</vcalendar>\n</icalendar>\n"

    private func event(_ uid: String, _ inside: String = "") -> String {
        "<vevent><properties><uid><text>\(uid)</text></uid>\(inside)</properties></vevent>\n"
    }

    /// What a reading hands on, each in words that include its place, and the error it ends with.
    private struct Reading: Equatable {
        var events: [String] = []
        var error: String?
    }

    private func record(_ event: CalendarDocumentEvent, into reading: inout Reading) {
        switch event {
        case .calendar: reading.events.append("calendar")
        case .property(let property):
            reading.events.append("property \(property.name) \(property.value) line \(property.location?.line ?? 0)")
        case .component(let read):
            do {
                let component = try read.component()
                reading.events.append("component \(component.canonicalForm) line \(component.location?.line ?? 0)")
            } catch {
                reading.events.append("skipped \(error)")
            }
        }
    }

    private func chunks(of text: String, size: Int) -> () -> [UInt8]? {
        let bytes = Array(text.utf8)
        var next = 0
        return {
            defer { next += size }
            return next < bytes.count ? Array(bytes[next..<min(next + size, bytes.count)]) : nil
        }
    }

    private func sequential(_ text: String) -> Reading {
        var reading = Reading()
        do {
            try XCalReader().read(chunks: chunks(of: text, size: 1 << 20)) { record($0, into: &reading) }
        } catch {
            reading.error = "\(error)"
        }
        return reading
    }

    /// A ranged reading whose ranges are parsed at once, in order, as the workers would parse them;
    /// also how many ranges were read apart.
    private func ranged(_ text: String, rangeBytes: Int = 1, chunkSize: Int) -> (reading: Reading, rangesReadApart: Int) {
        var reading = Reading()
        var readApart = 0
        var unread: [XCalComponentRange] = []
        func submit(_ range: XCalComponentRange) -> [XCalComponentRange] {
            if unread.isEmpty, let components = range.components(maximumComponentBytes: XCalReader().maximumComponentBytes) {
                readApart += 1
                components.forEach { record(.component($0), into: &reading) }
            } else {
                unread.append(range)
            }
            return unread
        }
        func drain() -> [XCalComponentRange] {
            defer { unread = [] }
            return unread
        }
        do {
            try XCalReader().read(
                chunks: chunks(of: text, size: chunkSize), rangeBytes: rangeBytes,
                submit: submit, drain: drain
            ) { record($0, into: &reading) }
        } catch {
            reading.error = "\(error)"
        }
        return (reading, readApart)
    }

    private func assertRangedReadsAsSequential(_ text: String, readApart expected: Int?, file: StaticString = #filePath, line: UInt = #line)
    {
        let whole = sequential(text)
        for chunkSize in [3, 17, 1 << 20] {
            let (reading, readApart) = ranged(text, chunkSize: chunkSize)
            XCTAssertEqual(reading, whole, "chunks of \(chunkSize)", file: file, line: line)
            if let expected { XCTAssertEqual(readApart, expected, "chunks of \(chunkSize)", file: file, line: line) }
        }
    }

    func testPlainComponentsAreEachReadApartWithTheirLines() {
        let text = opening + event("one") + event("two") + "  " + event("three") + closing
        assertRangedReadsAsSequential(text, readApart: 3)
        XCTAssertTrue(sequential(text).events[4].hasSuffix("value: \"three\", location: nil)], components: [], location: nil) line 8"))
    }

    func testComponentsMarkupInCDATAAndCommentsStaysText() {
        let text =
            opening + event("one", "<description><text><![CDATA[</vevent></components><vevent>]]></text></description>")
            + "<!-- <vevent> </components> -->\n" + event("two", "<!-- </vevent> -->") + "<?note </vevent>?>\n" + event("three") + closing
        assertRangedReadsAsSequential(text, readApart: 3)
        XCTAssertTrue(sequential(text).events[2].contains("value: \"</vevent></components><vevent>\""))
    }

    func testQuotedGreaterThanAndNestedAlarmsAndOneLineComponents() {
        let alarm = "<components><valarm><properties><action><text>DISPLAY</text></action></properties></valarm></components>"
        let text =
            opening + "<vevent note=\"a>b\"><properties><uid><text>one</text></uid></properties>\(alarm)</vevent>"
            + event("two").replacingOccurrences(of: "\n", with: "") + "<vevent/>\r\n\t" + event("three") + closing
        assertRangedReadsAsSequential(text, readApart: 4)
    }

    func testColumnsAfterCharactersOfSeveralBytesAndCRLFLines() {
        let bad = "<vevent><properties><uid><text>b</text></uid></properties><location><text>H1</text></location></vevent>"
        let text = (opening + "<!-- Grüße 📅 -->" + event("one") + "<!-- ü -->" + bad + "\n" + event("three") + closing)
            .replacingOccurrences(of: "\n", with: "\r\n")
        assertRangedReadsAsSequential(text, readApart: 3)
        XCTAssertEqual(
            sequential(text).events[3], "skipped :7:69: <location> inside <vevent>: only <properties> and <components> belong there")
    }

    func testAMalformedComponentInTheMiddleIsHandedOnWithItsPlace() {
        let text = opening + event("one") + "<vevent><properties/><x-thing/></vevent>\n" + event("three") + closing
        assertRangedReadsAsSequential(text, readApart: 3)
        XCTAssertEqual(sequential(text).events.count, 5)
    }

    func testAComponentThatIsNotWellFormedEndsTheReadingWhereTheSequentialReaderEndsIt() {
        let text = opening + event("one") + event("two") + "<vevent><properties></vevent>\n" + event("four") + closing
        assertRangedReadsAsSequential(text, readApart: 2)
        XCTAssertEqual(sequential(text).events.count, 4)
        XCTAssertNotNil(sequential(text).error)
    }

    func testADocumentEndingInsideItsComponentsIsRefusedWhereTheSequentialReaderRefusesIt() {
        assertRangedReadsAsSequential(opening + event("one") + event("two"), readApart: nil)
        assertRangedReadsAsSequential(opening + event("one") + "<vevent><properties>", readApart: nil)
    }

    func testPrefixesAndUndeclaredEntitiesAreReadAsTheSequentialReaderReadsThem() {
        let prefixed =
            "<x:icalendar xmlns:x=\"urn:ietf:params:xml:ns:icalendar-2.0\"><x:vcalendar><x:components>"
            + "<x:vevent><x:properties><x:uid><x:text>p</x:text></x:uid></x:properties></x:vevent></x:components></x:vcalendar></x:icalendar>"
        assertRangedReadsAsSequential(prefixed, readApart: 0)
        let declaredOnTheComponent =
            opening + "<c:vevent xmlns:c=\"urn:ietf:params:xml:ns:icalendar-2.0\"><c:properties>"
            + "<c:uid><c:text>c</c:text></c:uid></c:properties></c:vevent>\n" + closing
        assertRangedReadsAsSequential(declaredOnTheComponent, readApart: 1)
        assertRangedReadsAsSequential(opening + event("one") + event("&undeclared;") + event("three") + closing, readApart: 1)
    }

    func testSeveralCalendarsPropertiesAfterComponentsAndOtherEncodings() {
        let second =
            "<vcalendar><components>" + event("two")
            + "</components><properties><method><text>PUBLISH</text></method></properties></vcalendar>"
        assertRangedReadsAsSequential(opening + event("one") + "</components></vcalendar>\n" + second + "</icalendar>", readApart: 2)
        let latin = opening.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1") + event("one") + closing
        assertRangedReadsAsSequential(latin, readApart: 0)
        assertRangedReadsAsSequential("<!DOCTYPE icalendar>\n" + opening + event("one") + closing, readApart: 0)
    }

    func testLargerRangesHoldSeveralComponentsInDocumentOrder() {
        let text = opening + (1...40).map { event("uid-\($0)") }.joined() + closing
        let (reading, readApart) = ranged(text, rangeBytes: 300, chunkSize: 64)
        XCTAssertEqual(reading, sequential(text))
        XCTAssertEqual(readApart, 8)
    }
}
