import Foundation
import XCTest

/// Docs that cannot rot (issue 30): every command of the README's and the user guide's
/// ```` ```console ```` blocks is run as a reader would paste it, and its exit status (0, or what a
/// following `$ echo $?` shows) and, where the page shows output, that output are checked: the lines
/// of standard error and standard output, in either order.
///
/// Each block runs by `/bin/sh` in a scratch folder of its own holding links to `Samples/` and
/// `Documentation/`, with the debug binary standing in for `calbridge` on PATH, TZ=UTC and no
/// CALBRIDGE_PASSWORD. A console block may hold only `calbridge` commands. Blocks that need a server, or that show a command not
/// meant to run here, use another fence (```` ```sh ````) and are not run.
final class DocumentationCommandsTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryCommandTheReadmeShowsRunsAsShown() throws {
        let checked = try check(page: "README.md")
        XCTAssertGreaterThanOrEqual(checked, 5, "the README's quick start shows its commands in console blocks")
    }

    func testEveryCommandTheGuideShowsRunsAsShown() throws {
        let folder = Self.repository.appendingPathComponent("Documentation")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(pages.isEmpty, "Documentation/ holds the guide")
        var checked = 0
        for page in pages { checked += try check(page: "Documentation/" + page) }
        XCTAssertGreaterThanOrEqual(checked, 20, "every command of the guide has an example")
    }

    /// The dependency lines (`from: "0.9.0"`) and the release archive's name (`calbridge-0.9.0-linux`)
    /// say the version `--version` prints, so a tag of that version is what the docs ask for.
    func testEveryVersionTheDocsNameIsTheOneCalbridgePrints() throws {
        let printed = try Calbridge.run(["--version"]).standardOutput.split(separator: " ")
        let version = try XCTUnwrap(printed.dropFirst().first.map(String.init))
        let pattern = try NSRegularExpression(pattern: #"(?:from: "|calbridge-)([0-9]+\.[0-9]+\.[0-9]+)"#)
        var named = 0
        for page in ["README.md", "Sources/CalbridgeKit/Documentation.docc/GettingStarted.md"] {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let found = Range(match.range(at: 1), in: text).map { String(text[$0]) }
                XCTAssertEqual(found, version, page)
            }
            named += pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        }
        XCTAssertGreaterThanOrEqual(named, 3, "the README's dependency line and archive name, and the article's")
    }

    func testAShownEllipsisStandsForAnyLinesAndCarriageReturnsDoNotCount() {
        XCTAssertTrue(ConsoleBlocks.matches(shown: ["a", "…", "d"], printed: ["a", "b", "c", "d\r"]))
        XCTAssertTrue(ConsoleBlocks.matches(shown: ["a", "…"], printed: ["a"]))
        XCTAssertFalse(ConsoleBlocks.matches(shown: ["a", "…", "d"], printed: ["a", "b"]))
        XCTAssertFalse(ConsoleBlocks.matches(shown: ["a"], printed: ["a", "b"]))
    }

    func testAnEllipsisInsideALineStandsForAnyText() {
        XCTAssertTrue(
            ConsoleBlocks.matches(shown: ["import: 8 created (… resources/s)"], printed: ["import: 8 created (1167 resources/s)"]))
        XCTAssertTrue(ConsoleBlocks.matches(shown: ["a…c…e"], printed: ["abcde"]))
        XCTAssertFalse(ConsoleBlocks.matches(shown: ["import: 8 created (… resources/s)"], printed: ["import: 9 created (12 resources/s)"]))
        XCTAssertFalse(ConsoleBlocks.matches(shown: ["ab…ba"], printed: ["aba"]))
    }

    func testABlockReadsCommandsContinuedLinesOutputAndStatus() {
        let page = "text\n```console\n$ calbridge recur X \\\n  --count 2\none\ntwo\n$ echo $?\n65\n```\n```sh\n$ calbridge no\n```\n"
        let blocks = ConsoleBlocks(page, page: "page.md").blocks
        XCTAssertEqual(blocks.count, 1)
        XCTAssertEqual(blocks[0].commands.map(\.command), ["calbridge recur X \\\n  --count 2"])
        XCTAssertEqual(blocks[0].commands[0].output, ["one", "two"])
        XCTAssertEqual(blocks[0].commands[0].status, 65)
        XCTAssertEqual(blocks[0].commands[0].place, "page.md:3")
    }

    /// Runs a page's console blocks and checks each command; the number of commands checked.
    private func check(page: String) throws -> Int {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
        var checked = 0
        for block in ConsoleBlocks(text, page: page).blocks {
            let folder = try blockFolder()
            for shown in block.commands {
                XCTAssertTrue(shown.command.hasPrefix("calbridge "), "\(shown.place): a console block runs only calbridge")
                let result = try run(shown.command, in: folder)
                XCTAssertEqual(result.status, shown.status, "\(shown.place): \(shown.command)\n\(result.errors.joined(separator: "\n"))")
                // A terminal interleaves the two streams as they come, so either one may be shown first.
                let printed = [result.errors + result.output, result.output + result.errors]
                if !shown.output.isEmpty && !printed.contains(where: { ConsoleBlocks.matches(shown: shown.output, printed: $0) }) {
                    XCTFail("\(shown.place): \(shown.command) printed\n\(printed[0].joined(separator: "\n"))")
                }
                checked += 1
            }
        }
        return checked
    }

    /// A scratch folder with `Samples/`, `Documentation/` (the guide's own examples) and
    /// `.bin/calbridge`, the binary under test.
    private func blockFolder() throws -> URL {
        let folder = try scratchDirectory()
        let manager = FileManager.default
        for linked in ["Samples", "Documentation"] {
            try manager.createSymbolicLink(
                at: folder.appendingPathComponent(linked),
                withDestinationURL: Self.repository.appendingPathComponent(linked))
        }
        try manager.createDirectory(at: folder.appendingPathComponent(".bin"), withIntermediateDirectories: false)
        try manager.createSymbolicLink(at: folder.appendingPathComponent(".bin/calbridge"), withDestinationURL: Calbridge.binary)
        return folder
    }

    /// Runs one shown command by the shell; its status and the lines of standard output and of
    /// standard error (read from a file, so that neither pipe can fill while the other is read).
    private func run(_ command: String, in folder: URL) throws -> (status: Int32, output: [String], errors: [String]) {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-docs-\(UUID().uuidString)")
        XCTAssertTrue(FileManager.default.createFile(atPath: errors.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        process.environment = [
            "PATH": folder.appendingPathComponent(".bin").path + ":/usr/bin:/bin", "TZ": "UTC",
            "LANG": "C.UTF-8", "HOME": folder.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let warned = try String(contentsOf: errors, encoding: .utf8)
        return (process.terminationStatus, lines(printed), lines(warned))
    }

    /// The lines of what a command printed. CRLF is one Character to Swift, so it is made LF first.
    private func lines(_ text: String) -> [String] {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        return text.isEmpty ? [] : Array(text.components(separatedBy: "\n").dropLast(text.hasSuffix("\n") ? 1 : 0))
    }
}
