import CalendarModel

/// The UID and DTSTAMP RFC 5545 requires of every event, to-do, journal and free/busy (§3.6.1–§3.6.4),
/// made as an item that lacks them is read, so that every command — convert, import, export, expand,
/// `validate --repair` — hands on, writes and names one and the same item.
///
/// The UID is made from the item's content, not from its place in the file: an event keeps its UID
/// when others are added, removed or reordered around it, so a store updates it rather than adding
/// a copy, on every run and every machine (FNV-1a, not Swift's per-run seeded `Hasher`). DTSTAMP is
/// left out of that content: exporters that write no UID tend to stamp each export anew. Items of
/// equal content get one UID; ``MadeUIDRepeats`` tells them apart in file order.
package enum ItemIdentity {
    /// The properties made for an item that lacks them.
    static let madeNames = ["UID", "DTSTAMP"]
    /// The components RFC 5545 requires a UID and a DTSTAMP of (§3.6.1–§3.6.4), as the design table
    /// says: the items of the table's scheduled components and VFREEBUSY.
    static let identified: Set<String> = Set(
        madeNames.flatMap { name in
            (PropertyDesignTable.design(for: name)?.cardinality ?? [:]).filter { $0.value == .required }.keys
        })
    /// Every property name looked for, so that a reader building only some properties
    /// (``PropertySelection``) still builds these.
    static let namesLookedFor = madeNames + stampSources
    /// Where a missing DTSTAMP is taken from, first found first: both say when the item was last
    /// written, which is what DTSTAMP says of an item sent without a METHOD (RFC 5545 §3.8.7.2).
    private static let stampSources = ["LAST-MODIFIED", "CREATED"]
    /// DTSTAMP of an item that says nothing of when it was written: the earliest time, so any real
    /// revision of it wins (RFC 5546 compares DTSTAMPs), where a made-up later time would beat one.
    private static let earliest = LocalDateTime(date: CalendarDate(year: 1970, month: 1, day: 1))

    /// What completing an item added: the UID made for it (nil when it had one) and one warning for
    /// each property added, saying which value it got.
    package struct Completion {
        package var madeUID: String?
        package var diagnostics: [Diagnostic] = []
    }

    /// Adds the UID and DTSTAMP `component` lacks. `wholeContent` gives the whole item when the
    /// reader built only some of its properties, so that the UID is made from what every command reads.
    package static func complete(
        _ component: inout Component, file: String,
        wholeContent: (() -> Component?)? = nil
    ) -> Completion {
        var completion = Completion()
        guard identified.contains(component.name) else { return completion }
        let place = component.location
        // An empty UID names nothing either: no store can keep the item apart by it.
        let written = component.firstIndex(named: "UID")
        if written.map({ component.properties[$0].value.trailingBlanksRemoved.isEmpty }) ?? true {
            var content = wholeContent?() ?? component
            content.properties.removeAll { $0.name == "UID" }
            let uid = madeUID(for: content)
            if let written {
                component.properties[written].value = uid
            } else {
                component.properties.insert(Property(name: "UID", value: uid), at: 0)
            }
            completion.madeUID = uid
            completion.diagnostics.append(
                Diagnostic(
                    .violation, file: file, at: place,
                    "\(component.name) has \(written == nil ? "no" : "an empty") UID, so calendars cannot tell its updates apart",
                    repair: uidRepair(uid)))
        }
        if !component.has("DTSTAMP") {
            let (stamp, source) = stamp(for: component)
            component.properties.append(DateValue.utc(stamp).property(named: "DTSTAMP"))
            let value = DateValue.utc(stamp).icalendarText
            completion.diagnostics.append(
                Diagnostic(
                    .violation, file: file, at: place, "\(component.name) has no DTSTAMP",
                    repair: source.map { "adds DTSTAMP:\(value), its \($0)" }
                        ?? "adds DTSTAMP:\(value), the earliest time, as it has no LAST-MODIFIED or CREATED to tell when it was written"))
        }
        return completion
    }

    /// The UID made for an item without one: a hash of its iCalendar text less DTSTAMP.
    package static func madeUID(for component: Component) -> String {
        var content = component
        content.properties.removeAll { $0.name == "DTSTAMP" }
        return "calbridge-" + FNV1a.hex(ComponentReader.iCalendarText(content))
    }

    /// What the warning about a missing UID says was done, naming the UID.
    static func uidRepair(_ uid: String, sameAs first: String? = nil) -> String {
        "adds UID:\(uid), made from its content, the same on every run"
            + (first.map { "; the item at \($0) has the same content and is kept apart from it" } ?? "")
    }

    /// The time DTSTAMP is taken from, with the property it came from (nil: the earliest time).
    private static func stamp(for component: Component) -> (LocalDateTime, String?) {
        for name in stampSources {
            if let index = component.firstIndex(named: name), case .utc(let time)? = DateValue(property: component.properties[index]) {
                return (time, name)
            }
        }
        return (earliest, nil)
    }
}

/// Items whose made UIDs are equal because their content is (an event written twice): each after
/// the first gets its count among them as a suffix (`-2`, `-3`), so they stay as many events, never
/// one series with two masters that readers merge into one. The reader that hands items on in file
/// order keeps it, so the numbers are the same on every run.
package struct MadeUIDRepeats {
    /// Each made UID met: how many items got it, and where the first stood.
    private var met: [String: (count: Int, first: SourceLocation?)] = [:]

    package init() {}

    /// Gives `read` a UID of its own when an item met earlier was made the same one, and says so in
    /// its warning; re-encodes it with `encoder` and studies it again with `study` then.
    package mutating func distinguish(
        _ read: inout ReadComponent, encoder: (@Sendable (Component) -> [UInt8])?,
        study: (@Sendable (Component) -> any Sendable)?
    ) {
        guard let made = read.madeUID, var component = read.component else { return }
        guard let earlier = met[made] else {
            met[made] = (1, component.location)
            return
        }
        let count = earlier.count + 1
        met[made] = (count, earlier.first)
        let uid = "\(made)-\(count)"
        guard let index = component.firstIndex(named: "UID") else { return }
        component.properties[index].value = uid
        let first = earlier.first.map { "line \($0.line)" } ?? "the start"
        for at in read.diagnostics.indices where read.diagnostics[at].repair == ItemIdentity.uidRepair(made) {
            read.diagnostics[at].repair = ItemIdentity.uidRepair(uid, sameAs: first)
        }
        read.component = component
        read.madeUID = uid
        if read.encoded != nil { read.encoded = encoder?(component) }
        if read.notes != nil { read.notes = study?(component) }
    }
}
