import CalendarModel
import ICalendar
import Platform
import XCTest

/// The input scanned in chunks on every core gives what the one-block scanner gives: the same items
/// and every diagnostic at the same line, wherever the chunks are cut, on clean and messy calendars.
final class ChunkedScanningTests: XCTestCase {
    private func described(_ item: ScannedItem) -> String {
        switch item {
        case .beginCalendar(let location): "begin \(location.line)"
        case .calendarProperty(let property): "property \(property.name) \(property.location?.line ?? 0) \(property.value)"
        case .component(let raw): "component \(raw.firstLine) \(String(decoding: raw.bytes, as: UTF8.self))"
        case .endCalendar: "end"
        }
    }

    private func sequential(_ bytes: [UInt8], blockSize: Int) throws -> [String] {
        var scanner = CalendarScanner(input: InputFile(name: "in.ics", contents: bytes))
        scanner.refusesUnusableInput = true
        scanner.blockSize = blockSize
        var found: [String] = []
        while let item = try scanner.next() { found.append(described(item)) }
        return found + scanner.diagnostics.map(\.description)
    }

    private func chunked(_ bytes: [UInt8], chunkSize: Int, blockSize: Int) throws -> [String] {
        var scanner = ChunkedCalendarScanner(input: InputFile(name: "in.ics", contents: bytes), chunkSize: chunkSize, blockSize: blockSize)
        scanner.refusesUnusableInput = true
        var found: [String] = []
        while let item = try scanner.next() { found.append(described(item)) }
        return found + scanner.diagnostics.map(\.description)
    }

    /// Every chunk size from a few bytes up, so that cuts fall on every line of the input, with
    /// reads of the whole input and of a few bytes (a read's end then falls inside lines too).
    private func assertSameAtEveryCut(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = Array(text.utf8)
        for blockSize in [1 << 20, 5, 16] {
            let expected = try sequential(bytes, blockSize: blockSize)
            for size in stride(from: 1, through: bytes.count + 1, by: 3) {
                XCTAssertEqual(
                    try chunked(bytes, chunkSize: size, blockSize: blockSize), expected,
                    "chunks of \(size) bytes, reads of \(blockSize)", file: file, line: line)
            }
        }
    }

    private func event(_ uid: String, _ extra: [String] = []) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTART:20260105T090000Z"] + extra + ["END:VEVENT"]
    }

    private let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN"]
    private let long = "DESCRIPTION:" + String(repeating: "x", count: 90)

    func testACleanCalendarIsReadTheSameWhereverItIsCut() throws {
        let lines =
            header + event("a") + event("b", ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM"]) + event("c") + [
                "END:VCALENDAR"
            ]
        try assertSameAtEveryCut(lines.joined(separator: "\r\n") + "\r\n")
    }

    func testMessyCalendarsAreReadTheSameWhereverTheyAreCut() throws {
        let cases: [[String]] = [
            ["junk before"] + header + event("a", [long]) + event("b", [long]) + ["END:VCALENDAR", "junk after", "more"],
            event("bare1") + event("bare2", [long]) + event("bare3"),
            header + event("a") + ["BEGIN:VEVENT", "UID:open", "END:VCALENDAR"] + header + event("b") + ["END:VCALENDAR"],
            header + event("a") + ["X-LATE:1", "METHOD ", " :PUBLISH", "lost fold"] + event("b") + ["END:VCALENDAR"],
            header + event("a") + event("b", ["BEGIN:VALARM", "TRIGGER:-PT5M"]),
            header + event("a") + ["", " ", "END:VEVENT"] + event("b") + ["END:VCALENDAR", "BEGIN:VCALENDAR"] + event("c"),
        ]
        for lines in cases {
            try assertSameAtEveryCut(lines.joined(separator: "\r\n") + "\r\n")
        }
        // Lone CRs, and a last line without its ending.
        try assertSameAtEveryCut((header + event("a") + event("b", [long]) + ["END:VCALENDAR"]).joined(separator: "\r"))
        try assertSameAtEveryCut((header + event("a") + event("b") + ["END:VCALENDAR"]).joined(separator: "\n"))
    }

    func testNestingTooDeepStopsTheChunkedReadingWhereTheSequentialStops() throws {
        let deep = (0..<40).map { "BEGIN:X\($0)" }
        try assertSameAtEveryCut((header + event("a") + ["BEGIN:VEVENT"] + deep + event("b")).joined(separator: "\r\n"))
    }
}
