import CalendarModel
import Foundation
import ICalendar
import Platform
import VCalendar
import XCTest

/// The iCalendar the translation writes reads back as the same tree (the promise of the `vcs` fuzz
/// target, whose findings these are): a vCalendar line that iCalendar cannot hold as structure or as
/// a property is kept as written, as calbridge's iCalendar reader keeps such a line, and a value
/// holds no raw line break.
final class VCalendarReadBackTests: XCTestCase {
    /// A calendar written as iCalendar and read back by calbridge's own reader.
    private func readBack(_ calendar: Component) throws -> Component {
        var writer = ICalendarWriter()
        writer.write(calendar)
        var back = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        try reader.read(InputFile(name: "kept.ics", contents: writer.bytes)) { event in
            switch event {
            case .property(let property): back.properties.append(property)
            case .component(let read): if let component = read.component { back.components.append(component) }
            }
        }
        return back
    }

    /// A file cut short (a phone's sync or a transfer broken off) can end in a BEGIN line with no
    /// name yet: here a Nokia Series 60 file in the shape `Resources/nokia-s60.vcs` has (see the
    /// README there), cut where its to-do's `BEGIN:VTODO` was being written, once inside the event.
    func testABeginLineWithNoNameIsKeptAsWrittenAndReadsBackAsItself() throws {
        let cut = [
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "UID:20", "SUMMARY:Besprechung", "DTSTART:20260112T080000Z",
            "DTEND:20260112T090000Z", "X-EPOCAGENDAENTRYTYPE:APPOINTMENT", "BEGIN:", "X-SYMBIAN-LUID:20", "END:VEVENT", "BEGIN:",
        ]
        let reading = VCalendarReader.read(Array(cut.joined(separator: "\r\n").utf8), file: "cut.vcs")
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

    /// A BEGIN line whose quoted-printable value decodes to line breaks and a colon (an Outlook 2003
    /// agenda in the name, as the seeded fuzz smoke left it): it names no component iCalendar can
    /// write, so the line is kept as written, reported, and the rest reads back as itself.
    func testABeginLineNamingNoComponentIsKeptAsWritten() throws {
        let begin = "BEGIN;ENCODING=QUOTED-PRINTABLE:Agenda:=0D=0A- Budget"
        let file = [
            "BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "DTSTART:20260512T070000Z", begin, "SUMMARY:Quartalsbesprechung",
            "END:VEVENT", "END:VCALENDAR",
        ]
        let reading = VCalendarReader.read(Array(file.joined(separator: "\r\n").utf8), file: "agenda.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        let event = try XCTUnwrap(calendar.components.first)
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT"])
        XCTAssertEqual(event.components.map(\.name), [], "no component named by the decoded text")
        XCTAssertEqual(event.properties.filter(\.isUnreadableLine).count, 1)
        XCTAssertEqual(event["SUMMARY"]?.value, "Quartalsbesprechung", "the lines after it stay the event's")
        let named = reading.diagnostics.filter { $0.message.hasPrefix("BEGIN names no component a calendar can hold") }
        XCTAssertEqual(named.map(\.location?.line), [5])
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }

    /// A quoted-printable attendee whose name holds line breaks, CRLF and LF both (the seeded fuzz
    /// smoke's finding, shaped like an Outlook agenda pasted into the name): the CN holds them as LF,
    /// the one break RFC 6868's `^n` writes, so it reads back as itself.
    func testAQuotedPrintableAttendeeNameWithLineBreaksReadsBackAsItself() throws {
        let attendee = "ATTENDEE;ENCODING=QUOTED-PRINTABLE;RSVP=YES:Agenda=0A- Budget=0D=0A- Planung=0DEva Lind <eva.lind@example.com>"
        let file = ["BEGIN:VCALENDAR", "VERSION:1.0", "BEGIN:VEVENT", "DTSTART:20260512T070000Z", attendee, "END:VEVENT", "END:VCALENDAR"]
        let reading = VCalendarReader.read(Array(file.joined(separator: "\r\n").utf8), file: "agenda.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        let property = try XCTUnwrap(calendar.components.first?["ATTENDEE"])
        XCTAssertEqual(property[parameter: "CN"], "Agenda\n- Budget\n- Planung\nEva Lind")
        XCTAssertEqual(property.value, "mailto:eva.lind@example.com")
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }

    /// vCard's line grammar, which vCalendar shares, lets a name hold `_`; an iCalendar parameter
    /// name cannot (RFC 5545 §3.1: letters, digits and `-`). Outlook 2003's attendee line (as in
    /// `Resources/outlook-2003.vcs`) with its ROLE mangled to `R_LE`, as a fuzzer left it.
    func testAParameterNameWithAnUnderscoreKeepsItsLineAsWritten() throws {
        let attendee = "ATTENDEE;R_LE=ATTENDEE;STATUS=NEEDS ACTION;RSVP=YES;EXPECT=REQUIRE:Jan Berg <jan.berg@example.com>"
        let file = [
            "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 11.0 MIMEDIR//EN", "VERSION:1.0", "BEGIN:VEVENT",
            "DTSTART:20260512T070000Z", "DTEND:20260512T080000Z", "UID:040000008200E00074C5B7101A82E008", attendee, "END:VEVENT",
            "END:VCALENDAR",
        ]
        let reading = VCalendarReader.read(Array(file.joined(separator: "\r\n").utf8), file: "outlook.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        let event = try XCTUnwrap(calendar.components.first)
        XCTAssertNil(event["ATTENDEE"])
        XCTAssertEqual(event.properties.filter(\.isUnreadableLine).map(\.value), [attendee])
        let underscore = reading.diagnostics.filter { $0.message == "a '_' in the parameter name R_LE, which iCalendar does not allow" }
        XCTAssertEqual(underscore.map(\.location), [SourceLocation(line: 8, column: 11)])
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }

    /// Bytes damaged in transfer (a Nokia description line, as in `Resources/nokia-s60.vcs`, with
    /// `EN\u{C7}ODING` and a control character inside QUOTED-PRINTABLE, as a fuzzer left it) keep the
    /// line as written, control characters left out. It then says QUOTED-PRINTABLE and ends in `=`, a
    /// soft line break to the iCalendar reader, so it is written as its property, not verbatim,
    /// where it would take the line written after it as its rest.
    func testAKeptLineEndingInASoftBreakDoesNotTakeTheNextLineOnceWritten() throws {
        var file = Array("BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nUID:20\r\nDESCRIPTION;EN".utf8)
        file += [0xC7] + Array("ODING=QUOTED-PRI".utf8) + [0x1E] + Array("NTABLE;CHARSET=UTF-8:Erste Zeile=0D=0AZweite=\r\n".utf8)
        file += Array("LOCATION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:B=C3=BCro 3\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let reading = VCalendarReader.read(file, file: "damaged.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        let event = try XCTUnwrap(calendar.components.first)
        XCTAssertEqual(
            event.properties.filter(\.isUnreadableLine).map(\.value),
            ["DESCRIPTION;EN\u{FFFD}ODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Erste Zeile=0D=0AZweite="])
        XCTAssertEqual(event["LOCATION"]?.value, "Büro 3")
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }

    /// Outlook 2003 writes quoted-printable with `=0D=0A` for line breaks (`Resources/outlook-2003.vcs`);
    /// given to an ATTENDEE, as a fuzzer left one, the decoded value holds a line break, which an
    /// iCalendar line cannot: it is carried escaped, as any other value kept as written is.
    func testAnAttendeeWhoseDecodedValueBreaksALineCarriesTheBreakEscaped() throws {
        let file = [
            "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 11.0 MIMEDIR//EN", "VERSION:1.0", "BEGIN:VEVENT",
            "DTSTART:20260512T070000Z", "UID:040000008200E00074C5B7101A82E008",
            "ATTENDEE;STATUS=NEEDS ACTION;RSVP=YES;ENCODING=QUOTED-PRINTABLE:Agenda:=0D=0A- Budget=0D=0A", "END:VEVENT", "END:VCALENDAR",
        ]
        let reading = VCalendarReader.read(Array(file.joined(separator: "\r\n").utf8), file: "outlook.vcs")
        let calendar = try XCTUnwrap(reading.calendars.first)
        XCTAssertEqual(calendar.components.first?["ATTENDEE"]?.value, "Agenda:\\n- Budget\\n")
        XCTAssertEqual(try readBack(calendar).canonicalForm, calendar.canonicalForm)
    }
}
