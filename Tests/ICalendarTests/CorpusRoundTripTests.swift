import CalendarModel
import Foundation
import ICalendar
import XCTest

/// Every corpus file goes in, out and in again, and must come back the same: same components,
/// properties, parameters and values. python icalendar (the reference implementation in `.venv`)
/// checks the same from the outside.
final class CorpusRoundTripTests: XCTestCase {
    private var corpus: [URL] {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testCorpusHoldsAtLeastFiftyExports() {
        XCTAssertGreaterThanOrEqual(corpus.count, 50)
        for source in ["google", "outlook", "apple", "thunderbird", "nextcloud", "university", "broken"] {
            XCTAssertTrue(corpus.contains { $0.lastPathComponent.hasPrefix(source) }, "no \(source) file")
        }
    }

    func testEveryCorpusFileRoundTripsSemantically() throws {
        for url in corpus {
            let name = url.lastPathComponent
            let (original, diagnostics) = try readCalendar(path: url.path)
            XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.description), [], name)
            XCTAssertFalse(original.components.isEmpty, name)
            let output = written(original)
            let (again, againDiagnostics) = try readCalendar(path: temporaryFile(bytes: output))
            XCTAssertEqual(againDiagnostics.filter { $0.severity == .error }.map(\.description), [], name)
            XCTAssertEqual(again.canonicalForm, original.canonicalForm, name)
            assertWellFormedLines(output, name)
        }
    }

    func testPythonIcalendarSeesTheSameCalendarBeforeAndAfter() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        var pairs: [String] = []
        for url in corpus {
            let output = try temporaryFile(bytes: written(try readCalendar(path: url.path).0))
            pairs += [url.path, output]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.comparison] + pairs
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, report)
        let compared = report.split(separator: "\n").filter { $0.hasPrefix("same ") }.count
        XCTAssertGreaterThanOrEqual(compared, corpus.count - 3, "python icalendar compared too few files:\n\(report)")
    }

    private func assertWellFormedLines(_ bytes: [UInt8], _ name: String) {
        var length = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A {
                XCTAssertEqual(bytes[index - 1], 0x0D, "\(name): LF without CR")
                XCTAssertLessThanOrEqual(length - 1, 75, "\(name): a line longer than 75 octets")
                length = 0
            } else {
                length += 1
            }
        }
    }

    /// Parses each original and its rewrite with python icalendar and compares every component's
    /// properties (name, parameters, value as icalendar writes it). Originals icalendar itself
    /// cannot read are listed as skipped. A UID or DTSTAMP the original does not hold is what the
    /// reader adds to an item without one (`ItemIdentity`), and is left out of the rewrite's side.
    private static let comparison = """
        import sys, icalendar
        def fingerprint(component, original=None):
            items = []
            for name, value in component.property_items(recursive=False, sorted=False):
                if name in ("BEGIN", "END"):
                    continue
                params = tuple(sorted((k.upper(), str(v)) for k, v in getattr(value, "params", {}).items()))
                data = value.to_ical() if hasattr(value, "to_ical") else str(value).encode()
                if original is not None and name.upper() in ("UID", "DTSTAMP") and (name.upper().encode() + b":" + data).upper() not in original:
                    continue
                items.append((name.upper(), params, data))
            children = tuple(sorted(fingerprint(child, original) for child in component.subcomponents))
            return (component.name, tuple(sorted(items)), children)
        status = 0
        args = sys.argv[1:]
        for original, rewritten in zip(args[0::2], args[1::2]):
            try:
                before = fingerprint(icalendar.Calendar.from_ical(open(original, "rb").read()))
            except Exception as error:
                print("skipped", original, "python icalendar cannot read it:", error)
                continue
            unfolded = open(original, "rb").read().replace(b"\\r\\n ", b"").replace(b"\\n ", b"").upper()
            after = fingerprint(icalendar.Calendar.from_ical(open(rewritten, "rb").read()), unfolded)
            if before == after:
                print("same", original)
            else:
                status = 1
                print("DIFFERENT", original)
        sys.exit(status)
        """
}
