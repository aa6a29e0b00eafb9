import XCTest

/// expand, validate, schedule and birthdays, run as a person runs them, take time and memory in
/// proportion to their input, whichever part of it grows: the shapes issue #31 lists, the first four
/// as fuzzing found them (a long TZID, an Outlook city list, a long timetable zone, a long UID).
final class CommandLinearTimeTests: XCTestCase {
    private let window = ["--from", "2026-01-01", "--to", "2027-01-01", "-o", "/dev/null"]
    private func expand(_ path: String) -> [String] { ["expand", path] + window }
    private func validate(_ path: String) -> [String] { ["validate", path] }

    /// A calendar of one event with these lines (folded at 75 octets, as RFC 5545 asks) in it.
    private func calendar(event: [String], around: [String] = []) -> [UInt8] {
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge tests//EN"] + around
            + ["BEGIN:VEVENT", "UID:shape@example.org", "DTSTAMP:20260101T000000Z"] + event + ["END:VEVENT", "END:VCALENDAR"]
        return Array(lines.map(folded).joined().utf8)
    }

    private func folded(_ line: String) -> String {
        var rest = Substring(line), out = ""
        while rest.utf8.count > 74 {
            out += rest.prefix(74) + "\r\n "
            rest = rest.dropFirst(74)
        }
        return out + rest + "\r\n"
    }

    private func text(_ unit: String, _ size: Int) -> String { String(decoding: repeated(unit, toBytes: size), as: UTF8.self) }

    func testALongTZIDIsResolvedAndReportedInLinearTime() {
        // Found: a 140 KB TZID took 53 s in expand, measured against every zone name and every tail of its path.
        for unit in ["Europe/Nowhere_", "Nowhere_"] {
            let event = { (parameter: String, size: Int) in
                self.calendar(event: [
                    "DTSTART;\(parameter)=\(self.text(unit, size)):20260105T100000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=10",
                ])
            }
            assertCommandLinear(
                "expand TZID of \(unit)…", size: 2 << 10, fileName: "tzid.ics", input: { event("TZID", $0) },
                plain: { event("X-LABEL", $0) }, command: expand)
        }
    }

    func testAnOutlookCityListTZIDIsResolvedAndReportedInLinearTime() {
        // Found: a 1 MB city list as TZID took over 120 s in validate. Without an offset it is no
        // display name, and was measured against every zone name; with one, each city is a lookup
        // (and in Dutch none is a zone of the tz database).
        for (head, cities) in [
            ("", "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna, "),
            ("(UTC+01:00) ", "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna, "),
            ("(UTC+01:00) ", "Berlijn, Wenen, Parijs, Kopenhagen, "),
        ] {
            let event = { (parameter: String, size: Int) in
                self.calendar(event: ["DTSTART;\(parameter)=\"\(head)\(self.text(cities, size))\":20260105T100000", "DURATION:PT1H"])
            }
            assertCommandLinear(
                "validate TZID \"\(head)\(cities)…\"", size: 2 << 10, fileName: "cities.ics", input: { event("TZID", $0) },
                plain: { event("X-LABEL", $0) }, command: validate)
        }
    }

    func testALongTimetableZoneIsRefusedInLinearTime() {
        // Found: a timetable whose timezone was a 60 KB string took 34 s in schedule.
        for unit in ["Europe/", "Nowhere_"] {
            let timetable = { (zone: String, name: String) in
                Array(
                    ("{\"calendar\":{\"id\":\"inf\",\"name\":\"\(name)\",\"timezone\":\"\(zone)\"},"
                        + #""term":{"start":"2026-10-12","end":"2027-02-05"},"lectures":[{"id":"L","title":"Datenbanken","#
                        + #""weekday":"MO","start":"08:15","end":"09:45"}]}"#).utf8)
            }
            assertCommandLinear(
                "schedule timezone of \(unit)…", size: 2 << 10, fileName: "timetable.json",
                input: { timetable(self.text(unit, $0), "Inf") }, plain: { timetable("Nowhere", self.text(unit, $0)) },
                command: { ["schedule", $0, "-o", "/dev/null"] })
        }
    }

    func testALongUIDIsExpandedInMemoryInProportionToIt() {
        // Found: a 170 KB UID made expand ask for one 548 MB block, the whole output at once. The output
        // holds the UID once per occurrence; what is kept in memory meanwhile is bounded by the
        // (here small) budget, not the output's size.
        assertCommandLinear(
            "expand UID of 64 KB", size: 64 << 10, fileName: "uid.ics",
            input: { size in
                self.calendar(event: ["DTSTART:20260105T100000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=20"])
                    .replacing(Array("UID:shape@example.org".utf8), with: Array("UID:".utf8) + repeated("uid-", toBytes: size))
            }, environment: ["CALBRIDGE_EXPAND_MEMORY": "\(1 << 20)"], command: expand)
    }

    func testLongAndManyParametersAndDeepNestingAreValidatedInLinearTime() {
        assertCommandLinear(
            "validate long parameter value", size: 64 << 10, fileName: "parameter.ics",
            input: { size in
                self.calendar(event: ["DTSTART:20260105T100000Z", "X-NOTE;X-LABEL=\"\(self.text("words; more, ", size))\":v"])
            }, command: validate)
        // Above the issue's eight: the component tree holds each `;X-A=1` as a parameter with an array of
        // values, 11 times its six bytes (as before issue #31).
        assertCommandLinear(
            "validate many parameters", size: 64 << 10, fileName: "parameters.ics", memoryPerByte: 16,
            input: { size in
                self.calendar(event: ["DTSTART:20260105T100000Z", "X-NOTE" + self.text(";X-A=1", size) + ":v"])
            }, command: validate)
        let nest = "BEGIN:X-N\r\nBEGIN:X-N\r\nX-A:b\r\nEND:X-N\r\nEND:X-N"
        assertCommandLinear(
            "validate deep nesting, many times", size: 32 << 10, fileName: "nesting.ics",
            input: { size in
                self.calendar(event: ["DTSTART:20260105T100000Z", String(self.text(nest + "\r\n", size).dropLast(2))])
            }, command: validate)
    }

    func testManyDatesOverridesAndRulePartsAreExpandedInLinearTime() {
        let start = ["DTSTART:20260105T100000Z", "DURATION:PT1H"]
        // Above the issue's eight: the tree and the series hold each date apart, 10 times its text.
        assertCommandLinear(
            "expand many RDATE and EXDATE values", size: 32 << 10, fileName: "dates.ics", memoryPerByte: 16,
            input: { size in
                let days = (0..<(size / 34)).map { String(format: "2026%02d%02dT100000Z", 1 + $0 % 12, 1 + $0 % 28) }
                return self.calendar(event: start + ["RDATE:" + days.joined(separator: ","), "EXDATE:" + days.joined(separator: ",")])
            }, command: expand)
        // Above the issue's eight: a rule's lists are held as read and as numbers, 26 times their text.
        assertCommandLinear(
            "expand long RRULE lists", size: 32 << 10, fileName: "rule.ics", memoryPerByte: 32,
            input: { size in
                self.calendar(
                    event: start + ["RRULE:FREQ=MONTHLY;COUNT=24;BYDAY=MO,TU;BYMONTHDAY=" + self.text("1,2,3,4,5,6,7,", size) + "8"])
            }, command: expand)
        assertCommandLinear(
            "expand many overrides of one series", size: 32 << 10, fileName: "overrides.ics",
            input: { size in
                let override = (0..<(size / 160)).map { day -> String in
                    let date = String(format: "2026%02d%02d", 1 + day / 28 % 12, 1 + day % 28)
                    return "BEGIN:VEVENT\r\nUID:shape@example.org\r\nDTSTAMP:20260101T000000Z\r\nRECURRENCE-ID:\(date)T100000Z\r\n"
                        + "DTSTART:\(date)T113000Z\r\nEND:VEVENT\r\n"
                }.joined()
                var bytes = self.calendar(event: ["DTSTART:20260101T100000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=400"])
                bytes.insert(contentsOf: Array(override.utf8), at: bytes.count - "END:VCALENDAR\r\n".utf8.count)
                return bytes
            }, command: expand)
    }

    func testManyZoneDefinitionsAreExpandedInLinearTime() {
        // Above the issue's eight: the definitions are kept as component trees, 15 times their text.
        assertCommandLinear(
            "expand many VTIMEZONEs", size: 32 << 10, fileName: "zones.ics", memoryPerByte: 24,
            input: { size in
                let zones = (0..<(size / 170)).map { index in
                    "BEGIN:VTIMEZONE\r\nTZID:Zone \(index)\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
                        + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE"
                }
                return self.calendar(
                    event: ["DTSTART;TZID=Zone 0:20260105T100000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=10"], around: zones)
            }, command: expand)
    }

    func testALongVCardLineIsReadInLinearTime() {
        assertCommandLinear(
            "birthdays long vCard NOTE", size: 64 << 10, fileName: "cards.vcf",
            input: { size in
                Array(
                    ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nBDAY:1985-04-12\r\nNOTE:" + self.text("words\\, more ", size)
                        + "\r\nEND:VCARD\r\n").utf8)
            }, command: { ["birthdays", $0, "-o", "/dev/null"] })
    }
}
