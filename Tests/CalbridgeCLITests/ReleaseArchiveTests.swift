import Foundation
import XCTest

/// The release archive of `Scripts/package` (issue 20), unpacked in an empty folder as a user would:
/// its calbridge runs without the Swift toolchain's libraries and converts a sample.
final class ReleaseArchiveTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheUnpackedArchiveRunsAndConvertsASample() throws {
        let archive = try Self.archive()
        let folder = try scratchDirectory()
        XCTAssertEqual(try runProgram("/usr/bin/tar", ["-xzf", archive.path, "-C", folder.path]).status, 0)
        let unpacked = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let root = folder.appendingPathComponent(unpacked)
        let binary = root.appendingPathComponent("bin/calbridge").path
        let version = try runProgram(binary, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.contains("libical 3.0.") && version.output.contains("libxml2 2."), version.output)
        let sample = Self.repository.appendingPathComponent("Samples/team-calendar.ics").path
        XCTAssertEqual(try runProgram(binary, ["convert", sample, "-o", "team.jcal"], directory: folder).status, 0)
        let written = try String(contentsOf: folder.appendingPathComponent("team.jcal"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("[\"vcalendar\""), String(written.prefix(40)))
        for part in [
            "share/man/man1/calbridge.1", "share/bash-completion/completions/calbridge",
            "share/zsh/site-functions/_calbridge", "share/fish/vendor_completions.d/calbridge.fish", "README.md",
            "LICENSE", "Documentation/commands.md", "share/doc/calbridge/LICENSE",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(part).path), part)
        }
        let manual = try String(contentsOf: root.appendingPathComponent("share/man/man1/calbridge.1"), encoding: .utf8)
        XCTAssertTrue(
            manual.hasPrefix(".TH \"CALBRIDGE\" \"1\"") && manual.contains(".SH COMMANDS\n.SS convert"), String(manual.prefix(200)))
        // The Swift standard library is inside the binary: only system libraries are linked.
        let libraries = try runProgram("/usr/bin/ldd", [binary]).output
        XCTAssertFalse(libraries.contains("libswiftCore") || libraries.contains("libFoundation"), libraries)
    }

    /// The archive `Scripts/test` made before the tests (`CALBRIDGE_ARCHIVE`). It cannot be made
    /// here: `swift test` holds the build directory that the release build of `Scripts/package` needs.
    private static func archive() throws -> URL {
        guard let made = ProcessInfo.processInfo.environment["CALBRIDGE_ARCHIVE"] else {
            throw XCTSkip("set CALBRIDGE_ARCHIVE to what Scripts/package printed (Scripts/test does)")
        }
        return URL(fileURLWithPath: made)
    }
}
