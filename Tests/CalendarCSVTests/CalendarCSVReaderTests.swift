import CalendarModel
import Foundation
import XCTest
@testable import CalendarCSV

/// The samples (see Resources/README.md for how each producer writes them) read with the right
/// times, all-day flags and texts; dates are checked, never guessed.
final class CalendarCSVReaderTests: XCTestCase {
    static func sample(_ name: String) throws -> [UInt8] {
        let url = Bundle.module.bundleURL.appendingPathComponent("Resources").appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    private func events(_ name: String, options: CalendarCSVOptions = CalendarCSVOptions()) throws -> ([Component], [Diagnostic]) {
        let (calendar, diagnostics) = try CalendarCSVReader.read(try Self.sample(name), file: name, options: options)
        return (calendar.components, diagnostics)
    }

    func testGoogleSampleHasFloatingTimesAndAnInclusiveAllDayEndMadeExclusive() throws {
        let (events, diagnostics) = try events("google.csv")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(events.map { $0["DTSTART"]?.value }, ["20200530T100000", "20200316", "20200602T153000"])
        XCTAssertEqual(events.map { $0["DTEND"]?.value }, ["20200530T130000", "20200321", "20200602T163000"])
        XCTAssertEqual(events[1]["DTSTART"]?[parameter: "VALUE"], "DATE")
        XCTAssertNil(events[0]["DTSTART"]?[parameter: "TZID"])
        XCTAssertEqual(events[0]["LOCATION"]?.text, "Columbia, Schermerhorn 614")
        XCTAssertEqual(events[0]["CLASS"]?.value, "PRIVATE")
        XCTAssertNil(events[1]["CLASS"])
        XCTAssertEqual(events[0]["SUMMARY"]?.text, "Final exam")
        XCTAssertTrue(events.allSatisfy { $0["DTSTAMP"]?.value == "19700101T000000Z" && $0["UID"] != nil })
    }

    func testOutlookEnglishSampleReadsRemindersCategoriesAndItsExclusiveAllDayEnd() throws {
        let (events, diagnostics) = try events("outlook-en.csv")
        XCTAssertEqual(events.map { $0["DTSTART"]?.value }, ["20260316T090000", "20260403", "20260421T141500"])
        XCTAssertEqual(events.map { $0["DTEND"]?.value }, ["20260316T103000", "20260404", "20260421T150000"])
        XCTAssertEqual(events[0]["DESCRIPTION"]?.text, "Weekly sync\nAgenda: budget")
        XCTAssertEqual(events[0]["CATEGORIES"]?.textList, ["Business", "Planning"])
        XCTAssertEqual(events[0]["PRIORITY"]?.value, "1")
        XCTAssertEqual(events[0].children(named: "VALARM").first?["TRIGGER"]?.value, "-PT15M")
        XCTAssertEqual(events[2].children(named: "VALARM").first?["TRIGGER"]?.value, "-P1D")
        XCTAssertEqual(events[2]["CLASS"]?.value, "PRIVATE")
        XCTAssertEqual(events[1]["TRANSP"]?.value, "TRANSPARENT")
        XCTAssertTrue(events[1].children(named: "VALARM").isEmpty)
        // The organizer and attendees have no addresses to become ATTENDEEs: said once, with counts.
        XCTAssertEqual(
            diagnostics.map(\.message),
            ["the values of Meeting Organizer (1 row), Required Attendees (1 row) have no place in the calendar"])
    }

    func testGermanOutlookSampleInWindows1252IsDecodedAndSaidSoOnce() throws {
        let (events, diagnostics) = try events("outlook-de-cp1252.csv")
        XCTAssertEqual(events.map { $0["SUMMARY"]?.text }, ["Prüfungsamt", "Betriebsausflug"])
        XCTAssertEqual(events.map { $0["DTSTART"]?.value }, ["20260302T090000", "20260313"])
        XCTAssertEqual(events.map { $0["DTEND"]?.value }, ["20260302T100000", "20260315"])
        XCTAssertEqual(events[0]["CATEGORIES"]?.textList, ["Geschäftlich"])
        XCTAssertEqual(events[0].children(named: "VALARM").first?["TRIGGER"]?.value, "-PT15M")
        XCTAssertEqual(events[1]["LOCATION"]?.text, "Überlingen")
        XCTAssertEqual(diagnostics.map(\.severity), [.notice])
        XCTAssertTrue(diagnostics[0].message.contains("Windows-1252"))
    }

    func testAFileWhoseEveryDateReadsBothWaysIsRefusedAskingForTheOrder() throws {
        XCTAssertThrowsError(try events("ambiguous.csv")) { error in
            let failure = error as? InvalidCalendarData
            XCTAssertEqual(failure?.diagnostics.first?.location, SourceLocation(line: 2, column: 9))
            XCTAssertTrue(failure?.message.contains("--date-order mdy") ?? false, failure?.message ?? "")
        }
        let (dayFirst, _) = try events("ambiguous.csv", options: CalendarCSVOptions(dateOrder: .dmy))
        XCTAssertEqual(dayFirst.map { $0["DTSTART"]?.value }, ["20260403T090000", "20260605T140000"])
        let (monthFirst, _) = try events("ambiguous.csv", options: CalendarCSVOptions(dateOrder: .mdy))
        XCTAssertEqual(monthFirst.map { $0["DTSTART"]?.value }, ["20260304T090000", "20260506T140000"])
    }

    func testADateOfNeitherOrderNeitherSettlesNorBlursTheOrder() throws {
        let text = "Subject,Start Date\nBad,13/13/2026\nDentist,03/04/2026\n"
        XCTAssertThrowsError(try CalendarCSVReader.read(Array(text.utf8), file: "n.csv")) { error in
            XCTAssertEqual((error as? InvalidCalendarData)?.diagnostics.map(\.location), [SourceLocation(line: 3, column: 9)])
        }
        let (calendar, diagnostics) = try CalendarCSVReader.read(
            Array(text.utf8), file: "n.csv", options: CalendarCSVOptions(dateOrder: .dmy))
        XCTAssertEqual(calendar.components.map { $0["DTSTART"]?.value }, ["20260403"])
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 2, column: 5)])
    }

    func testADateContradictingTheFilesOrderIsAnErrorAtItsCellAndItsRowIsSkipped() throws {
        let (events, diagnostics) = try events("contradicting.csv")
        XCTAssertEqual(events.map { $0["SUMMARY"]?.text }, ["Kick-off", "Planning"])
        XCTAssertEqual(events.map { $0["DTSTART"]?.value }, ["20260413T090000", "20260405T090000"])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(line: 3, column: 7))
        XCTAssertEqual(diagnostics.first?.severity, .error)
        XCTAssertTrue(diagnostics.first?.message.contains("as 13/04/2026 at 2:10 says") ?? false, diagnostics.first?.message ?? "")
    }

    func testADateContradictingTheGivenOrderIsAnErrorAtItsCell() throws {
        let (events, diagnostics) = try events("contradicting.csv", options: CalendarCSVOptions(dateOrder: .mdy))
        XCTAssertEqual(events.map { $0["SUMMARY"]?.text }, ["Retro", "Planning"])
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 2, column: 10)])
        XCTAssertTrue(diagnostics[0].message.contains("--date-order mdy"), diagnostics[0].message)
    }

    func testReadingTheSameFileAgainGivesTheSameUIDsAndEqualRowsStayApart() throws {
        let text = "Subject,Start Date\nStand-up,2026-03-02\nStand-up,2026-03-02\nLunch,2026-03-02\n"
        let first = try CalendarCSVReader.read(Array(text.utf8), file: "a.csv").calendar.components.map { $0["UID"]?.value }
        let again = try CalendarCSVReader.read(Array(text.utf8), file: "b.csv").calendar.components.map { $0["UID"]?.value }
        XCTAssertEqual(first, again)
        XCTAssertEqual(Set(first).count, 3)
        XCTAssertEqual(first[1], (first[0] ?? "") + "-2")
    }

    func testARowWithoutAStartTimeIsAllDayAndTheTimeCanCarryASubjectStartingWithHash() throws {
        let text = "Subject,Start Date,Start Time\n#1 priority,2026-03-02,\n"
        let (calendar, diagnostics) = try CalendarCSVReader.read(Array(text.utf8), file: "h.csv")
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(calendar.components.first?["SUMMARY"]?.text, "#1 priority")
        XCTAssertEqual(calendar.components.first?["DTEND"]?.value, "20260303")
    }

    func testTimesInAGivenZoneCarryItsTZID() throws {
        let text = "Subject,Start Date,Start Time,End Time\nCall,2026-03-02,9:00 PM,9:30 PM\n"
        let event = try CalendarCSVReader.read(Array(text.utf8), file: "z.csv", options: CalendarCSVOptions(zone: "Europe/Berlin"))
            .calendar.components.first
        XCTAssertEqual(event?["DTSTART"]?[parameter: "TZID"], "Europe/Berlin")
        XCTAssertEqual(event?["DTSTART"]?.value, "20260302T210000")
        XCTAssertEqual(event?["DTEND"]?.value, "20260302T213000")
    }

    func testAReminderTimeThatCannotBeReadIsNotGuessed() throws {
        let text =
            "Subject,Start Date,Start Time,Reminder on/off,Reminder Date,Reminder Time\nCall,3/16/2026,9:00:00 AM,True,3/16/2026,8:45 Uhr\n"
            + "Lunch,3/16/2026,12:00:00 PM,True,3/16/2026,\n"
        let (calendar, diagnostics) = try CalendarCSVReader.read(Array(text.utf8), file: "r.csv")
        XCTAssertEqual(calendar.components.map { $0.children(named: "VALARM").first?["TRIGGER"]?.value }, ["-PT12H"])
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 2, column: 42)])
    }

    func testUnreadableCellsSkipTheirRowWithTheCellsPlace() throws {
        let text =
            "Subject,Start Date,Start Time,End Date,End Time\nA,2026-02-30,9:00,,\nB,2026-03-02,25:00,,\nC,2026-03-02,10:00,2026-03-02,9:00\nD,2026-03-02,10:00,,\n"
        let (calendar, diagnostics) = try CalendarCSVReader.read(Array(text.utf8), file: "bad.csv")
        XCTAssertEqual(calendar.components.map { $0["SUMMARY"]?.text }, ["D"])
        XCTAssertEqual(
            diagnostics.map(\.location),
            [
                SourceLocation(line: 2, column: 3), SourceLocation(line: 3, column: 14),
                SourceLocation(line: 4, column: 31),
            ])
    }

    func testColumnsCalbridgeDoesNotReadAreNamedOnceAtTheHeader() throws {
        let text = "Subject,Start Date,Colour,Location,Location\nLunch,2026-03-02,blue,Canteen,Roof\n"
        let (calendar, diagnostics) = try CalendarCSVReader.read(Array(text.utf8), file: "x.csv")
        XCTAssertEqual(calendar.components.first?["LOCATION"]?.text, "Canteen")
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "x.csv:1:1: warning: calbridge reads nothing from the columns Colour, Location (not calendar CSV columns, or named twice) (repair: drops their values)"
            ])
    }

    func testAHeaderOfNoCalendarCSVIsRefusedNamingTheKnownOnes() throws {
        let text = "id,title,weekday,start,end\nDB,Datenbanken,MO,08:15,09:45\n"
        XCTAssertFalse(CalendarCSVReader.recognizes(head: Array(text.utf8)))
        XCTAssertThrowsError(try CalendarCSVReader.read(Array(text.utf8), file: "t.csv")) { error in
            let message = (error as? InvalidCalendarData)?.message ?? ""
            XCTAssertTrue(message.contains("Subject,Start Date,Start Time,End Date,End Time,All Day Event"), message)
            XCTAssertTrue(message.contains("Betreff,Beginnt am"), message)
        }
        XCTAssertTrue(CalendarCSVReader.recognizes(head: try Self.sample("google.csv")))
        // A spreadsheet may save empty rows above the header.
        XCTAssertTrue(CalendarCSVReader.recognizes(head: Array("\r\n,,,\r\n".utf8) + (try Self.sample("google.csv"))))
        XCTAssertTrue(CalendarCSVReader.recognizes(head: Array(try Self.sample("outlook-de-cp1252.csv").prefix(512))))
    }

    func testOutlooksColumnOrderIsTheOneItsExportsWrite() {
        XCTAssertEqual(
            CalendarCSVColumn.outlook(.german).map(\.german),
            [
                "Betreff", "Beginnt am", "Beginnt um", "Endet am", "Endet um", "Ganztägiges Ereignis", "Erinnerung Ein/Aus",
                "Erinnerung am", "Erinnerung um", "Besprechungsplanung", "Erforderliche Teilnehmer", "Optionale Teilnehmer",
                "Besprechungsressourcen", "Abrechnungsinformationen", "Beschreibung", "Kategorien", "Ort", "Priorität", "Privat",
                "Reisekilometer", "Vertraulichkeit", "Zeitspanne zeigen als",
            ])
        XCTAssertEqual(
            CalendarCSVColumn.outlook(.english).map(\.english).suffix(9),
            [
                "Billing Information", "Categories", "Description", "Location", "Mileage", "Priority", "Private", "Sensitivity",
                "Show time as",
            ])
    }
}
