import Foundation
import XCTest

/// `view -o week.pdf` on paper: printed by headless Chromium from the HTML page (or converted from
/// the SVG by rsvg-convert), and read back with poppler's `pdfinfo` (pages, their size) and
/// `pdftoppm` (page 1 as a PNG, decoded like the browser tests' screenshots). Scripts/setup --python
/// installs all three (chromium, librsvg2-bin, poppler-utils).
final class ViewPrintingTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// A poppler tool's path, or a skip (a failure on CI, where Scripts/test installs it).
    private func poppler(_ name: String) throws -> String {
        let path = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("\(name) is missing; run Scripts/test") }
            throw XCTSkip("\(name) is missing; Scripts/setup --python installs poppler-utils")
        }
        return path
    }

    /// Runs calbridge with PATH set to `path`, so that the test chooses which printers it finds.
    private func view(_ arguments: [String], path: String) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = Calbridge.binary
        process.arguments = ["view"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path]) { $1 }
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    /// A folder holding only a link to `program`, for a PATH on which it is the one printer.
    private func pathWith(_ program: String?) throws -> String {
        let folder = try scratchDirectory().appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let program {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/" + program) else { throw XCTSkip("\(program) is not installed") }
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(program).path, withDestinationPath: "/usr/bin/" + program)
        }
        return folder.path
    }

    /// `Pages:` and `Page size:` as pdfinfo prints them.
    private func info(_ pdf: URL) throws -> (pages: Int, width: Double, height: Double) {
        let printed = try runProgram(try poppler("pdfinfo"), [pdf.path]).output
        func field(_ name: String) -> String {
            printed.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map {
                $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            } ?? ""
        }
        let size = field("Page size").split(separator: " ")
        return (Int(field("Pages")) ?? 0, Double(size.first ?? "") ?? 0, Double(size.count > 2 ? size[2] : "") ?? 0)
    }

    func testAPrintedWeekIsOneLandscapePageWithTheListOnTheNext() throws {
        let directory = try scratchDirectory()
        let pdf = directory.appendingPathComponent("week.pdf")
        let printed = try view(
            [
                samples.appendingPathComponent("semester-informatik.json").path, "--week", "2026-W43", "--tz", "Europe/Berlin",
                "-o", pdf.path,
            ], path: try pathWith("chromium"))
        XCTAssertEqual(printed.status, 0, printed.error)
        let pages = try info(pdf)
        // A4 landscape, in points: 297 × 210 mm.
        XCTAssertEqual(pages.width, 841.92, accuracy: 0.5)
        XCTAssertEqual(pages.height, 594.96, accuracy: 0.5)
        XCTAssertGreaterThanOrEqual(pages.pages, 2)
        // The week whole on page 1 (Monday to Sunday, the last lecture's hour), the list after it.
        let text = try runProgram(try poppler("pdftotext"), ["-layout", pdf.path, "-"]).output.components(separatedBy: "\u{0C}")
        XCTAssertTrue(["Mon", "Sun", "25 Oct", "17:00", "Tutorium"].allSatisfy(text[0].contains), text[0])
        XCTAssertFalse(text[0].contains("Monday 19 October 2026"))
        XCTAssertTrue(text[1].contains("Events") && text[1].contains("Monday 19 October 2026"), text[1])
        // Page 1 as a picture: landscape, not blank, the boxes' #1E90FF lightened to 35 % on
        // white paper (#B0D8FF) over the area of 23 boxes.
        let stem = directory.appendingPathComponent("page")
        XCTAssertEqual(
            try runProgram(try poppler("pdftoppm"), ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf.path, stem.path]).status,
            0)
        let pixels = try ViewInBrowserTests.pixels(stem.appendingPathExtension("png"), ["#b0d8ff", "#1e90ff"])
        XCTAssertGreaterThan(pixels.width, pixels.height)
        XCTAssertLessThan(pixels.white, pixels.width * pixels.height * 9 / 10)
        XCTAssertGreaterThan(pixels.wanted[0], pixels.width * pixels.height / 20)
        let letter = directory.appendingPathComponent("letter.pdf")
        XCTAssertEqual(
            try view(
                [
                    samples.appendingPathComponent("semester-informatik.json").path, "--week", "2026-W43", "--paper", "letter",
                    "-o", letter.path,
                ], path: try pathWith("chromium")
            ).status, 0)
        XCTAssertEqual(try info(letter).width, 792, accuracy: 0.5)
    }

    func testWithoutChromiumRsvgConvertTurnsThePictureIntoAPDF() throws {
        let pdf = try scratchDirectory().appendingPathComponent("month.pdf")
        let printed = try view(
            [samples.appendingPathComponent("semester-informatik.json").path, "--month", "2026-10", "-o", pdf.path],
            path: try pathWith("rsvg-convert"))
        XCTAssertEqual(printed.status, 0, printed.error)
        let pages = try info(pdf)
        XCTAssertEqual(pages.pages, 1)
        // The picture's own size: 1,066 px wide is 799.5 pt at 96 px to the inch.
        XCTAssertEqual(pages.width, 799.5, accuracy: 1)
    }

    func testWithNoPrinterViewSaysWhatToInstallAndWritesNothing() throws {
        let pdf = try scratchDirectory().appendingPathComponent("week.pdf")
        let printed = try view(
            [
                samples.appendingPathComponent("semester-informatik.json").path, "--week", "2026-W43", "--format", "pdf",
                "-o", pdf.path,
            ], path: try pathWith(nil))
        XCTAssertEqual(printed.status, 69)
        XCTAssertTrue(printed.error.contains("apt-get install chromium") && printed.error.contains("librsvg2-bin"), printed.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
    }
}
