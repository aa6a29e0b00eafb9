import CalendarModel
import Foundation

/// A format of the registry, named as on the command line (`ics`, `caldav-xml`). Only the
/// registry's names make one, so a format in hand always has a descriptor.
package struct CalendarFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// The registry's format of that name, if any.
    package init?(rawValue: String) {
        guard Self.registry.contains(where: { $0.name == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    /// A name the registry lists (the descriptors' own `format`).
    init(registered name: String) {
        rawValue = name
    }

    package var description: String { rawValue }

    /// The formats the code names itself; every other is known by its registry entry alone.
    package static let ics = CalendarFormat(registered: "ics")
    package static let json = CalendarFormat(registered: "json")
    package static let xcal = CalendarFormat(registered: "xcal")
    package static let jcal = CalendarFormat(registered: "jcal")
    package static let caldavXML = CalendarFormat(registered: "caldav-xml")
    package static let vcf = CalendarFormat(registered: "vcf")
    package static let timetable = CalendarFormat(registered: "timetable")
    package static let csv = CalendarFormat(registered: "csv")

    /// The format's entry in the registry.
    package var descriptor: FormatDescriptor {
        // Only the registry's names make a format: a name it lost would read and write nothing.
        Self.registry.first { $0.name == rawValue } ?? .unregistered(rawValue)
    }

    /// Whether calbridge writes the format.
    package var isWritable: Bool { descriptor.writer != nil }

    /// Every format in the registry's order, the formats calbridge writes, and the formats whose
    /// files are calendars as people and programs write them (not input calbridge makes a calendar of).
    package static var all: [CalendarFormat] { registry.map(\.format) }
    package static var writable: [CalendarFormat] { registry.filter { $0.writer != nil }.map(\.format) }
    package static var calendarFiles: [CalendarFormat] {
        registry.filter { if case .made = $0.reader { false } else { true } }.map(\.format)
    }

    /// The formats whose files may end in `fileExtension`, in the registry's order.
    package static func named(byExtension fileExtension: String) -> [CalendarFormat] {
        let lowered = fileExtension.lowercased()
        return registry.filter { $0.extensions.contains(lowered) }.map(\.format)
    }

    /// A path's extension: two deep where a format lists that one (`.jscal.json`), else the last.
    package static func fileExtension(of path: String) -> String {
        let last = (path as NSString).pathExtension
        let inner = ((path as NSString).deletingPathExtension as NSString).pathExtension
        return !inner.isEmpty && !named(byExtension: inner + "." + last).isEmpty ? inner + "." + last : last
    }

    /// The format a path's extension names, if any: the first the registry lists for it.
    package init?(path: String) {
        guard let first = Self.named(byExtension: Self.fileExtension(of: path)).first else { return nil }
        self = first
    }

    /// The extensions that name this format (those of its that no format before it lists).
    package var ownExtensions: [String] {
        descriptor.extensions.filter { CalendarFormat.named(byExtension: $0).first == self }
    }

    /// How many bytes of an input `sniff` looks at.
    package static let sniffedBytes = 512

    /// Guesses from the first bytes of a file.
    package static func sniff(path: String, among candidates: [CalendarFormat] = all) -> CalendarFormat? {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return sniff(head: [UInt8]((try? handle.read(upToCount: sniffedBytes)) ?? Data()), among: candidates)
    }

    /// Guesses from an input's first bytes: the candidate they look most like, the first listed
    /// between two alike.
    package static func sniff(head: [UInt8], among candidates: [CalendarFormat] = all) -> CalendarFormat? {
        let head = FormatHead(head)
        var best: (format: CalendarFormat, likeness: Likeness)?
        for format in candidates {
            guard let likeness = format.descriptor.sniff(head) else { continue }
            if let best, likeness <= best.likeness { continue }
            best = (format, likeness)
        }
        return best?.format
    }

    /// The format of an input: as given, else from its name (the content deciding among formats
    /// that share its extension), else from its content (`head`, its first bytes, for standard
    /// input), else iCalendar.
    package static func of(input path: String, given: CalendarFormat?, head: [UInt8]? = nil) -> CalendarFormat {
        if let given { return given }
        // The content is looked at once, and only when the name leaves a doubt.
        let named = Self.named(byExtension: Self.fileExtension(of: path))
        if named.count == 1 { return named[0] }
        let candidates = named.isEmpty ? all : named
        return head.flatMap { sniff(head: $0, among: candidates) } ?? sniff(path: path, among: candidates) ?? named.first ?? .ics
    }

    /// How the format is written, or a usage error that names the formats calbridge writes.
    package func writer() throws -> FormatWriter {
        if let writer = descriptor.writer { return writer }
        throw UsageProblem(
            message: "calbridge reads \(rawValue), \(descriptor.title), but does not write it; it writes "
                + Self.listing(Self.writable.map(\.rawValue)))
    }

    /// Names in a sentence: `a`, `a and b`, `a, b and c`.
    package static func listing(_ names: [String], conjunction: String = "and") -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
