import CalendarCSV
import XCTest

/// Google's and Outlook's calendar CSV are read, and written back, in time proportional to their size.
final class CalendarCSVLinearTimeTests: XCTestCase {
    private let header = "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\n"

    /// Reads the file and, when it is read, writes its events as Google's form, as `convert --to csv` does.
    private func readAndWrite(_ bytes: [UInt8]) {
        guard let calendar = try? CalendarCSVReader.read(bytes, file: "shape.csv").calendar else { return }
        _ = try? CalendarCSVWriter.write(calendar, options: CalendarCSVOptions())
    }

    func testManyRowsOrRowsTakenForCommentsAreReadAndWrittenInLinearTime() {
        assertLinear(
            "calendar csv many rows", size: 16 << 10,
            input: { size in
                var bytes = Array(self.header.utf8)
                for index in 0..<(size / 70) {
                    bytes += Array("Meeting \(index),05/30/2020,10:00 AM,05/30/2020,1:00 PM,False,,Room,False\n".utf8)
                }
                return bytes
            }, read: readAndWrite)
        assertLinear(
            "calendar csv many # rows", size: 16 << 10,
            input: { size in
                Array(self.header.utf8) + repeated("#tag,2026-03-02,9:00,,,False,,,\n", toBytes: size)
            }, read: readAndWrite)
    }

    func testOneHugeCellIsReadOrRefusedInLinearTime() {
        assertLinear(
            "calendar csv one huge description", size: 64 << 10,
            input: { size in
                Array((self.header + "A,05/30/2020,10:00 AM,,,False,\"").utf8) + repeated("Agenda, \"\"Q2\"\"\n", toBytes: size)
                    + Array("\",,\n".utf8)
            }, read: readAndWrite)
        for column in ["date", "time"] {
            assertLinear(
                "calendar csv one huge \(column)", size: 64 << 10,
                input: { size in
                    let digits = repeated("12", toBytes: size)
                    return Array((self.header + "A,").utf8)
                        + (column == "date" ? digits + Array(",".utf8) : Array("05/30/2020,".utf8) + digits)
                        + Array(",,,False,,,\n".utf8)
                }, read: readAndWrite)
        }
    }

    func testAHeaderOfManyUnknownColumnsIsReadInLinearTime() {
        assertLinear(
            "calendar csv many unknown columns", size: 16 << 10,
            input: { size in
                Array("Subject,Start Date".utf8) + repeated(",Colour", toBytes: size) + Array("\nA,2026-03-02\n".utf8)
            }, read: readAndWrite)
    }
}
