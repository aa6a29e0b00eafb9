import CalendarModel

/// The RFC 5545 rules no single component can be judged by: every VCALENDAR needs VERSION and
/// PRODID (§3.6, §3.7.3, §3.7.4), and a UID names one component, so the components sharing a UID
/// must be one master and its RECURRENCE-ID overrides (§3.8.4.7). ``CalendarStreamReader`` feeds it the
/// calendars, their properties and their components as it reads them, across every input it reads.
struct CalendarWideChecks {
    /// A VCALENDAR begun and not yet ended: where it began and which required properties it has.
    private struct OpenCalendar {
        var file: String
        var location: SourceLocation
        var present: Set<String> = []
    }

    /// Components whose UID names them alone (RFC 5545 §3.8.4.7).
    private static let identified: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]

    private var open: OpenCalendar?
    /// Each series member met. What makes a component a member of a series is its UID, and for an
    /// override the RECURRENCE-ID with its zone, compared as written (`20260105T090000Z` and the
    /// same instant written in a zone count as two instants), which catches the copies exporters
    /// and merges make.
    private var members: SeriesMembers

    /// `fingerprint` folds a member's UID and RECURRENCE-ID into the table's key; a test gives a weak
    /// one to make two members meet in one half of it.
    init(
        fingerprint: @escaping @Sendable (_ uid: String, _ recurrenceID: String?) -> SeriesFingerprint = SeriesFingerprint.init(
            uid:recurrenceID:)
    ) {
        members = SeriesMembers(fingerprint: fingerprint)
    }

    /// The properties every VCALENDAR must have, each as `validate --repair` adds it: calbridge's own
    /// header, as it writes on a calendar it makes.
    static var requiredProperties: [Property] {
        EventCalendar.empty.properties.filter { ["VERSION", "PRODID"].contains($0.name) }
    }

    /// The required properties a calendar lacks, as the repair adds them.
    static func missingProperties(of calendar: Component) -> [Property] {
        requiredProperties.filter { calendar[$0.name] == nil }
    }

    mutating func beginCalendar(file: String, at location: SourceLocation) {
        open = OpenCalendar(file: file, location: location)
    }

    mutating func calendarProperty(_ property: Property) {
        open?.present.insert(property.name)
    }

    /// The VCALENDAR ends (or its input does): a violation for each required property it lacks.
    mutating func endCalendar() -> [Diagnostic] {
        guard let calendar = open.take() else { return [] }
        return Self.requiredProperties.filter { !calendar.present.contains($0.name) }.map { required in
            Diagnostic(
                .violation, file: calendar.file, at: calendar.location,
                "VCALENDAR has no \(required.name), which RFC 5545 §3.6 requires of every calendar",
                repair: "adds \(required.name):\(required.value)")
        }
    }

    /// A violation when the component is a second master, or a second override of one instant, of a series.
    mutating func component(_ component: Component, file: String) -> Diagnostic? {
        guard Self.identified.contains(component.name), let uid = component["UID"]?.value else { return nil }
        let recurrenceID = component["RECURRENCE-ID"].map { ($0[parameter: "TZID"].map { $0 + ":" } ?? "") + $0.value }
        guard let first = members.firstMet(uid: uid, recurrenceID: recurrenceID, file: file, line: component.location?.line) else {
            return nil
        }
        let there = [first.file == file ? nil : first.file, first.line.map { "line \($0)" }].compactMap { $0 }.joined(separator: " ")
        let message =
            recurrenceID.map { recurrenceID in
                "\(component.name) overrides RECURRENCE-ID \(recurrenceID) of UID \(uid) a second time (first at \(there)); "
                    + "RFC 5545 §3.8.4.7 allows one override per instance: remove one or correct its RECURRENCE-ID"
            } ?? "\(component.name) has UID \(uid) as the component at \(there) does, and neither has a RECURRENCE-ID, "
            + "so the series has two masters (RFC 5545 §3.8.4.7): give one of them another UID or a RECURRENCE-ID"
        return Diagnostic(.violation, file: file, at: component.location, message, repair: nil)
    }
}

/// A series member's UID and RECURRENCE-ID as 128 bits: two SipHash values under different keys
/// (the standard library's `Hasher`, seeded per process), of which `SeriesMembers` keeps 88.
struct SeriesFingerprint: Hashable {
    var first: UInt64
    var second: UInt64

    init(first: UInt64, second: UInt64) {
        (self.first, self.second) = (first, second)
    }

    init(uid: String, recurrenceID: String?) {
        (first, second) = (Self.hash(uid, recurrenceID, key: 0x5EC0_7D01), Self.hash(uid, recurrenceID, key: 0xA11C_E5E5))
    }

    private static func hash(_ uid: String, _ recurrenceID: String?, key: UInt64) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(uid)
        hasher.combine(recurrenceID)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
