import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// iCalendar text the tests store: one VEVENT with CRLF line ends, as RFC 5545 wants. The summary
/// is escaped as TEXT: Radicale's parser cuts an unescaped comma and what follows.
func event(uid: String, summary: String, day: Int = 14) -> [UInt8] {
    let escaped = summary.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: ",", with: "\\,")
    let lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//integration tests//EN",
        "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T090000Z",
        String(format: "DTSTART:202603%02dT090000Z", day), String(format: "DTEND:202603%02dT093000Z", day),
        "SUMMARY:\(escaped)", "END:VEVENT", "END:VCALENDAR",
    ]
    return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
}

/// The text of stored bytes, for looking for a property the server kept.
func text(_ bytes: [UInt8]?) -> String {
    bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
}

/// A PUT another client makes, under a name of its own choosing, bypassing CalDAVStore.
func putAsAnotherClient(_ url: URL, bytes: [UInt8]) throws -> Int {
    var request = URLRequest(url: url)
    request.httpMethod = "PUT"
    request.httpBody = Data(bytes)
    request.setValue("text/calendar; charset=utf-8", forHTTPHeaderField: "Content-Type")
    request.setValue("Basic " + Data("user:secret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
    let outcome = BlockingOutcome()
    URLSession.shared.dataTask(with: request) { _, response, error in
        outcome.finish(status: (response as? HTTPURLResponse)?.statusCode, error: error)
    }.resume()
    return try outcome.wait()
}

/// The answer of one URLSession task, waited for from a synchronous test.
private final class BlockingOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var status: Int?
    private var error: (any Error)?

    func finish(status: Int?, error: (any Error)?) {
        self.status = status
        self.error = error
        done.signal()
    }

    func wait() throws -> Int {
        guard done.wait(timeout: .now() + 15) == .success else { throw URLError(.timedOut) }
        if let error { throw error }
        return status ?? 0
    }
}
