import CalendarModel
import ContactCards
import Foundation
import XCTest

/// The vCard files in `Cards/` (copies of `Samples/contacts-*.vcf` and test-only files), and a
/// shorthand for reading inline vCard text.
enum CardFiles {
    static var folder: URL { Bundle.module.resourceURL!.appendingPathComponent("Cards") }

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vcf") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func read(_ name: String) throws -> VCardReadResult {
        VCardReader().read(try bytes(name), file: name)
    }

    /// Reads text written with `\n` line ends, sent with CRLF as RFC 6350 asks.
    static func read(text: String, file: String = "test.vcf") -> VCardReadResult {
        VCardReader().read(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), file: file)
    }

    /// The one card of `text`, failing the test when there is not exactly one.
    static func card(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> ContactCard {
        let result = read(text: text)
        XCTAssertEqual(result.cards.count, 1, "cards", file: file, line: line)
        return try XCTUnwrap(result.cards.first, file: file, line: line)
    }
}

/// A contact date without its location, for comparing the part that matters in a test.
struct Day: Equatable, CustomStringConvertible {
    var kind: ContactDate.Kind
    var year: Int?
    var month: Int
    var day: Int

    init(_ kind: ContactDate.Kind, _ year: Int?, _ month: Int, _ day: Int) {
        self.kind = kind
        self.year = year
        self.month = month
        self.day = day
    }

    init(_ date: ContactDate) {
        self.init(date.kind, date.year, date.month, date.day)
    }

    var description: String { "\(kind) \(year.map(String.init) ?? "----")-\(month)-\(day)" }
}

extension ContactCard {
    var days: [Day] { dates.map(Day.init) }
}
