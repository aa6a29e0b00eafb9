import CalendarStores
import Foundation
import XCTest

/// A fresh vdir under the temporary directory for one test, removed afterwards.
class VdirTestCase: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "calbridge-vdir-" + UUID().uuidString
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func makeStore() throws -> DirectoryStore {
        try DirectoryStore(directory: directory)
    }

    /// Every entry in the vdir, dot files included, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func writeFile(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    func readFile(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), as: UTF8.self)
    }
}

/// A one-event calendar as CRLF lines, folded at 75 octets the way RFC 5545 writers do, so long
/// UIDs arrive split over several physical lines.
func event(uid: String, summary: String) -> [UInt8] {
    let lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//tests//EN", "BEGIN:VEVENT",
        "UID:" + uid, "DTSTAMP:20240105T090000Z", "DTSTART:20240110T140000Z",
        "SUMMARY:" + summary, "END:VEVENT", "END:VCALENDAR",
    ]
    var bytes: [UInt8] = []
    for line in lines {
        var rest = Array(line.utf8)
        var limit = 75
        while rest.count > limit {
            bytes += rest[..<limit] + Array("\r\n ".utf8)
            rest.removeFirst(limit)
            limit = 74
        }
        bytes += rest + Array("\r\n".utf8)
    }
    return bytes
}
