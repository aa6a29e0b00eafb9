import CalendarModel

/// A place calendars are kept one resource per UID: a local directory (vdir) now, a CalDAV
/// collection later. Writes are conditional on the version read, so a store never loses a change
/// it did not see.
package protocol CalendarStore {
    /// Every resource: its UID and the version tag (etag) of its current content.
    func list() throws -> [StoredResource]
    /// The iCalendar bytes of one resource, with its version tag; `nil` when there is none.
    func get(uid: String) throws -> (bytes: [UInt8], etag: String)?
    /// Creates (`expected` nil: must not exist yet) or replaces (`expected`: the etag read) a resource,
    /// whole or not at all; returns the new etag.
    @discardableResult
    func put(uid: String, bytes: [UInt8], expected: String?) throws -> String
    /// Removes a resource, if its etag is still `expected` (any when nil).
    func delete(uid: String, expected: String?) throws
    /// Whether `put` and `delete` may be called from several threads at once (a network store
    /// gains from it; a directory gains nothing).
    var allowsConcurrentWrites: Bool { get }
    /// Hands every resource's bytes to `body`, in the store's order; with `window` (UTC, either end
    /// open) a store may leave out resources it knows have nothing in it, and may also hand out
    /// some that have not: the caller checks. A CalDAV store asks the server in a few REPORTs
    /// instead of one GET per resource.
    func readAll(window: StoreWindow?, _ body: (_ uid: String, _ bytes: [UInt8]) throws -> Void) throws
    /// Hands every resource to `body` with its etag and bytes, each UID once: what an import
    /// compares with before it writes. A CalDAV store asks in one REPORT for both.
    func contents(_ body: (_ resource: StoredResource, _ bytes: [UInt8]) throws -> Void) throws
    /// The calendar's name and colour as the store keeps them beside its resources.
    func label() throws -> CalendarLabel
    /// Keeps the name and colour `label` gives; a nil field is left as it is.
    func setLabel(_ label: CalendarLabel) throws
    /// What changed since `mark` (nil: every resource), named where the store keeps each: what
    /// `mirror` asks a source for (see ``StoreChanges``).
    func changes(after mark: ChangeMark?) throws -> StoreChanges
    /// The data of the resources at `hrefs` (as `changes(after:)` named them), each handed to
    /// `body`; one gone since is left out.
    func fetch(_ hrefs: [String], _ body: (_ resource: FetchedResource) throws -> Void) throws
    /// The requests sent so far, retries included (0 for a directory): what a run reports.
    var requestsSent: Int { get }
    /// Where the store keeps `uid` as far as it knows without asking: a CalDAV path (the one a
    /// listing found, else calbridge's own name); nil for a directory, which looks when asked.
    func href(of uid: String) -> String?
}

extension CalendarStore {
    package var allowsConcurrentWrites: Bool { false }

    package func readAll(window: StoreWindow?, _ body: (_ uid: String, _ bytes: [UInt8]) throws -> Void) throws {
        for resource in try list() {
            if let (bytes, _) = try get(uid: resource.uid) { try body(resource.uid, bytes) }
        }
    }

    package func contents(_ body: (_ resource: StoredResource, _ bytes: [UInt8]) throws -> Void) throws {
        for resource in try list() {
            if let (bytes, etag) = try get(uid: resource.uid) { try body(StoredResource(uid: resource.uid, etag: etag), bytes) }
        }
    }
}

/// A calendar's name and colour (`#RRGGBB`), kept by a vdir in its `displayname` and `color` files
/// and by a CalDAV collection in `displayname` and Apple's `calendar-color`, so that import → export
/// keeps X-WR-CALNAME and the colour.
package struct CalendarLabel: Hashable, Sendable {
    package var name: String?
    package var color: String?

    package init(name: String? = nil, color: String? = nil) {
        self.name = name
        self.color = color
    }
}

extension CalendarStore {
    /// Sets the fields of `label` the store does not have yet: a calendar someone renamed keeps its name.
    package func adopt(_ label: CalendarLabel) throws {
        let held = try self.label()
        let missing = CalendarLabel(name: held.name == nil ? label.name : nil, color: held.color == nil ? label.color : nil)
        if missing.name != nil || missing.color != nil { try setLabel(missing) }
    }
}

/// A span of time in UTC wall-clock terms, either end open: what `export --from/--to` asks a store for.
package struct StoreWindow: Hashable, Sendable {
    package var start: LocalDateTime?
    package var end: LocalDateTime?

    package init(start: LocalDateTime?, end: LocalDateTime?) {
        self.start = start
        self.end = end
    }
}

/// One resource of a store.
package struct StoredResource: Hashable, Sendable {
    package var uid: String
    package var etag: String

    package init(uid: String, etag: String) {
        self.uid = uid
        self.etag = etag
    }
}

/// Why a store refused a change: someone else changed the resource (412), or it is missing or there already.
package enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case changedElsewhere(uid: String)
    case alreadyExists(uid: String)
    case notFound(uid: String)
    case unavailable(String)
    /// The server answered, but failed on this write through every retry (a 5xx each time): the
    /// item's failure while other writes succeed, the store's when every write fails so.
    case failedRepeatedly(String)

    package var description: String {
        switch self {
        case .changedElsewhere(let uid): return "\(uid) was changed by someone else since it was read"
        case .alreadyExists(let uid): return "\(uid) is already in the store"
        case .notFound(let uid): return "\(uid) is not in the store"
        case .unavailable(let reason): return "the store cannot be used: \(reason)"
        case .failedRepeatedly(let reason): return "the server kept failing on it: \(reason)"
        }
    }
}

extension StoreError: ExplainedFailure {
    /// A store that stopped answering had answered when it was opened, so it went away part-way;
    /// the other refusals are one item's, reported with the item where a batch goes on.
    package var kind: FailureKind {
        if case .unavailable = self { return .temporaryFailure }
        return .ioError
    }

    package var message: String {
        guard case .unavailable(let reason) = self else { return description }
        return "the store stopped answering (\(reason)); nothing was written: run the same command again once the server is back"
    }
}
