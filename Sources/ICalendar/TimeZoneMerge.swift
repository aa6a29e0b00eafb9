import CalendarModel

/// How a later VTIMEZONE relates to the definition kept under its TZID, as a judge that knows the
/// tz database sees it (see `TimeZoneMerge.reconcile`).
package enum ZoneReconciliation {
    /// The kept definition gives the later one's offsets wherever the later one speaks: it can go.
    case covered
    /// This one definition (built from the tz database) gives the offsets of the kept one and of
    /// every definition merged into it, the later one included: it is written instead.
    case shared(Component)
    /// This definition (built from the tz database) gives the later one's offsets, but not the
    /// kept one's: the tz database's zone should carry the TZID, and the kept one a new name.
    case database(Component)
    /// None of these: the later definition keeps its own rules under a new name.
    case separate
}

/// A definition of a TZID with when its calendar uses the TZID, for `TimeZoneMerge.reconcile`.
package struct UsedDefinition {
    package var definition: Component
    /// `nil` when the calendar was not looked ahead at: the definition then speaks for all the time
    /// it defines.
    package var use: TimeZoneUse?
}

/// What a look-ahead found in one calendar (see `CalendarStreamReader.foresee`): its VTIMEZONEs in
/// order, and when it uses each TZID (`nil`: not looked for, as no definition of it is contested;
/// each definition then speaks for all the time it defines).
package struct ForeseenCalendar {
    package var zones: [Component]
    package var uses: [String: TimeZoneUse]?
}

/// Merges the VTIMEZONEs of several calendars (inputs, the VCALENDARs of one file, a store's
/// resources) into one calendar without moving an event. A TZID means what its own calendar's
/// VTIMEZONE says, so each calendar is a scope of its own. The first definition of a TZID is kept;
/// a later one is left out, silently, when it says the same, when its calendar does not use the
/// TZID, or when the kept one gives its offsets at the times its calendar uses (`reconcile`'s
/// `covered`): a merge the user asked for is news only where it changes something. One that differs
/// there is merged into one definition from the tz database when `reconcile` finds one and the
/// kept one has not gone out yet (a note), and otherwise renamed (`Europe/Berlin-2`) together with
/// the TZID parameters of its calendar, with a warning that the name is made up.
///
/// A calendar is best decided before its first component goes on: `plan` does that with what a
/// look-ahead found (`CalendarStreamReader.foresee`). A calendar not planned is decided as its
/// VTIMEZONEs arrive and by all the time they define: nothing can replace a definition already
/// handed on, and components that came before their VTIMEZONE have gone on under the TZID they were
/// written with.
package struct TimeZoneMerge {
    /// Judges a differing definition; without a judge, differing definitions are renamed.
    package var reconcile: ((_ kept: Component, _ merged: [UsedDefinition], _ later: UsedDefinition) -> ZoneReconciliation)?
    /// The last instance of a recurrence rule from its start, for when a calendar uses a zone; `nil`
    /// when it has none. Without a recurrence engine, a rule reaches its UNTIL (a day on, for a UTC
    /// one read as wall-clock time) or has no end.
    package var lastInstance: (RecurrenceRule, LocalDateTime) -> LocalDateTime? = { rule, _ in
        rule.until.map { LocalDateTime(secondsSinceEpoch: $0.local.secondsSinceEpoch + 86_400) }
    }
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
        var merged: [UsedDefinition]
        /// The forms met so far (see `form`) and the name each went out under.
        var variants: [(form: Component, name: String)]
        /// Where the first definition was read, for warnings, and the input it is in.
        var origin: String
        var input: String
    }

    private var kept: [String: Kept] = [:]
    /// The TZIDs of `kept` in the order they were first kept.
    private var keptOrder: [String] = []
    /// Every TZID the merged calendar defines, so a new name is unique.
    private var names: Set<String> = []
    private var planned: [(input: String, calendars: [[String: Decision]])] = []
    /// The planned calendars of the input being read that have not begun yet.
    private var upcoming: [[String: Decision]] = []
    /// The calendar being read: its decisions, the TZIDs it renames, and the first VTIMEZONE met of
    /// each TZID (its form is worked out only if a second one comes).
    private var current: [String: Decision] = [:]
    private var renames: [String: String] = [:]
    private var met: [String: Component] = [:]
    /// VTIMEZONE texts, byte for byte, whose form is one of the variants kept, with its TZID and form (see `settle`).
    private var settled: [[UInt8]: (tzid: String, form: Component)] = [:]
    /// Whether this calendar was planned; if not, whether components went on before its VTIMEZONEs.
    private var isPlanned = false
    private var componentsWentOn = false

    package init() {}

    /// Decides the calendars of an input before it is read, from the VTIMEZONEs each holds in order
    /// and when it uses each TZID.
    package mutating func plan(input: String, calendars: [ForeseenCalendar]) {
        // Planned as they are decided, so that handing a TZID to the tz database's zone can rename
        // the calendars already planned (see `handOver`).
        planned.append((input, []))
        for calendar in calendars {
            var decisions: [String: Decision] = [:]
            for zone in calendar.zones {
                guard let tzid = zone["TZID"]?.text, decisions[tzid] == nil else { continue }
                decisions[tzid] = decide(
                    zone, tzid: tzid, file: input, mayReplace: true,
                    use: calendar.uses.map { .foreseen($0[tzid]) } ?? .unknown)
            }
            planned[planned.count - 1].calendars.append(decisions)
        }
    }

    /// Records the texts of an input's VTIMEZONEs once it is planned with none contested: the form of
    /// each is then a variant kept (the first of its TZID, or one the same as it), which a later
    /// definition with the same text is left out for (see `plan(input:settledTexts:)`). A definition
    /// left out for one it is covered by at the times its calendar uses is not one of them: the next
    /// calendar may use other times.
    package mutating func settle(_ zones: [(text: [UInt8], zone: Component)]) {
        for (text, zone) in zones where settled[text] == nil {
            guard let tzid = zone["TZID"]?.text else { continue }
            settled[text] = (tzid, Self.form(of: zone))
        }
    }

    /// Plans an input from the texts of each calendar's VTIMEZONEs, unparsed, when every one is
    /// settled: each is left out for the variant of its form, as `decide` would leave it. A store's
    /// export meets the same few texts in every resource. False, with nothing planned, when a text is
    /// not settled.
    package mutating func plan(input: String, settledTexts calendars: [[[UInt8]]]) -> Bool {
        var decided: [[String: Decision]] = []
        for texts in calendars {
            var decisions: [String: Decision] = [:]
            for text in texts {
                guard let (tzid, form) = settled[text],
                    let variant = kept[tzid]?.variants.first(where: { $0.form == form })
                else { return false }
                if decisions[tzid] == nil { decisions[tzid] = .leaveOut(for: variant.name) }
            }
            decided.append(decisions)
        }
        planned.append((input, decided))
        return true
    }

    /// The TZIDs that `definitions` (one input's, in order) and those kept so far define in more
    /// than one form: only for those does a decision depend on when calendars use the TZID, so
    /// only then is an input looked at for its times (most merges meet one form a TZID).
    package func contested(among definitions: [Component]) -> Set<String> {
        var forms = kept.mapValues { $0.variants.map(\.form) }
        var contested: Set<String> = []
        for zone in definitions {
            guard let tzid = zone["TZID"]?.text else { continue }
            let form = Self.form(of: zone)
            let known = forms[tzid, default: []]
            if !known.isEmpty && !known.contains(form) { contested.insert(tzid) }
            if !known.contains(form) { forms[tzid, default: []].append(form) }
        }
        return contested
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
            if Self.form(of: first) != Self.form(of: zone) {
                diagnostics.append(
                    Diagnostic(
                        .violation, file: file, at: zone.location,
                        "a second, different VTIMEZONE for \(tzid) in one calendar is left out; the first one is used"))
            }
            return .leftOut
        }
        met[tzid] = zone
        let decision = current[tzid] ?? decide(zone, tzid: tzid, file: file, mayReplace: false, use: .unknown)
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

    /// What is known of when a calendar uses a TZID.
    private enum Use {
        /// Not looked ahead at: the definition speaks for all the time it defines.
        case unknown
        /// Looked ahead at: used over this span, or (`nil`) not at all.
        case foreseen(TimeZoneUse?)

        func used(_ definition: Component) -> UsedDefinition? {
            switch self {
            case .unknown: UsedDefinition(definition: definition, use: nil)
            case .foreseen(let use): use.map { UsedDefinition(definition: definition, use: $0) }
            }
        }
    }

    private mutating func decide(_ zone: Component, tzid: String, file: String, mayReplace: Bool, use: Use) -> Decision {
        let form = Self.form(of: zone)
        guard var entry = kept[tzid] else {
            kept[tzid] = Kept(
                definition: zone, merged: use.used(zone).map { [$0] } ?? [], variants: [(form, tzid)],
                origin: Self.origin(of: zone, in: file), input: file)
            keptOrder.append(tzid)
            names.insert(tzid)
            return .keep
        }
        if let same = entry.variants.first(where: { $0.form == form }) { return .leaveOut(for: same.name) }
        // A calendar that uses the TZID at no time has no event to move.
        guard let later = use.used(zone) else { return .leaveOut(for: tzid) }
        defer { kept[tzid] = entry }
        let decision: Decision
        switch reconcile?(entry.definition, entry.merged, later) ?? .separate {
        case .covered:
            decision = .leaveOut(for: tzid)
        case .database(let definition) where mayReplace && planned.contains(where: { $0.input == entry.input }):
            // Nothing of the kept one's calendars has gone on yet: they take the new name.
            entry = handOver(tzid, keptSoFar: entry, to: definition, from: later, file: file)
            return .keep
        case .shared(let definition) where mayReplace:
            decision = .leaveOut(for: tzid)
            entry.definition = definition
            entry.replaced = true
            diagnostics.append(
                Diagnostic(
                    .notice, file: file, at: zone.location,
                    "VTIMEZONE \(tzid) differs from the one \(entry.origin) defined; the tz database agrees with "
                        + "both at the times their calendars use, so one definition built from it replaces them"))
        default:
            let name = uniqueName(for: tzid)
            decision = .rename(to: name)
            // Kept under its new name too: a later calendar that defines that TZID is judged against it.
            let renamed = Self.renamed(zone, to: name)
            kept[name] = Kept(
                definition: renamed, merged: [UsedDefinition(definition: renamed, use: later.use)],
                variants: [(Self.form(of: renamed), name)], origin: Self.origin(of: zone, in: file), input: file)
            keptOrder.append(name)
            diagnostics.append(
                Diagnostic(
                    .violation, file: file, at: zone.location,
                    "VTIMEZONE \(tzid) differs from the one \(entry.origin) defined at times this calendar uses; "
                        + "renamed \(name) in this calendar so that its events keep their times, a name calbridge made up "
                        + "that other calendar programs do not know" + caveat))
        }
        if decision.name == tzid { entry.merged.append(later) }
        // A renamed definition stands for the next one of its form; one left out stands for it only
        // when judged by all it defines, since the next one's calendar may use other times.
        if decision.name != tzid || later.use == nil { entry.variants.append((form, decision.name ?? tzid)) }
        return decision
    }

    /// Gives `tzid` to the tz database's zone (`definition`), which agrees with `later` at the times
    /// its calendar uses, and a new name to the definition kept so far, which does not: in every
    /// calendar planned that kept it or left its own out for it. Returns the new entry for `tzid`.
    private mutating func handOver(
        _ tzid: String, keptSoFar old: Kept, to definition: Component, from later: UsedDefinition,
        file: String
    ) -> Kept {
        let name = uniqueName(for: tzid)
        var old = old
        old.definition = Self.renamed(old.definition, to: name)
        old.variants = old.variants.map { ($0.form, $0.name == tzid ? name : $0.name) }
        kept[name] = old
        keptOrder.append(name)
        for input in planned.indices {
            for calendar in planned[input].calendars.indices {
                guard let decision = planned[input].calendars[calendar][tzid] else { continue }
                switch decision {
                case .keep: planned[input].calendars[calendar][tzid] = .rename(to: name)
                case .leaveOut(for: tzid): planned[input].calendars[calendar][tzid] = .leaveOut(for: name)
                default: continue
                }
            }
        }
        diagnostics.append(
            Diagnostic(
                .violation, file: file, at: later.definition.location,
                "VTIMEZONE \(tzid) differs from the one \(old.origin) defined at times this calendar uses, and "
                    + "gives the tz database's offsets there: \(tzid) is now the tz database's zone, and the calendars "
                    + "of the one \(old.origin) defined use it renamed \(name), a name calbridge made up that other "
                    + "calendar programs do not know, so that their events keep their times"))
        return Kept(
            definition: definition, replaced: true, merged: [later], variants: [], origin: Self.origin(of: later.definition, in: file),
            input: file)
    }

    /// For a calendar decided as it is read: what may already have gone on.
    private var caveat: String {
        isPlanned || !componentsWentOn
            ? "" : "; components of this calendar before it that use the TZID went on with the earlier definition"
    }

    private mutating func uniqueName(for tzid: String) -> String {
        var suffix = 2
        while names.contains("\(tzid)-\(suffix)") { suffix += 1 }
        let name = "\(tzid)-\(suffix)"
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
            guard let place = component.properties[index].parameters.firstIndex(where: { $0.name == "TZID" }),
                let name = renames[component.properties[index].parameters[place].value]
            else { continue }
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
