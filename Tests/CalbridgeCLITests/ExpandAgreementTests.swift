import Foundation
import XCTest

/// `calbridge expand` against recurring-ical-events (PyPI, in `.venv`), occurrence for occurrence,
/// on every calendar in Samples/ and the test corpus.
final class ExpandAgreementTests: XCTestCase {
    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Calendars where calbridge is right and recurring-ical-events is not, each pinned by its own test.
    static let knownDisagreements = [
        "korganizer-legacy-exrule.ics": "recurring-ical-events ignores EXRULE; see testLegacyExruleRemovesItsInstances"
    ]

    func testEveryCalendarExpandsLikeRecurringIcalEvents() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let folders = ["Samples", "Tests/ICalendarTests/Corpus"].map { packageRoot.appendingPathComponent($0) }
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }
                .filter { Self.knownDisagreements[$0] == nil }.map { folder.appendingPathComponent($0).path }
        }
        try assertAgreement(python, files, from: "2025-01-01", to: "2028-01-01", allowingSkipped: 1)
    }

    /// recurring-ical-events' own test calendars (94 it reads, many written to pin real producers'
    /// mistakes), expanded over 1970–2040: calbridge agrees on all but the two that rule 10 of the
    /// messy-series rules decides otherwise, each pinned below.
    func testRecurringIcalEventsOwnCalendarsExpandAlike() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let folder = try referenceCalendarFolder(python)
        let differing = [
            "issue_201_mixed_datetime_and_date.ics", "issue_201_test_matrix.ics",
            // recurring-ical-events refuses it ("UNTIL parameter is missing"); see MessySeries D_unknownpart.
            "bad_rrule_missing_until_event.ics",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") && !differing.contains($0) }
            .map { folder + "/" + $0 }
        XCTAssertEqual(files.count, 92)
        try assertAgreement(python, files, from: "1970-01-01", to: "2040-01-01", allowingSkipped: 0)
    }

    /// Rule 10: RFC 5545 §3.8.2.2 wants DTEND "specified as a date with local time" when DTSTART is a
    /// DATE, so a DATE start with a date-time end is a producer's slip, not a timed event:
    /// recurring-ical-events turns the start into 00:00Z, calbridge keeps the day all-day and the end as written.
    func testADateStartWithADateTimeEndStaysAllDayUnlikeRecurringIcalEvents() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let path = try referenceCalendarFolder(python) + "/issue_201_mixed_datetime_and_date.ics"
        let result = try Calbridge.run(["expand", path, "--from", "2023-01-01", "--to", "2024-01-01"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains(#""start": "2023-07-24", "end": "2023-08-17T00:00:00Z", "all_day": true"#), result.standardOutput
        )
    }

    private func referenceCalendarFolder(_ python: String) throws -> String {
        let program = "import os, recurring_ical_events; print(os.path.dirname(recurring_ical_events.__file__) + '/test/calendars')"
        return try runPython(python, program, []).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Birthday calendars from every sample address book, under each 29 February rule, expanded over
    /// ten years with two leap years (2024 and 2028).
    func testBirthdayCalendarsExpandLikeRecurringIcalEvents() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let samples = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Samples").path)
            .filter { $0.hasPrefix("contacts-") }.map { packageRoot.appendingPathComponent("Samples/" + $0).path }
        let directory = try scratchDirectory()
        var files: [String] = []
        for rule in ["leap-only", "feb28", "mar1"] {
            let out = directory.appendingPathComponent("birthdays-\(rule).ics").path
            let result = try Calbridge.run(["birthdays"] + samples + ["--feb29", rule, "-o", out])
            XCTAssertEqual(result.status, 0, result.standardError)
            files.append(out)
        }
        try assertAgreement(python, files, from: "2024-01-01", to: "2034-01-01", allowingSkipped: 0)
    }

    private func assertAgreement(_ python: String, _ files: [String], from: String, to: String, allowingSkipped: Int) throws {
        let (status, report) = try runPython(python, Self.comparison, [Calbridge.binary.path, from, to] + files)
        XCTAssertEqual(status, 0, report)
        let same = report.split(separator: "\n").filter { $0.hasPrefix("same ") }.count
        XCTAssertGreaterThanOrEqual(same, files.count - allowingSkipped, report)
    }

    func testLegacyExruleRemovesItsInstances() throws {
        let path = packageRoot.appendingPathComponent("Tests/ICalendarTests/Corpus/korganizer-legacy-exrule.ics").path
        let result = try Calbridge.run(["expand", path, "--from", "2025-01-01", "--to", "2025-05-01"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let starts = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("libkcal-1837262519.842") else { return nil }
            return line.components(separatedBy: "\"start\": \"")[1].prefix(10).description
        }
        // Weekly on Thursday from 9 January, less EXRULE:FREQ=MONTHLY;BYDAY=-1TH (RFC 2445 §4.8.5.2):
        // the last Thursdays 30 January, 27 February, 27 March and 24 April are gone.
        XCTAssertEqual(
            starts,
            [
                "2025-01-09", "2025-01-16", "2025-01-23", "2025-02-06", "2025-02-13", "2025-02-20",
                "2025-03-06", "2025-03-13", "2025-03-20", "2025-04-03", "2025-04-10", "2025-04-17",
            ])
    }

    /// Expands each file with recurring-ical-events and with calbridge and compares (UID, start, end),
    /// instants in UTC, floating times and dates as written.
    private static let comparison = """
        import sys, json, datetime, subprocess, icalendar, recurring_ical_events
        def norm(v):
            if isinstance(v, datetime.datetime):
                if v.tzinfo is None: return v.strftime("%Y-%m-%dT%H:%M:%S")
                return v.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            return v.strftime("%Y-%m-%d")
        def ours_norm(s):
            if len(s) == 10 or s.endswith("Z") or len(s) == 19: return s
            return datetime.datetime.fromisoformat(s).astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        binary, start, end = sys.argv[1], sys.argv[2], sys.argv[3]
        status = 0
        for path in sys.argv[4:]:
            try:
                calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
            except Exception:
                print("skipped", path, "(python icalendar cannot read it)")
                continue
            reference = set()
            for c in recurring_ical_events.of(calendar, components=["VEVENT"]).between(
                    datetime.date.fromisoformat(start), datetime.date.fromisoformat(end)):
                s = c.get("DTSTART").dt
                e = c.get("DTEND").dt if c.get("DTEND") else (s + c.get("DURATION").dt if c.get("DURATION") else
                    (s if isinstance(s, datetime.datetime) else s + datetime.timedelta(days=1)))
                reference.add((str(c.get("UID", "")), norm(s), norm(e)))
            run = subprocess.run([binary, "expand", path, "--from", start, "--to", end], capture_output=True, text=True)
            events = {str(c.get("UID", "")) for c in calendar.walk("VEVENT")}
            ours = {(o["uid"], ours_norm(o["start"]), ours_norm(o["end"])) for o in map(json.loads, run.stdout.splitlines())}
            # An event without UID has one calbridge made from its content; the reference has none.
            ours = {("" if o[0] not in events and o[0].startswith("calbridge-") else o[0],) + o[1:] for o in ours}
            ours = {o for o in ours if o[0] in events}
            if run.returncode != 0 or ours != reference:
                status = 1
                print("DIFFERENT", path, run.stderr[:300], "calbridge only:", sorted(ours - reference)[:5],
                      "recurring-ical-events only:", sorted(reference - ours)[:5])
            else:
                print("same", path, len(ours))
        sys.exit(status)
        """
}
