import CalendarModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import ICalendar
@testable import JSCalendar
import JSONReading
import XCTest

/// calbridge's iCalendar → JSCalendar against an independent one: Cyrus IMAP's JMAP calendars
/// (Debian's cyrus-imapd 3.6, run by Scripts/cyrus-caldav-server with CYRUS_JMAP=1), whose
/// `CalendarEvent/parse` turns an uploaded iCalendar object into JSCalendar. Cyrus 3.6 writes an
/// earlier draft (`"@type": "jsevent"`, one `recurrenceRule`, every default spelt out, ids that are
/// hashes), so what is compared is what both say: uid, title, start, zone, all-day, duration, the
/// rule, the excluded dates, the location names, the participants' addresses, where replies go and
/// the alerts' offsets.
final class CyrusComparisonTests: XCTestCase {
    private static let master = "/usr/lib/cyrus/bin/master"
    nonisolated(unsafe) private static var server: Process?
    nonisolated(unsafe) private static var port = 0
    nonisolated(unsafe) private static var folder: URL?

    override class func setUp() {
        guard FileManager.default.isExecutableFile(atPath: master), let port = try? freePort() else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-cyrus-jmap-\(getpid())")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/cyrus-caldav-server")
        process.arguments = [script.path, folder.path, String(port)]
        process.environment = ProcessInfo.processInfo.environment.merging(["CYRUS_JMAP": "1"]) { $1 }
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        (server, self.port, self.folder) = (process, port, folder)
    }

    override class func tearDown() {
        server?.terminate()
        server?.waitUntilExit()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testCalbridgeAndCyrusSayTheSameOfEveryEventOfTheSampleCalendars() async throws {
        guard Self.server != nil else {
            throw XCTSkip("Cyrus IMAP (Debian cyrus-imapd, cyrus-caldav) is not installed; Scripts/setup --python installs it")
        }
        try await waitForSession()
        var compared = 0
        for name in ["google-export.ics", "outlook-export.ics", "team-calendar.ics", "university-courses.ics", "semester-informatik.ics"] {
            let url = try XCTUnwrap(realWorldCalendars.first { $0.lastPathComponent == name })
            let calendar = try readICalendar(url)
            for event in calendar.children(named: "VEVENT") where !event.has("RECURRENCE-ID") {
                let alone = Component(
                    name: "VCALENDAR",
                    properties: [Property(name: "VERSION", value: "2.0"), Property(name: "PRODID", value: "-//calbridge//test//EN")],
                    components: calendar.children(named: "VTIMEZONE") + [event])
                var object = JSCalendarDocument.object(for: alone)
                if case .array(let entries)? = object["entries"] { object = entries[0] }
                let cyrus = try await cyrusObject(for: alone)
                XCTAssertEqual(Essentials(object), Essentials(cyrus), "\(name) \(event["UID"]?.value ?? "")")
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 30)
    }

    /// What both converters say of an event, in forms that do not depend on how each spells it.
    private struct Essentials: Equatable {
        var uid, title, start, timeZone, replyTo: String?
        var allDay: Bool
        var duration: Int?
        var rule: [String]
        var excluded, locations, participants: Set<String>
        var alerts: Set<Int?>

        init(_ object: JSONValue) {
            uid = object["uid"]?.string
            title = object["title"]?.string
            start = object["start"]?.string
            timeZone = object["timeZone"]?.string
            replyTo = object["replyTo"]?["imip"]?.string?.lowercased()
            allDay = object["showWithoutTime"] == .bool(true)
            duration = Self.seconds(object["duration"]?.string ?? "PT0S")
            var rules: [JSONValue] = []
            if case .array(let items)? = object["recurrenceRules"] { rules = items }
            if let single = object["recurrenceRule"], single != .null { rules = [single] }
            rule = rules.first.map(Self.ruleParts) ?? []
            excluded = Set((object["recurrenceOverrides"]?.members ?? []).filter { $0.value["excluded"] == .bool(true) }.map(\.key))
            locations = Set((object["locations"]?.members ?? []).compactMap { $0.value["name"]?.string }.filter { !$0.isEmpty })
            // The organizer's address is its calendarAddress in draft -08 (§2.3.29), its sendTo in Cyrus's earlier one.
            participants = Set(
                (object["participants"]?.members ?? []).compactMap {
                    ($0.value["sendTo"]?["imip"] ?? $0.value["calendarAddress"])?.string?.lowercased()
                })
            alerts = Set((object["alerts"]?.members ?? []).map { $0.value["trigger"]?["offset"]?.string.flatMap(Self.seconds) })
        }

        private static func ruleParts(_ rule: JSONValue) -> [String] {
            var days: [String] = []
            if case .array(let items)? = rule["byDay"] {
                days = items.map { day -> String in
                    let nth = day["nthOfPeriod"].map(JSONText.compact) ?? ""
                    return nth + (day["day"]?.string ?? "")
                }
            }
            let frequency = rule["frequency"]?.string ?? ""
            let interval = rule["interval"].map(JSONText.compact) ?? "1"
            let count = rule["count"].map(JSONText.compact) ?? ""
            let until = rule["until"]?.string ?? ""
            return [frequency, interval, count, until] + days.sorted()
        }

        private static func seconds(_ text: String) -> Int? {
            CalendarDuration(reading: text)?.totalSeconds
        }
    }

    private func cyrusObject(for calendar: Component) async throws -> JSONValue {
        var writer = ICalendarWriter()
        writer.write(calendar)
        let uploaded = try await request("jmap/upload/user/", body: writer.bytes, type: "text/calendar")
        let blob = try XCTUnwrap(uploaded["blobId"]?.string)
        let call =
            #"{"using":["urn:ietf:params:jmap:core","https://cyrusimap.org/ns/jmap/calendars"],"#
            + #""methodCalls":[["CalendarEvent/parse",{"accountId":"user","blobIds":["\#(blob)"]},"0"]]}"#
        let answer = try await request("jmap/", body: Array(call.utf8), type: "application/json")
        guard case .array(let responses)? = answer["methodResponses"], case .array(let first)? = responses.first, first.count > 1,
            let parsed = first[1]["parsed"]?[blob]
        else { throw XCTSkip("Cyrus did not parse the event: \(JSONText.compact(answer))") }
        return parsed
    }

    private func request(_ path: String, body: [UInt8]? = nil, type: String = "application/json") async throws -> JSONValue {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(Self.port)/\(path)")))
        request.setValue("Basic " + Data("user:secret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body)
            request.setValue(type, forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONReader.value(of: Array(data))
    }

    /// Cyrus provisions its user on first start (about a second); its JMAP session answers once it serves.
    private func waitForSession() async throws {
        for _ in 0..<200 {
            if (try? await request("jmap/")) != nil { return }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        throw XCTSkip("Cyrus did not answer JMAP within 20 s")
    }

    /// A port nothing listens on: bind to port 0 and read what the kernel chose.
    private static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, length) == 0 && getsockname(socketFD, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
