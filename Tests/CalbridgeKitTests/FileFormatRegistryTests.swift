import CalbridgeKit
import CalendarDocuments
import Foundation
import XCTest

/// The library's formats are the format registry's: the same names in the same order, the same
/// writable ones and extensions, and a format it only reads is refused for writing, never written
/// as another.
final class FileFormatRegistryTests: XCTestCase {
    func testTheLibrarysFormatsAreTheRegistrys() {
        XCTAssertEqual(CalendarFileFormat.allCases.map(\.rawValue), CalendarFormat.all.map(\.rawValue))
        for format in CalendarFileFormat.allCases {
            let registered = CalendarFormat(rawValue: format.rawValue)
            XCTAssertEqual(format.isWritable, registered?.isWritable, format.rawValue)
            XCTAssertEqual(format.title, registered?.descriptor.title)
            XCTAssertEqual(CalendarFileFormat(rawValue: format.rawValue), format)
            for fileExtension in registered?.descriptor.extensions ?? [] {
                XCTAssertEqual(
                    CalendarFileFormat(fileExtension: fileExtension)?.rawValue,
                    CalendarFormat(path: "calendar." + fileExtension)?.rawValue, fileExtension)
            }
        }
        XCTAssertEqual(
            [CalendarFileFormat.ics, .modelJSON, .xCal, .jCal, .vCard, .timetable].map(\.rawValue),
            ["ics", "json", "xcal", "jcal", "vcf", "timetable"])
        XCTAssertNil(CalendarFileFormat(rawValue: "pdf"))
        XCTAssertNil(CalendarFileFormat(fileExtension: "pdf"))
    }

    func testAFormatOnlyReadIsAnErrorToWriteAndNoNameFallsBackToICalendar() throws {
        var calendar = EventCalendar()
        calendar.add(
            Event(
                title: "Kolloquium", startDate: Date(timeIntervalSince1970: 1_800_000_000),
                endDate: Date(timeIntervalSince1970: 1_800_003_600), timeZone: TimeZone(identifier: "UTC") ?? .current,
                uid: "kolloquium@example.org"))
        for format in CalendarFileFormat.allCases where !format.isWritable {
            XCTAssertThrowsError(try calendar.data(as: format)) { error in
                XCTAssertTrue(
                    (error as? CalendarWritingError)?.message.hasPrefix("calbridge reads \(format.rawValue), ") == true, "\(error)")
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["contacts.vcf", "out.pdf"] {
            XCTAssertThrowsError(try calendar.write(to: folder.appendingPathComponent(name)), name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
        try calendar.write(to: folder.appendingPathComponent("plain"))
        let plain = try String(contentsOf: folder.appendingPathComponent("plain"), encoding: .utf8)
        XCTAssertTrue(plain.hasPrefix("BEGIN:VCALENDAR\r\n"), "a name without an extension is iCalendar")
        try calendar.write(to: folder.appendingPathComponent("out.jcal"))
        let jcal = try String(contentsOf: folder.appendingPathComponent("out.jcal"), encoding: .utf8)
        XCTAssertTrue(jcal.hasPrefix("[\"vcalendar\""), jcal)
    }
}
