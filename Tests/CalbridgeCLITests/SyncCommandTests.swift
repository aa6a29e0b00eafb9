import Foundation
import XCTest

/// A timetable edited step by step and synced to a directory store after each edit: only what
/// changed is written, SEQUENCE rises, nothing is duplicated and nothing is left behind.
final class SyncCommandTests: XCTestCase {
    private func timetable(lectures: [String], changes: [String] = []) -> String {
        """
        {"calendar": {"id": "hs-inf-3", "name": "Informatik 3", "color": "#1E90FF", "timezone": "Europe/Berlin"},
         "term": {"start": "2026-10-12", "end": "2027-02-05",
                  "breaks": [{"start": "2026-12-21", "end": "2027-01-03", "name": "Weihnachtsferien"}]},
         "lectures": [\(lectures.joined(separator: ",\n"))],
         "changes": [\(changes.joined(separator: ",\n"))]}
        """
    }

    private let db =
        #"{"id": "DB-V", "title": "Datenbanken", "kind": "Vorlesung", "lecturer": "Prof. Müller", "room": "H1.12", "weekday": "MO", "start": "08:15", "end": "09:45", "weeks": "all"}"#
    private let se =
        #"{"id": "SE-V", "title": "Software Engineering", "kind": "Vorlesung", "room": "H2.01", "weekday": "WE", "start": "10:00", "end": "11:30", "weeks": "odd"}"#

    private func snapshot(_ store: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) {
            files[name] = try String(contentsOf: store.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    private func sync(_ text: String, _ directory: URL) throws -> CommandResult {
        try text.write(to: directory.appendingPathComponent("semester.json"), atomically: true, encoding: .utf8)
        return try Calbridge.run(["sync", "semester.json", "--to", "store", "--state", "state.json"], directory: directory)
    }

    func testEachEditWritesOnlyWhatChanged() throws {
        let directory = try scratchDirectory()
        let store = directory.appendingPathComponent("store")

        let first = try sync(timetable(lectures: [db, se]), directory)
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertTrue(first.standardError.contains("2 created, 0 updated, 0 deleted, 0 untouched"), first.standardError)
        let initial = try snapshot(store)
        XCTAssertEqual(initial.count, 2)

        let again = try sync(timetable(lectures: [db, se]), directory)
        XCTAssertTrue(again.standardError.contains("0 created, 0 updated, 0 deleted, 2 untouched"), again.standardError)
        XCTAssertEqual(try snapshot(store), initial, "a run with nothing changed touches nothing")

        let cancel = #"{"lecture": "DB-V", "date": "2026-11-16", "type": "cancelled", "note": "Krankheit"}"#
        let edited = try sync(timetable(lectures: [db, se], changes: [cancel]), directory)
        XCTAssertTrue(edited.standardError.contains("0 created, 1 updated, 0 deleted, 1 untouched"), edited.standardError)
        let afterCancel = try snapshot(store)
        let dbFile = try XCTUnwrap(afterCancel.keys.first { $0.contains("db-v") })
        let seFile = try XCTUnwrap(afterCancel.keys.first { $0.contains("se-v") })
        XCTAssertEqual(afterCancel[seFile], initial[seFile], "the untouched lecture keeps its file byte for byte")
        XCTAssertTrue(afterCancel[dbFile]!.contains("STATUS:CANCELLED"))
        XCTAssertTrue(afterCancel[dbFile]!.contains("SEQUENCE:1\r\n"))
        XCTAssertEqual(afterCancel[dbFile]!.components(separatedBy: "BEGIN:VEVENT").count - 1, 2, "master and one override")

        let moved =
            #"{"lecture": "DB-V", "date": "2026-11-23", "type": "moved", "start": "2026-11-27T08:15", "end": "2026-11-27T09:45", "room": "H2.01"}"#
        _ = try sync(timetable(lectures: [db, se], changes: [cancel, moved]), directory)
        XCTAssertTrue(try snapshot(store)[dbFile]!.contains("SEQUENCE:2\r\n"))

        let removed = try sync(timetable(lectures: [db], changes: [cancel, moved]), directory)
        XCTAssertTrue(removed.standardError.contains("0 created, 0 updated, 1 deleted, 1 untouched"), removed.standardError)
        XCTAssertEqual(Array(try snapshot(store).keys), [dbFile], "nothing left behind")
    }

    func testBadTimetableIsRefusedWithItsPlaceAndNothingWritten() throws {
        let directory = try scratchDirectory()
        let wrong = db.replacingOccurrences(of: "\"MO\"", with: "\"XX\"")
        let result = try sync(timetable(lectures: [wrong]), directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.standardError.contains("$.lectures[0].weekday"), result.standardError)
        // validate reads calendars, not timetables: the advice points at the timetable's fields instead.
        XCTAssertTrue(
            result.standardError.contains("correct the timetable (`calbridge schedule --help` lists its fields)"), result.standardError)
        XCTAssertFalse(result.standardError.contains("calbridge validate"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("state.json").path))
    }

    func testATimetableOnStandardInputIsToldJSONOrCSVByItsContent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let csv = try String(contentsOf: root.appendingPathComponent("Samples/semester-informatik.csv"), encoding: .utf8)
        let fromFile = try Calbridge.run(["schedule", root.appendingPathComponent("Samples/semester-informatik.csv").path])
        let fromStandardInput = try Calbridge.run(["schedule", "-"], input: csv)
        XCTAssertEqual(fromStandardInput.status, 0, fromStandardInput.standardError)
        // DTSTAMP is the moment each run wrote (no state file): two runs may be a second apart.
        let withoutStamps = { (text: String) in text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") } }
        XCTAssertEqual(withoutStamps(fromStandardInput.standardOutput), withoutStamps(fromFile.standardOutput))
        XCTAssertTrue(fromFile.standardOutput.contains("DTSTAMP:"), fromFile.standardOutput)
        let json = try Calbridge.run(["schedule", "-"], input: timetable(lectures: [db]))
        XCTAssertEqual(json.status, 0, json.standardError)
        XCTAssertTrue(json.standardOutput.contains("SUMMARY:Datenbanken"), json.standardOutput)
    }

    func testForeignStateFileIsRefusedNotOverwritten() throws {
        let directory = try scratchDirectory()
        try "{\"hello\": 1}".write(to: directory.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let result = try sync(timetable(lectures: [db]), directory)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8), "{\"hello\": 1}")
    }
}
