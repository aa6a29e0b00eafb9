import CalendarModel
import Foundation
import ICalendar
@testable import JSCalendar
import JSONReading
import Platform
import XCTest

/// RFC 8984's examples (§6.1–6.10, in Resources; see Resources/README.md for where the texts come
/// from) through iCalendar text and back: the JSON that comes back is the same value (member order
/// aside), and what iCalendar can say is said as iCalendar.
final class RFCExampleTests: XCTestCase {
    func testEveryRFC8984ExampleComesBackFromICalendarAsTheSameJSON() throws {
        let examples = try exampleNames()
        XCTAssertEqual(examples.count, 10)
        for name in examples {
            let original = try example(name)
            let back = JSCalendarDocument.object(for: try throughICalendar(original))
            XCTAssertTrue(back.sameValue(as: original), "\(name): \(JSONText.compact(back))")
        }
    }

    func testMembersNoLineSaysComeBackAsTheyWere() throws {
        for text in [
            #"{"@type": "Event", "uid": "a", "start": "next monday", "timeZone": "Europe/Berlin"}"#,
            #"{"@type": "Event", "uid": "c", "start": "2026-01-05T10:00:00", "showWithoutTime": true}"#,
            #"{"@type": "Task", "uid": "d", "estimatedDuration": "PT1H"}"#,
        ] {
            let original = try JSONReader.value(of: Array(text.utf8))
            let back = JSCalendarDocument.object(for: try throughICalendar(original))
            XCTAssertTrue(back.sameValue(as: original), JSONText.compact(back))
        }
    }

    /// An explicit `"showWithoutTime": false` or `"timeZone": null` says RFC 8984's default, which the
    /// member's absence says too: no JSPROP line carries it, and it comes back unsaid.
    func testAnExplicitDefaultIsWrittenAsNothing() throws {
        let cases = [
            (
                #"{"@type": "Event", "uid": "b", "start": "2026-01-05T10:00:00", "showWithoutTime": false}"#,
                #"{"@type": "Event", "uid": "b", "start": "2026-01-05T10:00:00"}"#
            ),
            (
                #"{"@type": "Task", "uid": "d", "timeZone": null, "estimatedDuration": "PT1H"}"#,
                #"{"@type": "Task", "uid": "d", "estimatedDuration": "PT1H"}"#
            ),
        ]
        for (text, expected) in cases {
            let calendar = try JSCalendarDocument.calendar(for: try JSONReader.value(of: Array(text.utf8))).calendar
            XCTAssertFalse(
                calendar.components[0].all("JSPROP").contains { ["showWithoutTime", "timeZone"].contains($0[parameter: "JSPTR"] ?? "") })
            let back = JSCalendarDocument.object(for: calendar)
            XCTAssertTrue(back.sameValue(as: try JSONReader.value(of: Array(expected.utf8))), JSONText.compact(back))
        }
    }

    func testTheSimpleEventIsAZonedStartAndADuration() throws {
        let text = try icalendarText(of: "rfc8984-6.1-simple-event")
        for line in [
            "DTSTART;TZID=America/New_York:20200115T130000", "DURATION:PT1H", "SUMMARY:Some event",
            "LAST-MODIFIED:20200102T182304Z", "UID:a8df6573-0474-496d-8496-033ad45d-6-1",
        ] {
            XCTAssertTrue(text.contains(line + "\r\n"), line + " in\n" + text)
        }
    }

    func testAnAllDayEventIsADateWithAYearlyRule() throws {
        let text = try icalendarText(of: "rfc8984-6.4-all-day-event")
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:19000401\r\n"), text)
        XCTAssertTrue(text.contains("RRULE:FREQ=YEARLY\r\n"), text)
    }

    func testOverridesBecomeAnExdateAndComponentsWithRecurrenceIDs() throws {
        let text = try icalendarText(of: "rfc8984-6.9-recurring-event-with-overrides")
        // UNTIL of a zoned start is UTC (RFC 5545 §3.3.10): 09:00 in London in June is 08:00Z.
        XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;UNTIL=20200624T080000Z\r\n"), text)
        XCTAssertTrue(text.contains("EXDATE;TZID=Europe/London:20200401T090000\r\n"), text)
        XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/London:20200107T140000\r\n"), text)
        XCTAssertTrue(text.contains("DTSTART;TZID=Europe/London:20200625T100000\r\n"), text)
        XCTAssertTrue(text.contains("SUMMARY:Calculus I Exam\r\n"), text)
    }

    func testParticipantsBecomeAttendeesAndAVirtualLocationAConference() throws {
        let text = try icalendarText(of: "rfc8984-6.8-multiple-locations-and-localization")
        XCTAssertTrue(text.contains("CONFERENCE;VALUE=URI;LABEL=Free live Stream from Music Bowl;JSID=vloc1:https"), text)
        XCTAssertTrue(text.contains("JSPROP;JSPTR=localizations:"), text)
    }

    private func exampleNames() throws -> [String] {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("rfc8984-") }
            .map { String($0.dropLast(".json".count)) }.sorted()
    }

    private func example(_ name: String) throws -> JSONValue {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources"))
        return try JSONReader.value(of: Array(try Data(contentsOf: url)))
    }

    private func icalendarText(of name: String) throws -> String {
        let calendar = try JSCalendarDocument.calendar(for: try example(name)).calendar
        var writer = ICalendarWriter()
        writer.write(calendar)
        return String(decoding: writer.bytes, as: UTF8.self).replacing("\r\n ", with: "")
    }

    /// The calendar a document stands for, written as iCalendar text and read back by calbridge.
    private func throughICalendar(_ json: JSONValue) throws -> Component {
        var writer = ICalendarWriter()
        let read = try JSCalendarDocument.calendar(for: json)
        XCTAssertTrue(read.skipped.isEmpty)
        writer.write(read.calendar)
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        try reader.read(InputFile(name: "example.ics", contents: writer.bytes)) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return calendar
    }
}
