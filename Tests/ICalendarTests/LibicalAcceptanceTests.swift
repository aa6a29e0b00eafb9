import CalendarModel
import Foundation
@testable import ICalendar
import Platform
import XCTest

/// calbridge hands libical only the lines `LibicalAcceptance` cannot vouch for, one line at a time.
/// These tests hold that shortcut to libical 3.0.16 itself: every line it vouches for, libical reads
/// without complaint, and on real files the lines it hands over draw exactly the findings libical
/// makes when it parses each component whole.
final class LibicalAcceptanceTests: XCTestCase {
    /// Lines of every form vouched for; libical must read each without a value error.
    private let vouched = [
        "SUMMARY:bad \\x escape ;,:", "ATTENDEE;PARTSTAT=FOO;ROLE=BAR;RSVP=MAYBE;CUTYPE=X:mailto:a@b",
        "ATTENDEE;CN=\"A, B\";DELEGATED-TO=\"mailto:x\",\"mailto:y\":not an address", "STATUS:FOO", "CLASS:X-SECRET",
        "SEQUENCE:abc", "PRIORITY:x", "TZOFFSETFROM:abc", "URL:not a url", "X-FOO;X-P=1:anything", "ATTACH;FMTTYPE=x:foo",
        "DTSTART:20260101T100000Z", "DTSTART;TZID=Europe/Berlin:20260230T250000", "DTSTART;VALUE=DATE:20260101",
        "DTSTART;VALUE=date:20260101", "DTEND;VALUE=DATE-TIME:20260101T100000", "RECURRENCE-ID;RANGE=FOO:20260101T100000Z",
        "EXDATE;TZID=Europe/Berlin:20260101T100000,20260102T100000", "RDATE;VALUE=DATE:20260101,20260102",
        "DTSTAMP:20260101T100000Z", "CREATED:20260101T100000", "DURATION:PT15M", "DURATION:-P1DT12H", "DURATION:P2W",
        "DURATION:+PT10H0M0S", "TRIGGER;RELATED=END:-PT15M", "TRIGGER;VALUE=DATE-TIME:20260101T100000Z", "SUMMARY:",
    ]

    /// Lines it must hand to libical, with what libical says of each (`nil`: libical reads it).
    private let judged: [(line: String, finding: String?)] = [
        ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE", nil),
        (
            "RRULE:FREQ=WEEKLY;COUNT=3;UNTIL=20261231",
            "Can't parse as RECUR value in RRULE property. Removing entire property: FREQ=WEEKLY;COUNT=3;UNTIL=20261231"
        ),
        ("GEO:1.5,2.5", "Can't parse as GEO value in GEO property. Removing entire property: 1.5,2.5"),
        ("DTSTART:20260101T1000", "Can't parse as DATE-TIME value in DTSTART property. Removing entire property: 20260101T1000"),
        ("DTSTART:2026-01-01T10:00:00", nil),
        ("DTSTAMP;VALUE=DATE:20260101", "Invalid VALUE type for property DTSTAMP: VALUE=DATE"),
        ("DTSTART;VALUE=DATE,DATE-TIME:20260101", "Invalid VALUE type for property DTSTART: VALUE=DATE,DATE-TIME"),
        ("DURATION:P1D2H", "Can't parse as DURATION value in DURATION property. Removing entire property: P1D2H"),
        ("TRIGGER;VALUE=DATE-TIME:garbage", "Can't parse as DATE-TIME value in TRIGGER property. Removing entire property: garbage"),
        ("RDATE;VALUE=PERIOD:20260101T100000Z/PT1H", nil),
        ("X-FOO;VALUE=DATE:garbage", "Can't parse as DATE value in X property. Removing entire property: garbage"),
        ("IMAGE;VALUE=TEXT:x", "Invalid VALUE type for property IMAGE: VALUE=TEXT"),
        ("REQUEST-STATUS:garbage", "Can't parse as REQUEST-STATUS value in REQUEST-STATUS property. Removing entire property: garbage"),
    ]

    func testLibicalReadsEveryFormOfLineVouchedFor() throws {
        for text in vouched {
            let property = try XCTUnwrap(property(text), text)
            XCTAssertTrue(LibicalAcceptance.vouches(for: property), text)
            XCTAssertEqual(findings(inLine: text), [], text)
        }
    }

    func testLinesNotVouchedForGetLibicalsOwnVerdict() throws {
        for (text, finding) in judged {
            let property = try XCTUnwrap(property(text), text)
            XCTAssertFalse(LibicalAcceptance.vouches(for: property), text)
            XCTAssertEqual(findings(inLine: text), finding.map { [$0] } ?? [], text)
        }
    }

    func testValueErrorIsReportedOnItsOwnLineNotTheComponents() throws {
        let path = try temporaryFile(
            crlf([
                "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z", "X-DAY;VALUE=DATE:20260101",
                "X-DAY;VALUE=DATE:garbage", "END:VEVENT", "END:VCALENDAR",
            ]))
        let diagnostics = try readCalendar(path: path).1.filter { $0.message.contains("libical") }
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 6, column: 1)])
        XCTAssertEqual(
            diagnostics.first?.message,
            "libical cannot read this value: Can't parse as DATE value in X property. Removing entire property: garbage")
    }

    /// On every calendar of the corpus, the samples and the reference tools' own test calendars: libical
    /// finds nothing in any line vouched for, and the lines handed over one by one draw the same findings
    /// as libical's parse of each whole component.
    func testLineByLineCheckFindsWhatLibicalFindsInWholeComponents() throws {
        let files = calendarFiles()
        XCTAssertGreaterThanOrEqual(files.count, 60)
        var judgedLines = 0
        for url in files {
            var scanner = CalendarScanner(input: try InputFile(path: url.path))
            while let item = try scanner.next() {
                guard case .component(let raw) = item else { continue }
                var parser = ComponentParser(file: url.path)
                parser.collectsLinesForLibical = true
                guard parser.parse(raw) != nil else { continue }
                for line in logicalLines(raw.bytes) {
                    guard let property = property(line), LibicalAcceptance.vouches(for: property) else { continue }
                    XCTAssertEqual(findings(inLine: line), [], "\(url.lastPathComponent): \(line)")
                }
                let whole = LibicalCheck.findings(in: raw.bytes).map(\.message).filter(isValueFinding)
                let byLine = parser.linesForLibical.flatMap { LibicalCheck.findings(inLine: $0.bytes) }.map(\.message).filter(
                    isValueFinding)
                XCTAssertEqual(byLine.sorted(), whole.sorted(), "\(url.lastPathComponent) line \(raw.firstLine)")
                judgedLines += parser.linesForLibical.count
            }
        }
        XCTAssertGreaterThan(judgedLines, 100, "the corpus should make libical judge some lines")
    }

    /// libical's findings that calbridge stands by: empty TEXT values (RFC 5545 allows them) and VALUE
    /// types the design table allows a property (newer RFCs gave them), which calbridge accepts.
    private func isValueFinding(_ message: String) -> Bool {
        !message.hasPrefix("No value for")
            && !PropertyDesignTable.entries.contains { design in
                (design.otherTypes + [design.type]).contains {
                    message == "Invalid VALUE type for property \(design.name): VALUE=\($0.icalendarName)"
                }
            }
    }

    private func findings(inLine text: String) -> [String] {
        LibicalCheck.findings(inLine: Array(text.utf8)).map(\.message).filter(isValueFinding)
    }

    private func property(_ text: String) -> Property? {
        let reading = ContentLineParser.parse(.init(bytes: Array(text.utf8), line: 1))
        return reading.problems.isEmpty ? reading.property : nil
    }

    /// The unfolded lines of a component's text, BEGIN and END lines left out.
    private func logicalLines(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        var lines: [String] = []
        for physical in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += physical.dropFirst()
            } else {
                lines.append(String(physical))
            }
        }
        return lines.filter { !$0.uppercased().hasPrefix("BEGIN:") && !$0.uppercased().hasPrefix("END:") }
    }

    /// The corpus, plus python icalendar's and recurring-ical-events' test calendars when `.venv` has them.
    private func calendarFiles() -> [URL] {
        let corpus = Bundle.module.resourceURL!.appendingPathComponent("Corpus")
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sitePackages = package.appendingPathComponent(".venv/lib").path
        var folders = [corpus, package.appendingPathComponent("Samples")]
        for python in (try? FileManager.default.contentsOfDirectory(atPath: sitePackages)) ?? [] {
            let site = URL(fileURLWithPath: sitePackages).appendingPathComponent(python).appendingPathComponent("site-packages")
            folders.append(site.appendingPathComponent("recurring_ical_events/test/calendars"))
            for group in ["calendars", "events", "timezones", "alarms", "todos"] {
                folders.append(site.appendingPathComponent("icalendar/tests").appendingPathComponent(group))
            }
        }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".ics") }.sorted().map { folder.appendingPathComponent($0) }
        }
    }
}
