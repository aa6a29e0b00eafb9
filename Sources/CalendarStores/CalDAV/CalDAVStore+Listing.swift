import CalendarWebFormats

/// What one try at a resource's path came to: a result, or nothing at that path.
enum Attempt<Value> {
    case done(Value)
    case absent
}

/// A member of the collection as a PROPFIND or sync-collection names it.
struct CalDAVMember {
    var path: String
    var etag: String
}

extension CalDAVStore {
    /// PROPFIND Depth 1 for every member's etag; the collection itself and sub-collections are skipped.
    package func list() throws -> [StoredResource] {
        let reply = try transport.send("PROPFIND", path: collectionPath, depth: "1", body: .propfind([.resourceType, .etag]))
        guard reply.status == 207 else { throw failure(reply) }
        let members = try members(of: multistatus(reply).responses)
        let resources = try resources(for: members)
        foreignNames.keep(only: Set(members.map(\.path)))
        foreignNames.isComplete = true
        return resources
    }

    /// Runs `body` at the path known for `uid`. When nothing is there and no listing has yet looked
    /// for resources other clients named, one listing looks, and `body` runs again at the path it found.
    func resolving<Value>(_ uid: String, _ body: (String) throws -> Attempt<Value>) throws -> Value? {
        let path = knownPath(for: uid)
        if case .done(let value) = try body(path) { return value }
        foreignNames.forget(path: path)
        guard !foreignNames.isComplete else { return nil }
        _ = try list()
        guard let foreign = foreignNames.pathByUID[uid], foreign != path,
            case .done(let value) = try body(foreign)
        else { return nil }
        return value
    }

    /// The members among PROPFIND or REPORT responses: found, not a collection, with an etag.
    func members(of responses: [DAVResponse]) -> [CalDAVMember] {
        responses.compactMap { response in
            guard response.status.map({ (200..<300).contains($0) }) ?? true,
                CalDAVPath.asCollection(response.href) != collectionPath,
                !response.resourceTypes.contains(DAVPropertyName.collection.key),
                let etag = response.etag
            else { return nil }
            return CalDAVMember(path: response.href, etag: etag)
        }
    }

    /// The UID of each member, from its calendar data, fetched by calendar-multiget for the members
    /// not known at this etag. A name is no proof: another client may call a resource `abc123.ics`,
    /// which calbridge would give UID `abc123`, while it holds UID `x@y`; going by the name, an
    /// import would create `x@y.ics` beside it. Only a member whose data has no UID goes by its name.
    /// A UID held twice (which CalDAV's no-uid-conflict forbids) is listed once.
    func resources(for members: [CalDAVMember]) throws -> [StoredResource] {
        try learnUIDs(of: members.filter { foreignNames.uid(at: $0.path, etag: $0.etag) == nil })
        var seen = Set<String>()
        return members.compactMap { member in
            let uid =
                foreignNames.uid(at: member.path, etag: member.etag)
                ?? CalDAVPath.uid(forName: CalDAVPath.lastSegment(member.path))
            guard let uid, seen.insert(uid).inserted else { return nil }
            return StoredResource(uid: uid, etag: member.etag)
        }
    }

    /// calendar-multiget in batches, so one REPORT never names thousands of hrefs.
    private func learnUIDs(of members: [CalDAVMember]) throws {
        let batchSize = 100
        for start in stride(from: 0, to: members.count, by: batchSize) {
            let batch = members[start..<min(start + batchSize, members.count)]
            let body = CalDAVRequestBody.calendarMultiget(paths: batch.map(\.path))
            let reply = try transport.send("REPORT", path: collectionPath, depth: "1", body: body)
            guard reply.status == 207 else { throw failure(reply) }
            for response in try multistatus(reply).responses {
                // Data without a UID names no calendar object calbridge could address; it is left out.
                guard let data = response.calendarData, let etag = response.etag,
                    let uid = ICalendarUIDScanner.firstUID(in: Array(data.utf8))
                else { continue }
                foreignNames.record(path: response.href, etag: etag, uid: uid)
            }
        }
    }
}
