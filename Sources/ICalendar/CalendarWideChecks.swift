import CalendarModel
import Platform

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

    private var open: OpenCalendar?
    /// Each series member met (see ``SeriesIdentity``).
    private var members: SeriesMembers

    /// `members` keeps the members met; a test gives it a weak fingerprint or small bounds.
    init(members: SeriesMembers = SeriesMembers()) {
        self.members = members
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

    /// Notes a member of a series read from `file`; `slot` is where among the reader's diagnostics a
    /// finding about it stands.
    mutating func note(_ member: SeriesIdentity, file: String, slot: Int) throws(AtomicFile.Failure) {
        try members.note(SeriesMember(identity: member, file: file, slot: slot))
    }

    /// A violation for each component noted that is a second master, or a second override of one
    /// instant, of a series, in the order noted, each with its slot.
    mutating func seriesProblems() throws(AtomicFile.Failure) -> [(slot: Int, diagnostic: Diagnostic)] {
        try members.repeats().map { found in (found.member.slot, Self.diagnostic(found)) }
    }

    private static func diagnostic(_ found: SeriesRepeat) -> Diagnostic {
        let (member, first) = (found.member.identity, found.first)
        let there = [
            first.file == found.member.file ? nil : first.file, first.identity.location.flatMap { $0.line > 0 ? "line \($0.line)" : nil },
        ]
        .compactMap { $0 }.joined(separator: " ")
        let message =
            member.recurrenceID.map { recurrenceID in
                "\(member.componentName) overrides RECURRENCE-ID \(recurrenceID) of UID \(member.uid) a second time (first at \(there)); "
                    + "RFC 5545 §3.8.4.7 allows one override per instance: remove one or correct its RECURRENCE-ID"
            } ?? "\(member.componentName) has UID \(member.uid) as the component at \(there) does, and neither has a RECURRENCE-ID, "
            + "so the series has two masters (RFC 5545 §3.8.4.7): give one of them another UID or a RECURRENCE-ID"
        return Diagnostic(.violation, file: found.member.file, at: member.location, message, repair: nil)
    }
}
