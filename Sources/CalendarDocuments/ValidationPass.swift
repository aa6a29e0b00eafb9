import CalendarModel
import ICalendar
import Platform
import TimeZones

/// One read of the merged inputs for `validate`: every component is checked, summarised (see
/// `CalendarSummary`) and, under `--repair`, repaired and written on the reader's workers as it
/// comes, so that memory holds one batch of components, not the calendar. The repaired calendar
/// opens with its properties once the first component arrives and ends with a VTIMEZONE from the
/// tz database for each TZID used without one.
struct ValidationPass {
    var inputs: CalendarInputs
    /// Every property of the merged calendar, when a first pass met one after the first component;
    /// the properties read are then not written again.
    var knownProperties: [Property]?

    /// What a pass found: every problem, the calendar's summary, and, when a property came after the
    /// first component had been written (a later input's, one written after components), every
    /// property in order for a second pass.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var summary: CalendarSummary
        var propertiesForSecondPass: [Property]?
    }

    /// Reads the inputs, writing the repaired calendar into `sink` when there is one.
    func run(repairingInto sink: AtomicFile?) throws -> Outcome {
        let zone = CalendarZone(knownProperties?.first { $0.name == "X-WR-TIMEZONE" }?.text)
        let repairing = sink != nil
        var reader = CalendarStreamReader()
        // The whole-calendar checks run in validate only: convert keeps going on violations, and
        // expand only reads times.
        reader.checksWholeCalendar = true
        // Each tree dies on the worker that read it, once studied; a repair keeps it, to repair it
        // again should the calendar's zone have come too late for the worker.
        reader.keepsComponents = repairing
        reader.study = { ComponentFindings($0, repairing: repairing, zone: zone.name) }
        if !repairing {
            // A worker joins its trees' findings, so that this thread takes one per run of them.
            reader.joinsNotes = { joined, later in
                guard let later = later as? ComponentFindings else { return }
                // Taken out while merged into, so that the findings are not copied for each item.
                var findings = joined.take() as? ComponentFindings
                findings?.merge(later)
                joined = findings ?? later
            }
        }
        var summary = CalendarSummary()
        summary.properties = knownProperties ?? []
        var writer = ICalendarWriter()
        var repairedZones = ZoneUsage()
        var opened = false, lateProperty = false
        func open() {
            writer.writeLine("BEGIN:VCALENDAR")
            CalendarRepair.repairedProperties(summary.properties).forEach { writer.write($0) }
            opened = true
        }
        let found = try inputs.read(with: &reader) { event in
            switch event {
            case .property(let property):
                guard knownProperties == nil else { return }
                summary.properties.append(property)
                if property.name == "X-WR-TIMEZONE" { zone.learn(property.text) }
                lateProperty = lateProperty || opened
            case .component(let read):
                guard let component = read.component else {
                    // Left on its worker, which studied it (with the others joined to it).
                    if read.zoneReferences != nil, let findings = read.notes as? ComponentFindings { summary.add(nil, findings) }
                    return
                }
                var findings = read.notes as? ComponentFindings ?? ComponentFindings(component, repairing: repairing, zone: zone.name)
                // A worker may have repaired it before X-WR-TIMEZONE reached this thread.
                if repairing && findings.repairZone != zone.name {
                    findings = ComponentFindings(component, repairing: true, zone: zone.name)
                }
                summary.add(component, findings)
                guard let sink, let repaired = findings.repaired else { return }
                if !opened { open() }
                repairedZones.merge(repaired.zones)
                try sink.write(writer.takeBytes())
                try sink.write(repaired.text)
            }
        }
        if let sink {
            if !opened { open() }
            repairedZones.missingDefinitions(resolver: TimeZoneResolver(definitions: [:])).forEach { writer.write($0) }
            writer.writeLine("END:VCALENDAR")
            try sink.write(writer.takeBytes())
        }
        let file = inputs.paths.first ?? "-"
        return Outcome(
            diagnostics: found + summary.diagnostics(file: file), summary: summary,
            propertiesForSecondPass: lateProperty ? summary.properties : nil)
    }
}
