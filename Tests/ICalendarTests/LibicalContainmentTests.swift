import CalendarModel
@testable import ICalendar
import XCTest

/// libical is C reading text from strangers, so calbridge keeps it on a short lead: it only ever sees
/// one content line calbridge has read itself (wrapped in an empty VEVENT), never a component's or a
/// file's text, and lines built to strain its parser leave calbridge with a diagnostic.
final class LibicalContainmentTests: XCTestCase {
    /// Lines shaped like the public crash reports against libical's value parsers: long lists of BY
    /// parts, numbers past 64 bits, huge TZIDs, periods, durations and offsets, many parameters.
    private let straining: [String] = [
        "RRULE:FREQ=YEARLY;BYDAY=" + Array(repeating: "MO,-1FR,+53SA", count: 300).joined(separator: ","),
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=" + Array(repeating: "1,-31,15", count: 300).joined(separator: ","),
        "RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=" + Array(repeating: "1,-1,366", count: 300).joined(separator: ","),
        "RRULE:FREQ=YEARLY;BYWEEKNO=" + Array(repeating: "1,-53,20", count: 300).joined(separator: ","),
        "RRULE:FREQ=DAILY;INTERVAL=99999999999999999999999",
        "RRULE:FREQ=DAILY;COUNT=-99999999999999999999",
        "RRULE:FREQ=DAILY;UNTIL=" + String(repeating: "9", count: 300),
        "RRULE;INTERVAL=1844674479R305751615;FREQ=DAILY",
        "RRULE:BYSETPOS=-34,18,6,69,6,69,09,5,69,6,RRULE;INTERVAL=1;FREQ=DAILY",
        "DTSTART;TZID=" + String(repeating: "A", count: 100_000) + ":20260101T100000",
        "DTSTART:" + String(repeating: "9", count: 1_000) + "T" + String(repeating: "9", count: 1_000),
        "RECURRENCE-ID;VALUE=DATE;TZID=America/Chicago:8596499T93466?]",
        "X-FOO;VALUE=PERIOD:" + String(repeating: "20260101T000000Z/PT1H,", count: 20_000),
        "GEO:" + String(repeating: "1", count: 5_000) + ";" + String(repeating: "2", count: 5_000),
        "REQUEST-STATUS:" + String(repeating: "9", count: 400) + ";x",
        "REQUEST-STATUS;4.;N;-STATUS:9223372036854775813.;N;-",
        "DURATION:P" + String(repeating: "9", count: 400) + "W",
        "TRIGGER:-P" + String(repeating: "1", count: 400) + "D",
        "TZOFFSETFROM:+" + String(repeating: "9", count: 400),
        "X-A;" + Array(repeating: "X-P=\"vvvvvvvvvv\"", count: 20_000).joined(separator: ";") + ":v",
    ]

    private func event(_ lines: [String]) -> RawComponent {
        let text = (["BEGIN:VEVENT", "UID:strain", "DTSTAMP:20260101T000000Z"] + lines + ["END:VEVENT"]).joined(separator: "\r\n") + "\r\n"
        return RawComponent(bytes: Array(text.utf8), firstLine: 1)
    }

    func testLibicalIsHandedSingleContentLinesNeverAComponent() {
        var parser = ComponentParser(file: "strain.ics")
        parser.collectsLinesForLibical = true
        let nested = event(
            [
                "BEGIN:VALARM", "TRIGGER;VALUE=DATE-TIME:garbage", "END:VALARM",
                "RRULE:FREQ=WEEKLY", "DESCRIPTION:BEGIN:VTIMEZONE\\nEND:VTIMEZONE",
            ] + straining)
        XCTAssertNotNil(parser.parse(nested))
        XCTAssertGreaterThanOrEqual(parser.linesForLibical.count, 10)
        for line in parser.linesForLibical {
            XCTAssertFalse(line.bytes.contains(0x0A) || line.bytes.contains(0x0D), "a line break went to libical")
            XCTAssertFalse(
                line.bytes.starts(with: Array("BEGIN".utf8)) || line.bytes.starts(with: Array("END".utf8)),
                "a component boundary went to libical: \(String(decoding: line.bytes.prefix(40), as: UTF8.self))")
        }
    }

    func testLinesThatStrainLibicalLeaveADiagnosticAndCalbridgeRunning() {
        let reader = ComponentReader(file: "strain.ics")
        for line in straining {
            let read = reader.read(event([line]))
            XCTAssertNotNil(read.component, String(line.prefix(60)))
            let errors = read.diagnostics.filter { $0.severity == .error }
            XCTAssertFalse(errors.isEmpty && !Self.isValid(line), "no diagnostic for \(line.prefix(60))")
        }
    }

    /// The straining lines that are valid iCalendar all the same (long, but well formed).
    private static func isValid(_ line: String) -> Bool {
        line.hasPrefix("RRULE:FREQ=YEARLY;BYDAY") || line.hasPrefix("RRULE:FREQ=MONTHLY") || line.hasPrefix("RRULE:FREQ=YEARLY;BYWEEKNO")
            || line.hasPrefix("X-A;") || line.hasPrefix("X-FOO;VALUE=PERIOD") || line.hasPrefix("DTSTART;TZID=")
    }
}
