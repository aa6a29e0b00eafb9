import ICalendar
@testable import Occurrences
import Platform
import XCTest

/// `StreamedExpansion` expands events in batches as they are read, with the zones known by then,
/// and stops doing so when a zone comes late or the budget runs over. With batches of two events
/// every stage is reached in a short calendar; the output must be the one a single batch at the end,
/// with every zone known, gives.
final class StreamedExpansionStagesTests: XCTestCase {
    /// A zone the tz database does not have, so only the file's definition gives its +03:00.
    private static let ownZone = [
        "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "TZNAME:CZ", "END:STANDARD", "END:VTIMEZONE",
    ]

    private static func event(_ uid: String, day: Int, zone: String? = "Custom/Zone", rule: String? = nil) -> [String] {
        let start =
            zone.map { "DTSTART;TZID=\($0):202610\(String(format: "%02d", day))T100000" }
            ?? "DTSTART:202610\(String(format: "%02d", day))T100000"
        return ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", start, "DURATION:PT1H"] + (rule.map { ["RRULE:" + $0] } ?? [])
            + ["SUMMARY:\(uid)", "END:VEVENT"]
    }

    private func expand(_ lines: [String], batchSize: Int, budget: Int = 10_000) throws -> [String] {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        let (start, end) = try WindowDate.window(from: "2026-10-01", to: "2026-11-01")
        var expansion = StreamedExpansion(
            window: SeriesExpansion.Window(start: start, end: end, zone: nil), format: .jsonl,
            displayZoneName: nil, budget: budget)
        expansion.batchSize = batchSize
        var reader = expansion.reader
        try reader.read(InputFile(name: "stages.ics", contents: Array(text.utf8))) { try expansion.take($0) }
        var bytes: [UInt8] = []
        try expansion.finish { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testAZoneDefinedAfterBatchesWereExpandedMakesThemExpandAgainInIt() throws {
        let events = (1...6).flatMap { Self.event("e\($0)", day: $0) }
        let streamed = try expand(events + Self.ownZone, batchSize: 2)
        XCTAssertEqual(streamed, try expand(events + Self.ownZone, batchSize: 1_000))
        XCTAssertEqual(streamed.count, 6)
        XCTAssertTrue(streamed[0].contains(#""start": "2026-10-01T10:00:00+03:00""#), streamed[0])
    }

    func testACalendarZoneNamedAfterBatchesWereExpandedPlacesTheirFloatingTimes() throws {
        let events = (1...6).flatMap { Self.event("f\($0)", day: $0, zone: nil) }
        let streamed = try expand(events + ["X-WR-TIMEZONE:Asia/Tokyo"], batchSize: 2)
        XCTAssertEqual(streamed, try expand(events + ["X-WR-TIMEZONE:Asia/Tokyo"], batchSize: 1_000))
        XCTAssertTrue(streamed[0].contains(#""start": "2026-10-01T10:00:00+09:00""#), streamed[0])
    }

    /// Each copy of a master counts its instances while expanded early, so the early count runs
    /// over where the series, expanded once, fits: it is expanded again rather than refused.
    func testAnEarlyOverrunOfACopiedMasterIsExpandedAgainAndFits() throws {
        let master = Self.event("daily", day: 1, zone: "Europe/Berlin", rule: "FREQ=DAILY;COUNT=4")
        let lines = try expand(master + master + master, batchSize: 1, budget: 6)
        XCTAssertEqual(lines.count, 4)
        XCTAssertThrowsError(
            try expand(
                master + Self.event("other", day: 1, zone: "Europe/Berlin", rule: "FREQ=DAILY;COUNT=4"),
                batchSize: 1, budget: 6))
    }
}
