import CalendarModel
import Schedules
import XCTest

/// `Samples/semester-informatik.json` and `.csv` read into exactly the timetable they describe.
final class TimetableReaderSampleTests: XCTestCase {
    private typealias Files = TimetableReaderFiles

    func testSampleCalendarTermAndChristmasBreak() throws {
        let timetable = try Files.sample("semester-informatik.json")
        XCTAssertEqual(
            timetable.calendar,
            .init(
                id: "hs-inf-3", name: "Informatik 3. Semester", color: "#1E90FF",
                timeZone: "Europe/Berlin"))
        XCTAssertEqual(timetable.term, .init(start: Files.day(2026, 10, 12), end: Files.day(2027, 2, 5)))
        XCTAssertEqual(
            timetable.breaks,
            [
                .init(
                    start: Files.day(2026, 12, 21), end: Files.day(2027, 1, 3),
                    name: "Weihnachtsferien")
            ])
    }

    func testSampleHasTwentyFiveLecturesInFileOrder() throws {
        let timetable = try Files.sample("semester-informatik.json")
        XCTAssertEqual(
            timetable.lectures.map(\.id),
            [
                "DB-V", "BS-V", "THI-V", "SE-U", "THI-T", "RN-V", "DB-U1", "STO-V", "SE-P", "BS-U", "SE-V", "STO-U", "DB-P",
                "BS-T", "DB-T", "THI-U", "RN-U", "ENG-U", "DB-U2", "STO-T", "RN-T", "BS-P", "ITS-V", "RN-P", "ITS-U",
            ])
        XCTAssertEqual(Set(timetable.lectures.compactMap(\.kind)), ["Vorlesung", "Übung", "Praktikum", "Tutorium"])
    }

    func testSampleLecturesReadWithEveryField() throws {
        let lectures = Dictionary(uniqueKeysWithValues: try Files.sample("semester-informatik.json").lectures.map { ($0.id, $0) })
        XCTAssertEqual(
            lectures["DB-V"],
            .init(
                id: "DB-V", title: "Datenbanken", kind: "Vorlesung",
                lecturer: "Prof. Dr. Anja Müller", room: "H1.12", weekday: .monday,
                start: 495, end: 585, weeks: .all))
        XCTAssertEqual(
            lectures["SE-P"],
            .init(
                id: "SE-P", title: "Softwareprojekt", kind: "Praktikum",
                lecturer: "Prof. Dr. Claudia Wagner", room: "L1.10", weekday: .tuesday,
                start: 855, end: 1080, weeks: .list([43, 45, 47, 49, 51, 2, 4])))
        XCTAssertEqual(
            lectures["DB-P"],
            .init(
                id: "DB-P", title: "Datenbanken", kind: "Praktikum",
                lecturer: "Dipl.-Inf. Peter Schröder", room: "L3.01", weekday: .wednesday,
                start: 855, end: 1050, weeks: .even))
        XCTAssertEqual(lectures["DB-U1"]?.title, "Datenbanken, Gruppe 1")
        XCTAssertEqual(lectures["DB-U1"]?.lecturer, "Julia Weber, M.Sc.")
        XCTAssertEqual(lectures["STO-T"]?.weeks, .odd)
        XCTAssertEqual(lectures["STO-T"]?.weekday, .thursday)
        XCTAssertEqual(
            lectures["ITS-U"],
            .init(
                id: "ITS-U", title: "IT-Sicherheit", kind: "Übung",
                lecturer: "Nina Wolf, M.Sc.", room: "R2.11", weekday: .friday,
                start: 855, end: 945, weeks: .odd))
    }

    func testSampleChangesAllReadIncludingTheMoveAcrossTheEndOfSummerTime() throws {
        let changes = try Files.sample("semester-informatik.json").changes
        let d = Files.day
        XCTAssertEqual(
            changes,
            [
                .init(
                    lecture: "THI-V", date: d(2026, 10, 26),
                    kind: .moved(start: Files.time(d(2026, 10, 23), 16, 0), end: Files.time(d(2026, 10, 23), 17, 30)),
                    room: "H1.12", note: "Vorgezogen wegen Dienstreise"),
                .init(lecture: "DB-V", date: d(2026, 11, 16), kind: .cancelled, note: "Krankheit"),
                .init(
                    lecture: "DB-V", date: d(2026, 11, 23),
                    kind: .moved(start: Files.time(d(2026, 11, 27), 8, 15), end: Files.time(d(2026, 11, 27), 9, 45)),
                    room: "H2.01", note: "Nachholtermin"),
                .init(lecture: "SE-V", date: d(2026, 12, 2), kind: .room, room: "H3.03", note: "Raumtausch"),
                .init(
                    lecture: "RN-V", date: d(2027, 1, 12), kind: .room, room: "H1.12",
                    note: "H2.01 ist wegen einer Klausur belegt"),
                .init(lecture: "BS-P", date: d(2027, 1, 22), kind: .cancelled, note: "Labor wegen Wartung geschlossen"),
            ])
    }

    func testSampleCSVAloneIsTheJSONWithoutItsChanges() throws {
        var expected = try Files.sample("semester-informatik.json")
        expected.changes = []
        XCTAssertEqual(try Files.sample("semester-informatik.csv"), expected)
    }

    func testSampleCSVWithTheJSONAsBaseIsTheJSON() throws {
        let json = try Files.sample("semester-informatik.json")
        XCTAssertEqual(try Files.sample("semester-informatik.csv", base: json), json)
    }

    func testSampleCSVSettingsOverrideTheBaseAndItsRowsFillAnEmptyBase() throws {
        let json = try Files.sample("semester-informatik.json")
        var base = json
        base.calendar.name = "Alter Name"
        base.lectures = []
        base.changes = []
        var expected = json
        expected.changes = []
        XCTAssertEqual(try Files.sample("semester-informatik.csv", base: base), expected)
    }
}
