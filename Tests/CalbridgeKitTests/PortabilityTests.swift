import Foundation
import XCTest

/// The library targets build on macOS and iOS as well as Linux: nothing Linux-only is imported or
/// called except where `#if canImport(…)` (or `#if os(Linux)`) has made sure it is there. Checked
/// on the sources, since this machine cannot build for Apple platforms.
final class PortabilityTests: XCTestCase {
    /// Modules only Linux (or only swift-corelibs-foundation) has.
    private let linuxOnly = ["Glibc", "Musl", "SwiftGlibc", "FoundationNetworking", "FoundationXML"]

    func testNoLibraryTargetUsesALinuxOnlyModuleOutsideItsOwnCondition() throws {
        let sources = samples.deletingLastPathComponent().appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0 != "calbridge" }
        XCTAssertTrue(targets.contains("CalbridgeKit") && targets.contains("ICalendar") && targets.contains("Platform"), "\(targets)")
        var checked = 0
        for target in targets {
            let folder = sources.appendingPathComponent(target)
            for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                XCTAssertEqual(unguardedUses(in: text), [], "\(target)/\(path)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 150)
    }

    func testTheCheckFindsAnUnguardedImportAndAQualifiedCall() {
        XCTAssertEqual(unguardedUses(in: "import Glibc\nlet x = 1\n"), ["1: import Glibc"])
        XCTAssertEqual(unguardedUses(in: "#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\n"), ["4: import Glibc"])
        XCTAssertEqual(unguardedUses(in: "#if canImport(Glibc)\nimport Glibc\n#endif\nlet n = Glibc.read(0, nil, 0)\n"), ["4: let n = Glibc.read(0, nil, 0)"])
        XCTAssertEqual(unguardedUses(in: "#if canImport(Glibc)\nimport Glibc\nlet r = Glibc.read\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"), [])
    }

    /// The lines (numbered) that import or name a Linux-only module where no enclosing `#if`
    /// branch is that module's `canImport` or `os(Linux)`.
    private func unguardedUses(in text: String) -> [String] {
        var branches: [String] = []
        var found: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                branches.append(String(line.dropFirst(4)))
            } else if line.hasPrefix("#elseif ") {
                branches[branches.count - 1] = String(line.dropFirst(8))
            } else if line.hasPrefix("#else") {
                branches[branches.count - 1] = "else"
            } else if line.hasPrefix("#endif") {
                branches.removeLast()
            } else if !line.hasPrefix("//") {
                for module in linuxOnly where line.contains("import \(module)") || line.contains("\(module).") {
                    let guarded = branches.contains { $0.contains("canImport(\(module))") || $0.contains("os(Linux)") }
                    if !guarded { found.append("\(index + 1): \(line)") }
                }
            }
        }
        return found
    }
}
