import VCalendar
import XCTest

/// vCalendar 1.0 is read and translated in time proportional to its size, however it is shaped.
final class VCalendarLinearTimeTests: XCTestCase {
    private let head = "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nTZ:+01:00\r\n"

    private func read(_ bytes: [UInt8]) {
        _ = VCalendarReader.read(bytes, file: "shape.vcs")
    }

    func testManyItemsAreReadInLinearTime() {
        assertLinear(
            "vcs many events", size: 16 << 10,
            input: { size in
                Array(self.head.utf8)
                    + repeated(
                        "BEGIN:VEVENT\r\nDTSTART:20260105T090000\r\nRRULE:W1 MO TH #10\r\n"
                            + "AALARM:20260105T085000;PT5M;2;\r\nSUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller\r\n"
                            + "ATTENDEE;ROLE=ATTENDEE;STATUS=CONFIRMED;RSVP=YES:Ann <a@example.com>\r\nEND:VEVENT\r\n", toBytes: size)
            }, read: read)
    }

    func testOneHugeValueRuleOrListIsReadInLinearTime() {
        let shapes: [(String, String, String)] = [
            ("vcs soft breaks", "DESCRIPTION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:", "Gr=C3=B6=C3=9Fe \\; =\r\n"),
            ("vcs rule", "RRULE:MP1 ", "1+ 2- MO TU "),
            ("vcs categories", "CATEGORIES:", "A\\;B;"),
            ("vcs exdates", "EXDATE:", "20260105T090000;"),
            ("vcs parameters", "ATTENDEE", ";RSVP=YES;X-A=b"),
        ]
        for (shape, start, unit) in shapes {
            assertLinear(
                shape, size: 64 << 10,
                input: { size in
                    Array((self.head + "BEGIN:VEVENT\r\nDTSTART:20260105T090000\r\n" + start).utf8) + repeated(unit, toBytes: size)
                        + Array(":x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
                }, read: read)
        }
    }

    func testManyDaylightStretchesAndTimesAreReadInLinearTime() {
        assertLinear(
            "vcs daylight stretches", size: 32 << 10,
            input: { size in
                var text = "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nTZ:+01:00\r\n"
                for year in 0..<(size / 120) { text += "DAYLIGHT:TRUE;+02;\(2000 + year)0329T020000;\(2000 + year)1025T030000;;\r\n" }
                text += "BEGIN:VEVENT\r\nDTSTART:20260105T090000\r\n"
                text += String(repeating: "EXDATE:20260405T090000;20261105T090000\r\n", count: size / 40)
                return Array((text + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
            }, read: read)
    }

    func testNestingAndStrayEndsAreReadInLinearTime() {
        assertLinear(
            "vcs stray ends", size: 16 << 10,
            input: { size in
                Array((self.head + String(repeating: "BEGIN:X\r\n", count: 30)).utf8) + repeated("END:VTODO\r\n", toBytes: size)
            }, read: read)
    }
}
