import CalendarModel

/// How a later VTIMEZONE relates to the definition kept under its TZID, as a judge that knows the
/// tz database sees it (see `TimeZoneMerge.reconcile`).
package enum ZoneReconciliation {
    /// The kept definition gives the later one's offsets wherever the later one speaks: it can go.
    case covered
    /// This one definition (built from the tz database) gives the offsets of the kept one and of
    /// every definition merged into it, the later one included: it is written instead.
    case shared(Component)
    /// Neither: the later definition keeps its own rules under a new name.
    case separate
}

/// Merges the VTIMEZONEs of several calendars (inputs, the VCALENDARs of one file, a store's
/// resources) into one calendar without moving an event. A TZID means what its own calendar's
/// VTIMEZONE says, so each calendar is a scope of its own. The first definition of a TZID is kept;
/// a later one that says the same is left out; one that differs is left out when the kept one
/// covers it, merged into one definition from the tz database when `reconcile` finds one and the
/// kept one has not gone out yet, and otherwise renamed (`Europe/Berlin-2`) together with the TZID
/// parameters of its calendar. Each decision on a differing definition is a warning at its line.
///
/// A calendar is best decided before its first component goes on: `plan` does that with the
/// VTIMEZONEs a look-ahead found (`CalendarStreamReader.foresee`). A calendar not planned is decided
/// as its VTIMEZONEs arrive: nothing can replace a definition already handed on, and components that
/// came before their VTIMEZONE have gone on under the TZID they were written with.
package struct TimeZoneMerge {
    /// Judges a differing definition; without a judge, differing definitions are renamed.
    package var reconcile: ((_ kept: Component, _ merged: [Component], _ later: Component) -> ZoneReconciliation)?
    /// What the decisions since the last `takeDiagnostics` were.
    private var diagnostics: [Diagnostic] = []

    /// What becomes of one calendar's definition of a TZID.
    private enum Decision {
        case keep
        /// Left out: the definition under `name` stands for it.
        case leaveOut(for: String)
        case rename(to: String)

        var name: String? {
            switch self {
            case .keep: nil
            case .leaveOut(let name), .rename(let name): name
            }
        }
    }

    /// What the merged calendar holds under one TZID of the inputs.
    private struct Kept {
        /// What is written under the TZID: the first definition, or the one that replaced it.
        var definition: Component
        var replaced = false
        /// The definitions whose calendars use the TZID, for `reconcile`.
        var merged: [Component]
        /// The forms met so far (see `form`) and the name each went out under.
        var variants: [(form: Component, name: String)]
        /// Where the first definition was read, for warnings.
        var origin: String
    }

    private var kept: [String: Kept] = [:]
    /// The TZIDs of `kept` in the order they were first kept.
    private var keptOrder: [String] = []
    /// Every TZID the merged calendar defines, so a new name is unique.
    private var names: Set<String> = []
    private var planned: [(input: String, calendars: [[String: Decision]])] = []
    /// The planned calendars of the input being read that have not begun yet.
    private var upcoming: [[String: Decision]] = []
    /// The calendar being read: its decisions, the TZIDs it renames, and the form of each VTIMEZONE met.
    private var current: [String: Decision] = [:]
    private var renames: [String: String] = [:]
    private var met: [String: Component] = [:]
    /// Whether this calendar was planned; if not, whether components went on before its VTIMEZONEs.
    private var isPlanned = false
    private var componentsWentOn = false

    package init() {}

    /// Decides the calendars of an input before it is read, from the VTIMEZONEs each holds in order.
    package mutating func plan(input: String, calendars: [[Component]]) {
        let decided = calendars.map { zones in
            var decisions: [String: Decision] = [:]
            for zone in zones {
                guard let tzid = zone["TZID"]?.text, decisions[tzid] == nil else { continue }
                decisions[tzid] = decide(zone, tzid: tzid, file: input, mayReplace: true)
            }
            return decisions
        }
        planned.append((input, decided))
    }

    /// The definitions the merged calendar holds so far, one per TZID (a replacement from the tz
    /// database in place of the first one read), in the order first kept: for a writer that puts
    /// the VTIMEZONEs last, once every calendar is merged, where a replacement is never too late.
    package var definitions: [Component] {
        keptOrder.compactMap { kept[$0]?.definition }
    }

    /// The warnings on what was decided since the last call, for the reader to report.
    package mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Starts an input: its first calendar (and any components before it) begins.
    package mutating func beginInput(_ name: String) {
        upcoming = planned.first?.input == name ? planned.removeFirst().calendars : []
        isPlanned = !upcoming.isEmpty
        beginCalendar()
    }

    /// Starts the next calendar of the input being read.
    package mutating func beginCalendar() {
        current = upcoming.isEmpty ? [:] : upcoming.removeFirst()
        renames = current.reduce(into: [:]) { renames, entry in
            if let name = entry.value.name, name != entry.key { renames[entry.key] = name }
        }
        met = [:]
        componentsWentOn = false
    }

    /// A component of the calendar being read, as it goes into the merged calendar.
    package mutating func take(_ component: Component, file: String) -> MergedComponent {
        if component.name == "VTIMEZONE", let tzid = component["TZID"]?.text {
            return takeZone(component, tzid: tzid, file: file)
        }
        componentsWentOn = true
        guard !renames.isEmpty else { return .unchanged }
        var renamed = component
        return Self.rename(&renamed, renames) ? .changed(renamed) : .unchanged
    }

    private mutating func takeZone(_ zone: Component, tzid: String, file: String) -> MergedComponent {
        if let first = met[tzid] {
            if first != Self.form(of: zone) {
                diagnostics.append(Diagnostic(.violation, file: file, at: zone.location,
                                              "a second, different VTIMEZONE for \(tzid) in one calendar is left out; the first one is used"))
            }
            return .leftOut
        }
        met[tzid] = Self.form(of: zone)
        let decision = current[tzid] ?? decide(zone, tzid: tzid, file: file, mayReplace: false)
        current[tzid] = decision
        if let name = decision.name, name != tzid { renames[tzid] = name }
        switch decision {
        case .keep:
            guard let replacement = kept[tzid], replacement.replaced else { return .unchanged }
            var shared = replacement.definition
            shared.location = zone.location
            return .changed(shared)
        case .leaveOut:
            return .leftOut
        case .rename(let name):
            return .changed(Self.renamed(zone, to: name))
        }
    }

    private static func renamed(_ zone: Component, to name: String) -> Component {
        var renamed = zone
        renamed.set("TZID", Property(name: "TZID", value: TextEscaping.escape(name)))
        return renamed
    }

    private mutating func decide(_ zone: Component, tzid: String, file: String, mayReplace: Bool) -> Decision {
        let form = Self.form(of: zone)
        guard var entry = kept[tzid] else {
            kept[tzid] = Kept(definition: zone, merged: [zone], variants: [(form, tzid)], origin: Self.origin(of: zone, in: file))
            keptOrder.append(tzid)
            names.insert(tzid)
            return .keep
        }
        if let same = entry.variants.first(where: { $0.form == form }) { return .leaveOut(for: same.name) }
        defer { kept[tzid] = entry }
        let decision: Decision
        let outcome: String
        switch reconcile?(entry.definition, entry.merged, zone) ?? .separate {
        case .covered:
            (decision, outcome) = (.leaveOut(for: tzid), "the one kept gives the same offsets over the time this one covers, so this one is left out")
        case .shared(let definition) where mayReplace:
            (decision, outcome) = (.leaveOut(for: tzid), "the tz database agrees with both over the time each covers, so one definition built from it replaces them")
            entry.definition = definition
            entry.replaced = true
        default:
            let name = uniqueName(for: tzid)
            (decision, outcome) = (.rename(to: name), "renamed \(name) in this calendar so that its events keep their times" + caveat)
            // Kept under its new name too: a later calendar that defines that TZID is judged against it.
            let renamed = Self.renamed(zone, to: name)
            kept[name] = Kept(definition: renamed, merged: [renamed], variants: [(Self.form(of: renamed), name)],
                              origin: Self.origin(of: zone, in: file))
            keptOrder.append(name)
        }
        if decision.name == tzid { entry.merged.append(zone) }
        entry.variants.append((form, decision.name ?? tzid))
        diagnostics.append(Diagnostic(.violation, file: file, at: zone.location,
                                      "VTIMEZONE \(tzid) differs from the one \(entry.origin) defined; " + outcome))
        return decision
    }

    /// For a calendar decided as it is read: what may already have gone on.
    private var caveat: String {
        isPlanned || !componentsWentOn ? "" : "; components of this calendar before it that use the TZID went on with the earlier definition"
    }

    private mutating func uniqueName(for tzid: String) -> String {
        let name = (2...).lazy.map { "\(tzid)-\($0)" }.first { !names.contains($0) }!
        names.insert(name)
        return name
    }

    /// `file:line`, for warnings.
    private static func origin(of zone: Component, in file: String) -> String {
        file + (zone.location.map { ":\($0.line)" } ?? "")
    }

    /// What a definition says, for telling whether two say the same: LAST-MODIFIED says only when.
    private static func form(of zone: Component) -> Component {
        var form = zone.canonicalForm
        form.set("LAST-MODIFIED", nil)
        return form
    }

    /// Renames the TZID parameters of a component and its children; whether any changed.
    private static func rename(_ component: inout Component, _ renames: [String: String]) -> Bool {
        var changed = false
        for index in component.properties.indices {
            guard let tzid = component.properties[index][parameter: "TZID"], let name = renames[tzid] else { continue }
            let place = component.properties[index].parameters.firstIndex { $0.name == "TZID" }!
            component.properties[index].parameters[place].values = [name]
            changed = true
        }
        for index in component.components.indices {
            changed = rename(&component.components[index], renames) || changed
        }
        return changed
    }
}

/// A component as it goes into the merged calendar (see `TimeZoneMerge.take`).
package enum MergedComponent {
    case unchanged
    /// Renamed TZIDs, or a definition that replaces the one read.
    case changed(Component)
    /// A definition the merged calendar has already.
    case leftOut
}
