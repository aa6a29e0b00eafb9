import CalendarDocuments
import CalendarModel
import ICalendar
import Platform

/// The format registry's readers: each has a fuzz target, its own where one is older than the
/// registry, else one made from its descriptor here.
enum RegistryTargets {
    /// The targets written for a format by hand (most before the registry), by the name its descriptor gives.
    static let own: [FuzzTarget] = [
        ICalendarTargets.calendar, CardTargets.vCard, WebFormatTargets.xCal, WebFormatTargets.jCal, WebFormatTargets.multistatus,
        ModelJSONTarget.modelJSON, TimetableTargets.json, TimetableTargets.csv, VCalendarTarget.vcs,
    ]

    /// One target for every format in the registry.
    static var all: [FuzzTarget] {
        CalendarFormat.registry.map { descriptor in
            own.first { $0.name == descriptor.fuzzTarget } ?? target(for: descriptor)
        }
    }

    /// Any bytes are read or refused, never a crash. For a format calbridge writes, a calendar read
    /// is written and read again as the same tree, when the format is lossless; else the calendar
    /// read back is (after one pass a format has dropped what it has no place for).
    static func target(for descriptor: FormatDescriptor) -> FuzzTarget {
        FuzzTarget(descriptor.fuzzTarget) { bytes in
            guard let read = try? read(bytes, as: descriptor), let writer = descriptor.writer else { return nil }
            do {
                let first = descriptor.isLossless ? read : try self.read(try writer.document(read, FormatOptions()).bytes, as: descriptor)
                let written = try writer.document(first, FormatOptions()).bytes
                WrittenTrace.keep(written)
                return treeDifference([first], [try self.read(written, as: descriptor)])
            } catch {
                return "calbridge wrote \(descriptor.name) it then refuses: \(error)"
            }
        }
    }

    /// The calendar the format's reader makes of the bytes.
    static func read(_ bytes: [UInt8], as descriptor: FormatDescriptor) throws -> Component {
        let input = InputFile(name: "fuzz." + (descriptor.extensions.first ?? descriptor.name), contents: bytes)
        switch descriptor.reader {
        case .document(let read), .made(let read):
            return try read(input, FormatOptions()).calendar
        case .streamed(let read):
            var calendar = Component(name: "VCALENDAR")
            var reader = CalendarStreamReader()
            _ = try read(FormatInput(path: input.name, opened: input), &reader) { event in
                switch event {
                case .property(let property): calendar.properties.append(property)
                case .component(let read): if let component = read.component { calendar.components.append(component) }
                }
            }
            return calendar
        }
    }
}
