import CalendarModel
@testable import ICalendar
import XCTest

/// The one-master-per-UID check keeps each series member as a fingerprint and its details, spilled
/// to scratch files past a bound: members whose fingerprints meet are still told apart by their
/// text, repeats in different runs are found by the merge, and each finding says where the first
/// member stood, in which input, at the place the component's own findings end.
final class SeriesMembersTests: XCTestCase {
    private func event(_ uid: String, line: Int, recurrenceID: String? = nil) -> Component {
        var properties = [Property(name: "UID", value: uid)]
        if let recurrenceID { properties.append(Property(name: "RECURRENCE-ID", value: recurrenceID)) }
        return Component(name: "VEVENT", properties: properties, location: SourceLocation(line: line, column: 1))
    }

    /// Notes each event (in `one.ics`, at slot = its line) and returns the findings.
    private func problems(_ checks: inout CalendarWideChecks, _ events: [Component], file: String = "one.ics") throws -> [(
        slot: Int, diagnostic: Diagnostic
    )] {
        for event in events { try checks.note(try XCTUnwrap(SeriesIdentity(of: event)), file: file, slot: event.location?.line ?? 0) }
        return try checks.seriesProblems()
    }

    func testMembersWhoseFingerprintsMeetAreToldApartByTheirText() throws {
        // Every member gets the same fingerprint: only the text tells them apart.
        var checks = CalendarWideChecks(members: SeriesMembers(fingerprint: { _, _ in 7 }))
        let found = try problems(
            &checks,
            [
                event("a@example.org", line: 3), event("b@example.org", line: 9),
                event("a@example.org", line: 12, recurrenceID: "20260105T090000Z"), event("a@example.org", line: 20),
                event("b@example.org", line: 25), event("c@example.org", line: 30),
            ])
        XCTAssertEqual(found.map(\.slot), [20, 25])
        XCTAssertEqual(found.map { $0.diagnostic.location?.line }, [20, 25])
        XCTAssertEqual(
            found.map { String($0.diagnostic.message.prefix(61)) },
            [
                "VEVENT has UID a@example.org as the component at line 3 does,",
                "VEVENT has UID b@example.org as the component at line 9 does,",
            ])
    }

    func testASecondMasterInALaterInputNamesTheInputAndLineOfTheFirst() throws {
        var checks = CalendarWideChecks()
        try checks.note(try XCTUnwrap(SeriesIdentity(of: event("a@example.org", line: 4))), file: "one.ics", slot: 0)
        try checks.note(
            try XCTUnwrap(SeriesIdentity(of: event("a@example.org", line: 8, recurrenceID: "20260105T090000Z"))), file: "two.ics", slot: 1)
        try checks.note(
            try XCTUnwrap(SeriesIdentity(of: event("a@example.org", line: 30, recurrenceID: "20260105T090000Z"))), file: "one.ics", slot: 2)
        try checks.note(try XCTUnwrap(SeriesIdentity(of: event("a@example.org", line: 40))), file: "two.ics", slot: 2)
        let found = try checks.seriesProblems()
        XCTAssertEqual(found.map(\.slot), [2, 2])
        XCTAssertEqual(found.map(\.diagnostic.file), ["one.ics", "two.ics"])
        XCTAssertEqual(
            found[0].diagnostic.message,
            "VEVENT overrides RECURRENCE-ID 20260105T090000Z of UID a@example.org a second time (first at two.ics line 8); "
                + "RFC 5545 §3.8.4.7 allows one override per instance: remove one or correct its RECURRENCE-ID")
        XCTAssertEqual(
            found[1].diagnostic.message,
            "VEVENT has UID a@example.org as the component at one.ics line 4 does, and neither has a RECURRENCE-ID, "
                + "so the series has two masters (RFC 5545 §3.8.4.7): give one of them another UID or a RECURRENCE-ID")
    }

    /// Runs of four records and 200 bytes of details: the members go to scratch files almost at once,
    /// and repeats planted runs apart are found by merging them, the same as when all stay in memory.
    func testRepeatsInDifferentSpilledRunsAreFoundInTheOrderMet() throws {
        var events = (1...60).map { event("event-\($0)@example.org", line: 10 * $0) }
        events.insert(event("event-2@example.org", line: 605), at: 59)
        events.append(event("event-2@example.org", line: 700))
        events.append(event("event-7@example.org", line: 710, recurrenceID: "20260105T090000Z"))
        events.append(event("event-7@example.org", line: 720, recurrenceID: "20260105T090000Z"))
        events.append(event("event-59@example.org", line: 730))
        var spilling = CalendarWideChecks(members: SeriesMembers(runLength: 4, heldDetails: 200))
        var held = CalendarWideChecks()
        let spilled = try problems(&spilling, events), inMemory = try problems(&held, events)
        let expected = [
            (605, "VEVENT has UID event-2@example.org as the component at line 20 does"),
            (700, "VEVENT has UID event-2@example.org as the component at line 20 does"),
            (720, "VEVENT overrides RECURRENCE-ID 20260105T090000Z of UID event-7@example.org a second time (first at line 710)"),
            (730, "VEVENT has UID event-59@example.org as the component at line 590 does"),
        ]
        for found in [spilled, inMemory] {
            XCTAssertEqual(found.map(\.slot), expected.map(\.0))
            XCTAssertEqual(found.map { $0.diagnostic.location?.line }, expected.map(\.0))
            XCTAssertEqual(zip(found, expected).filter { $0.diagnostic.message.hasPrefix($1.1) }.count, expected.count, "\(found)")
        }
    }
}
