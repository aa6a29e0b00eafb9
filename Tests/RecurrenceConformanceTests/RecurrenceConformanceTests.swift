import Foundation
import XCTest

/// Runs every case of ../shared/conformance/recurrence/rrule-vectors.json (libical 4.0.3's own
/// vectors) through `calbridge recur`, as a user would.
final class RecurrenceConformanceTests: XCTestCase {
    struct Vectors: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var description: String?
        var rrule: String
        var dtstart: String
        var start_at: String?
        var expected: [String]
    }

    /// Where calbridge and libical 4.0.3 part ways, what calbridge answers and why the RFC allows it.
    static let documentedDifferences: [Int: (answer: [String], why: String)] = [
        79: (["20241230", "20251230", "20301230", "20311230"], """
            libical 4.0.3 refuses BYMONTH with BYMONTHDAY and BYWEEKNO in one YEARLY rule ("UNIMPLEMENTED").
            RFC 5545 §3.3.10's table lists all three as expanding parts of YEARLY and the parts combine by
            intersection, so the rule means "30 December when it lies in week 1 of the next year": true
            in 2024, 2025, 2030 and 2031 (1 January of 2025, 2026, 2031, 2032 falls Wednesday to Sunday).
            """),
        133: (["20321230T000000Z"], unsynchronizedWeek53),
        134: (["20711231T000000Z"], unsynchronizedWeek53),
    ]

    /// Cases 133 and 134 start on Sunday 2027-01-03 with a rule that only yields Thursdays.
    static let unsynchronizedWeek53 = """
        DTSTART is not an instance of its rule (a Sunday; the rule yields Thursdays), and RFC 5545
        §3.8.5.3 leaves such a recurrence set undefined. calbridge counts INTERVAL from the
        week-numbering year DTSTART lies in (2026, week 53), as libical itself does when DTSTART is
        an instance (cases 142 and 145); libical 4.0.3 counts from the calendar year (2027) here.
        With steps of 6 years that gives 2032 (which has a week 53), with steps of 5 years 2071.
        """

    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testEveryVectorThroughTheRecurCommand() throws {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/recurrence/rrule-vectors.json")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        XCTAssertEqual(vectors.cases.count, 146)
        var agreeing = 0
        for (index, vector) in vectors.cases.enumerated() {
            let tail = vector.start_at.map { at in vector.expected.filter { $0 >= at } } ?? vector.expected
            let count = max(Self.documentedDifferences[index]?.answer.count ?? tail.count, 1)
            var arguments = ["recur", vector.rrule, "--dtstart", vector.dtstart, "--count", String(count)]
            if let at = vector.start_at { arguments += ["--start-at", at] }
            let output = try run(arguments)
            let got = output.split(separator: ",").map(String.init)
            if let documented = Self.documentedDifferences[index] {
                XCTAssertEqual(got, documented.answer, "case \(index) \(vector.rrule): \(documented.why)")
            } else {
                XCTAssertEqual(got, tail, "case \(index): \(vector.rrule) from \(vector.dtstart) — \(vector.description ?? "")")
                if got == tail { agreeing += 1 }
            }
        }
        print("recurrence conformance: \(agreeing) of \(vectors.cases.count - Self.documentedDifferences.count) agree with libical 4.0.3; \(Self.documentedDifferences.count) documented differences")
    }

    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calbridge")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
