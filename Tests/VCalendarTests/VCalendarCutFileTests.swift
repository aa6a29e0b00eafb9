import CalendarModel
import Foundation
import ICalendar
import Platform
import VCalendar
import XCTest

/// A vCalendar file cut short (a phone's sync or a transfer broken off) can end in a BEGIN line
/// with no name yet. Such a line begins no component: it is kept as written, as calbridge's
/// iCalendar reader keeps it, and the iCalendar the translation writes reads back as the same tree.
final class VCalendarCutFileTests: XCTestCase {
    /// A Nokia Series 60 file in the shape `Resources/nokia-s60.vcs` has (see the README there), cut
    /// where its to-do's `BEGIN:VTODO` was being written.
    private static let cutFile = Array(
        [
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "UID:20", "SUMMARY:Besprechung", "DTSTART:20260112T080000Z",
            "DTEND:20260112T090000Z", "X-EPOCAGENDAENTRYTYPE:APPOINTMENT", "BEGIN:", "X-SYMBIAN-LUID:20", "END:VEVENT", "BEGIN:",
        ].joined(separator: "\r\n").utf8)

    /// A calendar written as iCalendar and read back by calbridge's own reader.
    private func readBack(_ calendar: Component) throws -> Component {
        var writer = ICalendarWriter()
        writer.write(calendar)
        var back = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        try reader.read(InputFile(name: "cut.ics", contents: writer.bytes)) { event in
            switch event {
            case .property(let property): back.properties.append(property)
            case .component(let read): if let component = read.component { back.components.append(component) }
            }
        }
        return back
    }

    func testABeginLineWithNoNameIsKeptAsWrittenAndReadsBackAsItself() throws {
        let reading = VCalendarReader.read(Self.cutFile, file: "cut.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT"])
        XCTAssertEqual(calendar["X-VCALENDAR-UNREADABLE-LINE"]?.value, "BEGIN:")
        let event = try XCTUnwrap(calendar.components.first)
        XCTAssertEqual(event.components.map(\.name), [], "no component named \"\"")
        XCTAssertEqual(event.properties.filter(\.isUnreadableLine).map(\.value), ["BEGIN:"])
        XCTAssertEqual(event["X-SYMBIAN-LUID"]?.value, "20", "the lines after it stay the event's")
        let named = reading.diagnostics.filter { $0.message == "BEGIN: names no component" }
        XCTAssertEqual(named.map(\.location?.line), [9, 12])
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }
}
