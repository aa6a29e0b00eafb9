import CalendarModel
import CalendarWebFormats

extension CalDAVStore {
    /// Every resource's calendar data in one calendar-query REPORT (RFC 4791 §7.8), or with a window
    /// one for the events with the server's `time-range` filter (§9.9), widened by a day at each end so
    /// that floating and zoned times are in whatever the zone, and one for every task: a time-range
    /// costs a server as much as expanding each series (Xandikos took 10 s for 3,000 events where the
    /// whole collection took 1 s), and its rules for tasks (§9.9's table of DUE, DURATION, COMPLETED
    /// and CREATED) are where servers differ most. The caller checks each series against the window
    /// itself, for servers that filter wrongly. The answer is read as it
    /// arrives, each resource handed to `body` and then let go. A server that refuses the query is
    /// read by calendar-multiget in batches (§7.9) over a listing, and a resource neither REPORT gave
    /// data for by GET.
    package func readAll(window: StoreWindow?, _ body: (_ uid: String, _ bytes: [UInt8]) throws -> Void) throws {
        let queries: [CalDAVRequestBody] =
            window.map { window in
                let range = CalDAVTimeRange(
                    start: window.start.map { Self.shifted($0, days: -1) },
                    end: window.end.map { Self.shifted($0, days: 1) })
                return [CalDAVRequestBody.calendarQuery(component: "VEVENT", timeRange: range), .calendarQuery(component: "VTODO")]
            } ?? [.calendarQuery(component: nil)]
        // Only the hrefs are remembered (one query's answer may repeat another's), never the data.
        var delivered = Set<String>()
        var withoutData: [String] = []
        for query in queries {
            let reply = try transport.stream("REPORT", path: collectionPath, depth: "1", body: query) { response in
                guard isMember(response), !delivered.contains(response.href) else { return }
                if let data = response.calendarData {
                    delivered.insert(response.href)
                    try deliver(response.href, data, body)
                } else if !withoutData.contains(response.href) {
                    withoutData.append(response.href)
                }
            }
            guard reply.status == 207 else {
                try readByMultiget(try members(of: list()).map(\.path), delivered: &delivered, body)
                return
            }
        }
        try readByMultiget(withoutData, delivered: &delivered, body)
    }

    /// Every resource with its etag and data in one calendar-query REPORT read as it arrives, the
    /// UID taken from the data (a name is no proof), so the listing's work is done on the way and
    /// no resource is fetched twice. A server that refuses the query, or leaves out the etag or
    /// the data of a resource, is listed and read resource by resource.
    package func contents(_ body: (_ resource: StoredResource, _ bytes: [UInt8]) throws -> Void) throws {
        var paths = Set<String>()
        var uids = Set<String>()
        var incomplete = false
        let reply = try transport.stream("REPORT", path: collectionPath, depth: "1", body: .calendarQuery(component: nil)) { response in
            guard isMember(response), !incomplete else { return }
            guard let etag = response.etag, let data = response.calendarData else {
                incomplete = true
                return
            }
            let bytes = Array(data.utf8)
            paths.insert(response.href)
            guard let uid = ICalendarUIDScanner.firstUID(in: bytes) ?? CalDAVPath.uid(forName: CalDAVPath.lastSegment(response.href))
            else { return }
            foreignNames.record(path: response.href, etag: etag, uid: uid)
            // A UID held twice (which CalDAV's no-uid-conflict forbids) is handed out once, as `list` does.
            if uids.insert(uid).inserted { try body(StoredResource(uid: uid, etag: etag), bytes) }
        }
        guard reply.status == 207, !incomplete else {
            for resource in try list() where !uids.contains(resource.uid) {
                if let (bytes, etag) = try get(uid: resource.uid) { try body(StoredResource(uid: resource.uid, etag: etag), bytes) }
            }
            return
        }
        foreignNames.keep(only: paths)
        foreignNames.isComplete = true
    }

    /// The listing's members, for a server without calendar-query.
    private func members(of listed: [StoredResource]) throws -> [CalDAVMember] {
        listed.map { CalDAVMember(path: knownPath(for: $0.uid), etag: $0.etag) }
    }

    /// calendar-multiget in batches of 100; what it gives no data for is fetched by GET.
    private func readByMultiget(_ all: [String], delivered: inout Set<String>, _ body: (String, [UInt8]) throws -> Void) throws {
        let paths = all.filter { !delivered.contains($0) }
        for start in stride(from: 0, to: paths.count, by: 100) {
            let batch = Array(paths[start..<min(start + 100, paths.count)])
            let reply = try transport.send("REPORT", path: collectionPath, depth: "1", body: .calendarMultiget(paths: batch))
            var missing = Set(batch)
            if reply.status == 207 {
                for response in try multistatus(reply).responses {
                    guard let data = response.calendarData, missing.remove(response.href) != nil else { continue }
                    delivered.insert(response.href)
                    try deliver(response.href, data, body)
                }
            }
            for path in batch where missing.contains(path) {
                let got = try transport.send("GET", path: path, headers: [(name: "Accept", value: "text/calendar")])
                guard got.status == 200 else { continue }
                delivered.insert(path)
                try body(uid(at: path, data: got.body), got.body)
            }
        }
    }

    private func isMember(_ response: DAVResponse) -> Bool {
        (response.status.map { (200..<300).contains($0) } ?? true) && CalDAVPath.asCollection(response.href) != collectionPath
    }

    private func deliver(_ path: String, _ data: String, _ body: (String, [UInt8]) throws -> Void) throws {
        let bytes = Array(data.utf8)
        try body(uid(at: path, data: bytes), bytes)
    }

    /// The UID a resource holds: from its name when calbridge could have made it, else from its data.
    private func uid(at path: String, data: [UInt8]) -> String {
        CalDAVPath.uid(forName: CalDAVPath.lastSegment(path)) ?? ICalendarUIDScanner.firstUID(in: data) ?? CalDAVPath.lastSegment(path)
    }

    private static func shifted(_ time: LocalDateTime, days: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: time.secondsSinceEpoch + days * 86_400)
    }
}
