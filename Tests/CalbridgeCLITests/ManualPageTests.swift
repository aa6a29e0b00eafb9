import Foundation
import XCTest

/// The manual page `Scripts/manual-page` writes from the binary's command definitions (issue 30):
/// the sections a reader of `man calbridge` looks for, in order; nothing groff warns about; every
/// line within 80 columns; examples that paste whole; nothing that points into the source tree.
final class ManualPageTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testTheManualHasItsSectionsInOrder() throws {
        let sections = try manualPage().components(separatedBy: "\n").filter { $0.hasPrefix(".SH ") }
        XCTAssertEqual(
            sections,
            [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT",
                "FILES", "EXAMPLES", "SEE ALSO",
            ].map { ".SH " + $0 })
    }

    func testGroffFindsNothingToWarnAboutAndEveryLineFitsEightyColumns() throws {
        let page = try scratchDirectory().appendingPathComponent("calbridge.1")
        try manualPage().write(to: page, atomically: true, encoding: .utf8)
        let warnings = try shell("groff -man -ww -z \"$0\" 2>&1", page.path)
        XCTAssertEqual(warnings.status, 0)
        XCTAssertEqual(warnings.output, "")
        let shown = try shell("groff -man -Tutf8 -P-cbou -rLL=80n \"$0\"", page.path).output.components(separatedBy: "\n")
        XCTAssertGreaterThan(shown.count, 300)
        XCTAssertEqual(shown.filter { $0.count > 80 }, [])
    }

    func testEveryExampleIsAWholeCommandToPaste() throws {
        let page = try manualPage()
        let examples = try XCTUnwrap(page.components(separatedBy: "\n.SH ").first { $0.hasPrefix("EXAMPLES\n") })
        let lines = examples.components(separatedBy: "\n").filter { !$0.hasPrefix(".") && $0 != "EXAMPLES" }
        XCTAssertGreaterThan(lines.count, 20)
        for (line, previous) in zip(lines, [""] + lines) {
            XCTAssertTrue(line.hasPrefix("calbridge ") || previous.hasSuffix(" \\e"), line)
        }
    }

    func testTheManualPointsToNoScriptOfTheSourceTree() throws {
        XCTAssertFalse(try manualPage().contains("Scripts/"))
    }

    /// The page as Scripts/install makes it: the binary's command definitions through the script.
    private func manualPage() throws -> String {
        let help = try scratchDirectory().appendingPathComponent("help.json")
        try Calbridge.run(["--experimental-dump-help"]).standardOutput.write(to: help, atomically: true, encoding: .utf8)
        let page = try shell("\"$0\" < \"$1\"", Self.repository.appendingPathComponent("Scripts/manual-page").path, help.path)
        XCTAssertEqual(page.status, 0)
        return page.output
    }

    private func shell(_ command: String, _ arguments: String...) throws -> (status: Int32, output: String) {
        try runProgram("/bin/sh", ["-c", command] + arguments)
    }
}
