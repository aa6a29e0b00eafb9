import CalendarTransfer
import Foundation
import XCTest

/// `verify` on two directory stores (the vdir layout: one `.ics` file a resource). The resources
/// are written as servers hand them back: Radicale 3.9.0 and Xandikos 0.4.10, given a resource by
/// `import` and read back by GET, keep every property and its value but reorder them (Radicale puts
/// DTSTART first, Xandikos SUMMARY), so the "server's copy" here moves properties, restamps DTSTAMP,
/// writes its own PRODID and refolds, and a copy that leaves the VTIMEZONE to the tz database drops it.
final class StoreVerificationTests: XCTestCase {
    private static let berlin = """
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        TZNAME:CEST\r
        DTSTART:19810329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        TZNAME:CET\r
        DTSTART:19961027T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    /// A weekly lecture with one moved occurrence, as the source holds it.
    private static let lecture =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp.//CalDAV Client//EN\r\n" + berlin + """
            BEGIN:VEVENT\r
            UID:lecture-1@example.org\r
            DTSTAMP:20260101T000000Z\r
            DTSTART;TZID=Europe/Berlin:20261012T081500\r
            DTEND;TZID=Europe/Berlin:20261012T094500\r
            RRULE:FREQ=WEEKLY;COUNT=10\r
            SUMMARY:Datenbanken\r
            LOCATION:H1.12\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:lecture-1@example.org\r
            DTSTAMP:20260101T000000Z\r
            RECURRENCE-ID;TZID=Europe/Berlin:20261019T081500\r
            DTSTART;TZID=Europe/Berlin:20261019T100000\r
            DTEND;TZID=Europe/Berlin:20261019T113000\r
            SUMMARY:Datenbanken (moved)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """

    private static let meeting = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example Corp.//CalDAV Client//EN\r
        BEGIN:VEVENT\r
        UID:meeting-2@example.org\r
        DTSTAMP:20260101T000000Z\r
        DTSTART:20261013T100000Z\r
        DTEND:20261013T110000Z\r
        SUMMARY:Team meeting\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A directory store holding `resources` (UID → text), each in `UID.ics`.
    private func store(_ resources: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (uid, text) in resources {
            try text.write(to: folder.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    private func verify(_ source: [String: String], _ target: [String: String]) throws -> StoreVerificationReport {
        let access = StoreAccess(user: nil, password: nil)
        let held = try StoreLocation.open(try store(source), access: access, create: false, makeDirectory: false)
        let written = try StoreLocation.open(try store(target), access: access, create: false, makeDirectory: false)
        return try StoreVerification(source: held, target: written).compare()
    }

    private var source: [String: String] { ["lecture-1@example.org": Self.lecture, "meeting-2@example.org": Self.meeting] }

    func testTwoStoresHoldingTheSameResourcesAgree() throws {
        let report = try verify(source, source)
        XCTAssertTrue(report.agrees)
        XCTAssertEqual(report.compared, 2)
        XCTAssertEqual(report.text, "")
        XCTAssertEqual(report.summary, "2 on both, 2 agree, 0 differ; 0 missing on the target, 0 only on the target")
    }

    func testWhatAServerRewritesIsNoDifference() throws {
        // Restamped, another PRODID, properties and parameters in another order, a long line folded.
        let rewritten = Self.lecture
            .replacingOccurrences(of: "DTSTAMP:20260101T000000Z", with: "DTSTAMP:20261127T120000Z")
            .replacingOccurrences(of: "PRODID:-//Example Corp.//CalDAV Client//EN", with: "PRODID:-//Radicale//NONSGML Radicale Server//EN")
            .replacingOccurrences(of: "SUMMARY:Datenbanken\r\nLOCATION:H1.12\r\n", with: "LOCATION:H1.\r\n 12\r\nSUMMARY:Datenbanken\r\n")
            .replacingOccurrences(of: "RRULE:FREQ=WEEKLY;COUNT=10", with: "RRULE:COUNT=10;FREQ=WEEKLY")
        let report = try verify(source, ["lecture-1@example.org": rewritten, "meeting-2@example.org": Self.meeting])
        XCTAssertTrue(report.agrees, report.text)
    }

    func testAZoneWrittenOtherwiseOrLeftToTheTzDatabaseIsNoDifference() throws {
        // Other abbreviations, a LAST-MODIFIED, rules that start in another year: the same offsets.
        let respelled = Self.lecture.replacingOccurrences(of: "TZNAME:CEST", with: "TZNAME:MESZ")
            .replacingOccurrences(of: "TZID:Europe/Berlin\r\nBEGIN", with: "TZID:Europe/Berlin\r\nLAST-MODIFIED:20240101T000000Z\r\nBEGIN")
            .replacingOccurrences(of: "DTSTART:19961027T030000", with: "DTSTART:20001029T030000")
        let withoutZone = Self.lecture.replacingOccurrences(of: Self.berlin, with: "")
        XCTAssertTrue(try verify(source, ["lecture-1@example.org": respelled, "meeting-2@example.org": Self.meeting]).agrees)
        XCTAssertTrue(try verify(source, ["lecture-1@example.org": withoutZone, "meeting-2@example.org": Self.meeting]).agrees)
    }

    func testAZoneWithOtherOffsetsIsADifference() throws {
        let moved = Self.lecture.replacingOccurrences(of: "TZOFFSETTO:+0200", with: "TZOFFSETTO:+0300")
            .replacingOccurrences(of: "TZOFFSETFROM:+0200", with: "TZOFFSETFROM:+0300")
        let report = try verify(source, ["lecture-1@example.org": moved, "meeting-2@example.org": Self.meeting])
        XCTAssertEqual(report.different.map(\.uid), ["lecture-1@example.org"])
        XCTAssertEqual(
            report.different.map(\.difference), ["VTIMEZONE Europe/Berlin gives other offsets on the target at the events' times"])
    }

    func testAChangedSummaryIsTheFirstDifference() throws {
        let changed = Self.meeting.replacingOccurrences(of: "SUMMARY:Team meeting", with: "SUMMARY:Team meeting (cancelled)")
        let report = try verify(source, ["lecture-1@example.org": Self.lecture, "meeting-2@example.org": changed])
        XCTAssertFalse(report.agrees)
        XCTAssertEqual(
            report.text,
            "differs meeting-2@example.org: VEVENT SUMMARY: \"Team meeting\" on the source, \"Team meeting (cancelled)\" on the target\n")
    }

    func testAMissingOverrideIsNamedByItsRecurrenceID() throws {
        let end = Self.lecture.range(of: "BEGIN:VEVENT\r\nUID:lecture-1@example.org\r\nDTSTAMP:20260101T000000Z\r\nRECURRENCE-ID")!
        let withoutOverride = String(Self.lecture[..<end.lowerBound]) + "END:VCALENDAR\r\n"
        let report = try verify(source, ["lecture-1@example.org": withoutOverride, "meeting-2@example.org": Self.meeting])
        XCTAssertEqual(report.different.map(\.difference), ["VEVENT override 20261019T081500 is missing on the target"])
    }

    func testMissingAndExtraResourcesAreListedInTextAndJSON() throws {
        let other = Self.meeting.replacingOccurrences(of: "meeting-2@", with: "other-3@")
        let report = try verify(source, ["lecture-1@example.org": Self.lecture, "other-3@example.org": other])
        XCTAssertEqual(report.missing, ["meeting-2@example.org"])
        XCTAssertEqual(report.extra, ["other-3@example.org"])
        XCTAssertEqual(report.text, "missing meeting-2@example.org: only on the source\nextra other-3@example.org: only on the target\n")
        XCTAssertEqual(
            report.jsonLines,
            """
            {"uid": "meeting-2@example.org", "status": "missing", "difference": null}
            {"uid": "other-3@example.org", "status": "extra", "difference": null}

            """)
        XCTAssertEqual(report.summary, "1 on both, 1 agree, 0 differ; 1 missing on the target, 1 only on the target")
    }
}
