import CalendarModel
import Foundation
import ICalendar
import Platform
import VCalendar
import XCTest

/// What a vCalendar file becomes is iCalendar 2.0 that calbridge's own reader reads without a single
/// problem, and that says it is 2.0.
final class VCalendarOutputTests: XCTestCase {
    private static let samples = ["nokia-s60.vcs", "sony-ericsson.vcs", "outlook-2003.vcs", "samsung.vcs", "version-one.ics"]

    /// The sample read, translated and written as iCalendar.
    static func writtenSample(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Resources/" + name, withExtension: nil))
        let reading = VCalendarReader.read(Array(try Data(contentsOf: url)), file: name)
        var writer = ICalendarWriter()
        reading.calendars.forEach { writer.write($0) }
        return writer.bytes
    }

    func testEverySampleIsWrittenAsICalendarThatReadsWithoutAProblem() throws {
        for name in Self.samples {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vcs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent(name + ".ics").path
            try Data(try Self.writtenSample(name)).write(to: URL(fileURLWithPath: path))
            var reader = CalendarStreamReader()
            var versions: [String] = []
            try reader.read(try InputFile(path: path)) { event in
                if case .property(let property) = event, property.name == "VERSION" { versions.append(property.value) }
            }
            XCTAssertEqual(reader.diagnostics.map(\.description), [], name)
            XCTAssertEqual(versions, ["2.0"], name)
        }
    }
}
