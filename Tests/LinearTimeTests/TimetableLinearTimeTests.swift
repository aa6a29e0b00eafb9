import Schedules
import XCTest

/// Timetables, JSON and CSV, are read (or refused) in time proportional to their size.
final class TimetableLinearTimeTests: XCTestCase {
    private let settings = "# calendar.id=inf\n# calendar.timezone=Europe/Berlin\n# term.start=2026-10-12\n# term.end=2027-02-05\n"
    private let header = "id,title,weekday,start,end\n"

    /// Reads a timetable and, when it is read, makes its calendar, as `schedule` does.
    private func schedule(_ read: () throws -> Timetable) {
        guard let timetable = try? read(), let schedule = try? ScheduleCalendar(timetable: timetable) else { return }
        _ = schedule.calendar(stamps: [:])
    }
    private func readCSV(_ bytes: [UInt8]) { schedule { try TimetableReader().read(csv: bytes, file: "shape.csv", base: nil) } }
    private func readJSON(_ bytes: [UInt8]) { schedule { try TimetableReader().read(json: bytes, file: "shape.json") } }

    /// A file of `size` bytes of lectures (distinct ids) after the settings.
    private func lectures(_ size: Int) -> [UInt8] {
        var bytes = Array(header.utf8)
        for index in 0..<(size / 30) { bytes += Array("L\(index),Datenbanken,MO,08:15,09:45\n".utf8) }
        return bytes
    }

    func testACSVSettingWithAHugeValueIsReadOrRefusedInLinearTime() {
        // The shape of the report: a 140 KB file whose one setting line holds a 60 KB value. The
        // calendar id went into every lecture's UID; the others are used once.
        for key in ["calendar.id", "calendar.name", "term.name"] {
            assertLinear(
                "timetable csv one huge \(key)", size: 8 << 10,
                input: { size in
                    let others = self.settings.split(separator: "\n").filter { !$0.hasPrefix("# \(key)=") }.joined(separator: "\n")
                    return Array("# \(key)=".utf8) + repeated("Informatik ", toBytes: size) + Array(("\n" + others + "\n").utf8)
                        + self.lectures(size)
                }, read: readCSV)
        }
    }

    func testACSVWithManyRowsOrOneHugeFieldIsReadInLinearTime() {
        assertLinear("timetable csv many rows", size: 16 << 10, input: { Array(self.settings.utf8) + self.lectures($0) }, read: readCSV)
        assertLinear(
            "timetable csv one huge quoted field", size: 64 << 10,
            input: { size in
                Array((self.settings + self.header + "L1,\"").utf8) + repeated("Daten \"\"banken\"\", ", toBytes: size)
                    + Array("\",MO,08:15,09:45\n".utf8)
            }, read: readCSV)
    }

    func testAJSONTimetableWithManyLecturesOrOneHugeStringIsReadInLinearTime() {
        let head =
            #"{"calendar":{"id":"inf","name":"Inf","timezone":"Europe/Berlin"},"term":{"start":"2026-10-12","end":"2027-02-05"},"lectures":["#
        assertLinear(
            "timetable json many lectures", size: 16 << 10,
            input: { size in
                var lectures: [String] = []
                for index in 0..<(size / 90) {
                    lectures.append(#"{"id":"L\#(index)","title":"Datenbanken","weekday":"MO","start":"08:15","end":"09:45"}"#)
                }
                return Array((head + lectures.joined(separator: ",") + "]}").utf8)
            }, read: readJSON)
        assertLinear(
            "timetable json one huge title", size: 64 << 10,
            input: { size in
                Array((head + #"{"id":"L","title":""#).utf8) + repeated(#"Daten \"banken\" "#, toBytes: size)
                    + Array(#"","weekday":"MO","start":"08:15","end":"09:45"}]}"#.utf8)
            }, read: readJSON)
    }
}
