import Foundation
import XCTest

/// `-o` writes whole-or-nothing into what the path is: a regular file is replaced by renaming, a
/// symbolic link's file is replaced and the link kept, and a named pipe or device is written into,
/// never replaced by a file (as root, replacing /dev/null would break the machine).
final class OutputDestinationTests: XCTestCase {
    func testNamedPipeIsWrittenIntoAndStaysAPipe() throws {
        let directory = try scratchDirectory()
        let pipe = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        // The reader opens the pipe first; calbridge opens it for writing only when the output is whole.
        let reader = Thread { [received = directory.appendingPathComponent("received.ics")] in
            let bytes = FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile() ?? Data()
            try? bytes.write(to: received)
        }
        reader.start()
        let result = try Calbridge.run(["convert", "-", "-o", pipe], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardError)
        let received = directory.appendingPathComponent("received.ics").path
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: received) { usleep(20_000) }
        XCTAssertEqual(try String(contentsOfFile: received, encoding: .utf8), sampleCalendar)
        var info = stat()
        XCTAssertEqual(stat(pipe, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a named pipe")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["pipe", "received.ics"])
    }

    func testSymbolicLinkKeepsPointingAtTheReplacedFile() throws {
        let directory = try scratchDirectory()
        let target = directory.appendingPathComponent("target.ics")
        try "old contents".write(to: target, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.ics").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.ics")
        let result = try Calbridge.run(["convert", "-", "-o", link], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.ics")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), sampleCalendar)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["link.ics", "target.ics"])
    }

    func testLinkToAFileNotYetThereCreatesIt() throws {
        let directory = try scratchDirectory()
        let link = directory.appendingPathComponent("link.ics").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "new.ics")
        let result = try Calbridge.run(["convert", "-", "-o", link], input: sampleCalendar)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("new.ics"), encoding: .utf8), sampleCalendar)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "new.ics")
    }

    func testAFullDeviceIsAnIOErrorAndStaysADevice() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        let result = try Calbridge.run(["convert", "-", "-o", "/dev/full"], input: sampleCalendar)
        XCTAssertEqual(result.status, 74, result.standardError)
        XCTAssertTrue(result.standardError.contains("cannot write /dev/full: \(String(cString: strerror(ENOSPC)))"), result.standardError)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType, .typeCharacterSpecial)
    }

    /// A conversion stopped by SIGTERM or Ctrl-C (here while it waits for the rest of its input)
    /// leaves neither the output nor its temporary file.
    func testAnInterruptedConversionLeavesNoTemporaryFile() throws {
        for signal in [SIGTERM, SIGINT] {
            let directory = try scratchDirectory()
            let process = Process()
            process.executableURL = Calbridge.binary
            process.arguments = ["convert", "-", "-o", directory.appendingPathComponent("out.ics").path]
            let stdin = Pipe()
            process.standardInput = stdin
            try process.run()
            stdin.fileHandleForWriting.write(Data(sampleCalendar.prefix(200).utf8))
            // Waits for the temporary file (30 s at most: a loaded machine starts a process slowly).
            for _ in 0..<1500 where try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty { usleep(20_000) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, 1, "the temporary file is there")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "signal \(signal)")
        }
    }
}
