import CalendarModel
import CalendarWebFormats
import Foundation
import ICalendar
import Platform
import TimeZones

/// `convert`'s engine: the merged inputs written in one format into an output that appears whole or
/// not at all. A format whose writer streams (iCalendar, xCal, jCal) goes out as it is read, one
/// batch of components at a time; any other is written whole. `policy` decides whether an xCal or jCal output is worth a second
/// pass (see `streamDocument`).
package struct CalendarConversion {
    package var sources: CalendarInputs
    package var format: CalendarFormat
    package var policy: ReadingPolicy

    package init(_ sources: CalendarInputs, to format: CalendarFormat, policy: ReadingPolicy) {
        (self.sources, self.format, self.policy) = (sources, format, policy)
    }

    /// The format an output's name asks for: none (standard output, `/dev/null`) is iCalendar; an
    /// extension that names no format calbridge writes (`out.pdf`) is refused rather than filled
    /// with iCalendar under a name that promises something else.
    package static func format(ofOutput output: String?) throws -> CalendarFormat {
        guard let output, !(output as NSString).pathExtension.isEmpty else { return .ics }
        guard let format = CalendarFormat(path: output) else {
            throw UsageProblem(
                message: "\(output): no format calbridge writes ends in .\((output as NSString).pathExtension); name the output "
                    + outputExtensions + ", or give --to ics to write iCalendar into \(output) anyway")
        }
        _ = try format.writer()
        return format
    }

    /// The extensions that name each format calbridge writes, as a sentence: `.ics or .ical for
    /// iCalendar (RFC 5545), .json for calbridge's model JSON`.
    /// The first extension of each format calbridge writes, and where to find the rest: `.ics, .json
    /// or .xcal (`calbridge convert --help` lists every one)`.
    package static var outputExtensions: String {
        CalendarFormat.listing(CalendarFormat.writable.compactMap { $0.ownExtensions.first.map { "." + $0 } }, conjunction: "or")
            + " (`calbridge convert --help` lists every one)"
    }

    package static var outputNames: String {
        CalendarFormat.listing(
            CalendarFormat.writable.map { format in
                CalendarFormat.listing(format.ownExtensions.map { "." + $0 }, conjunction: "or") + " for \(format.descriptor.title)"
            })
    }

    /// Writes the merged calendar into a new output at `destination` (standard output when `nil`),
    /// not yet committed, and returns it with every problem found.
    package func write(to destination: String?) throws -> (output: AtomicFile, diagnostics: [Diagnostic]) {
        let writer = try format.writer()
        var sink = try AtomicFile(destination: destination)
        if let streams = writer.streams {
            // A second pass replaces the sink: it is returned after the writer is done with it.
            let diagnostics = try streams(self, &sink)
            return (sink, diagnostics)
        }
        let (calendar, diagnostics) = try sources.readCalendar()
        let written = try writer.document(calendar, sources.options)
        try sink.write(written.bytes)
        return (sink, diagnostics + written.diagnostics)
    }

    /// Writes the merged calendar as it is read, one batch of components at a time, and at the end
    /// a VTIMEZONE (from the tz database) for every TZID the input used without defining. The
    /// calendars of a single input stay apart, as they were written; several inputs merge.
    func streamICalendar(into sink: AtomicFile) throws -> [Diagnostic] {
        var reader = CalendarStreamReader(encodes: true)
        // Noting zones per component is a worker's job; the main thread only merges, in order.
        reader.study = { ZoneUsage(of: $0) }
        reader.joinsNotes = { joined, later in
            // Taken out while merged into, so that the usage is not copied for each item.
            var usage = joined.take() as? ZoneUsage ?? ZoneUsage()
            if let later = later as? ZoneUsage { usage.merge(later) }
            joined = usage
        }
        // Only the encoded bytes are written: each tree dies on the worker that built it.
        reader.keepsComponents = false
        var writer = ICalendarWriter()
        var zones = ZoneUsage()
        var floating: [Diagnostic] = []
        func endCalendar() {
            let resolver = TimeZoneResolver(definitions: [:])
            for zone in zones.missingDefinitions(resolver: resolver) { writer.write(zone) }
            writer.writeLine("END:VCALENDAR")
            // A guess made for the user is named: an unknown zone's times stay floating.
            floating += zones.unresolvable(resolver: resolver).map { zone in
                sources.paths.count == 1
                    ? Diagnostic(.violation, file: sources.paths[0], at: zone.firstUse, TimeZoneResolver.unknownZoneMessage(zone.tzid))
                    : Diagnostic(
                        .violation, file: sources.paths.joined(separator: ", "), at: nil, TimeZoneResolver.unknownZoneMessage(zone.tzid))
            }
        }
        if sources.paths.count == 1 {
            reader.beginsLaterCalendar = {
                endCalendar()
                writer.writeLine("BEGIN:VCALENDAR")
                zones = ZoneUsage()
            }
        }
        writer.writeLine("BEGIN:VCALENDAR")
        let diagnostics = try sources.read(with: &reader) { event in
            switch event {
            case .property(let property):
                writer.write(property)
            case .component(let read):
                if let usage = read.notes as? ZoneUsage {
                    zones.merge(usage)
                } else if let component = read.component {
                    zones.record(component)
                }
                if let encoded = read.encoded {
                    try sink.write(writer.takeBytes())
                    try sink.write(encoded)
                } else if let component = read.component {
                    writer.write(component)
                }
            }
        }
        endCalendar()
        try sink.write(writer.takeBytes())
        return diagnostics + floating
    }

    /// Writes the merged calendar as xCal or jCal as it is read (see ``StreamedDocument``). When a
    /// calendar property turned up after the first component, the opening already written lacks it:
    /// the inputs are then read once more with every property known from the start.
    func streamDocument<Writer: CalendarDocumentWriter>(_: Writer.Type, into sink: inout AtomicFile) throws -> [Diagnostic] {
        let first = try StreamedDocument<Writer>(sources: sources).write(into: sink)
        guard let properties = first.propertiesForSecondPass, !policy.refuses(first.diagnostics) else { return first.diagnostics }
        guard !sources.paths.contains("-") else {
            throw UsageProblem(
                message: "standard input has calendar properties after its components, which xCal and jCal "
                    + "write first; give the input as a file so calbridge can read it twice")
        }
        sink.discard()
        sink = try AtomicFile(destination: sink.destination)
        return try StreamedDocument<Writer>(sources: sources, knownProperties: properties).write(into: sink).diagnostics
    }
}
