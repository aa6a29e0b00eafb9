import CalendarCSV
import CalendarModel
import ICalendar
import Platform

/// One format calbridge reads or writes, as the registry (`CalendarFormat.registry`) lists it. The
/// command line's names and help, the library's `CalendarFileFormat`, sniffing, `convert` and the
/// fuzz targets all take what they know of a format from here.
package struct FormatDescriptor: Sendable {
    /// The name on the command line (`--from`, `--to`) and in messages: `ics`, `caldav-xml`.
    package var name: String
    /// What the format is, in a few words for help and messages: "iCalendar (RFC 5545)".
    package var title: String
    /// The extensions of its files, lower case, without the dot. An extension several formats list
    /// (`.json`, `.xml`) names the first of them in the registry, and the content decides among them.
    package var extensions: [String]
    /// How much the first bytes of an input look like the format, or `nil` when they do not.
    package var sniff: @Sendable (FormatHead) -> Likeness?
    package var reader: FormatReader
    /// How the format is written; `nil` for a format calbridge only reads.
    package var writer: FormatWriter?
    /// What goes through the format without loss, for help and the documentation: one line of
    /// `convert --help`, so at most `carriesLength` characters.
    package var carries: String
    /// Whether everything calbridge reads goes through the format and back unchanged (write, then
    /// read): what a format's round-trip tests and fuzz target hold it to.
    package var isLossless: Bool
    /// The name of the reader's fuzz target (`Scripts/fuzz`, FuzzTargets): the format's name unless
    /// the target is older than the registry.
    package var fuzzTarget: String

    package init(
        name: String, title: String, extensions: [String], sniff: @escaping @Sendable (FormatHead) -> Likeness?,
        reader: FormatReader, writer: FormatWriter?, carries: String, isLossless: Bool = false, fuzzTarget: String? = nil
    ) {
        (self.name, self.title, self.extensions, self.sniff) = (name, title, extensions, sniff)
        (self.reader, self.writer, self.carries, self.fuzzTarget) = (reader, writer, carries, fuzzTarget ?? name)
        self.isLossless = isLossless
    }

    /// The longest `carries` that fits on its line of help, indented in the manual page's 80 columns.
    package static let carriesLength = 64

    /// The format this descriptor is.
    package var format: CalendarFormat { CalendarFormat(registered: name) }

    /// A format the registry does not have: it sniffs, reads and writes nothing.
    static func unregistered(_ name: String) -> FormatDescriptor {
        FormatDescriptor(
            name: name, title: name, extensions: [], sniff: { _ in nil },
            reader: .made { _, _ in
                throw UsageProblem(message: "calbridge has no format \(name)")
            }, writer: nil, carries: "nothing")
    }
}

/// How surely an input's first bytes are of a format: `shape` when only its outer syntax fits (a
/// `{`, a `<`), `marker` when something only that format writes is there. A marker wins over a
/// shape, so a format more particular than another of the same syntax is told apart wherever the
/// registry lists it; between two alike, the registry's order decides.
package enum Likeness: Int, Comparable, Sendable {
    case shape, marker

    package static func < (lhs: Likeness, rhs: Likeness) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The first bytes of an input (`CalendarFormat.sniffedBytes` of them) as a sniff looks at them.
package struct FormatHead: Sendable {
    /// The text from its first character that is neither a byte order mark nor white space.
    package var text: Substring

    package init(_ bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    }

    /// The first line of `text` (a CSV's header row), without its line break.
    package var firstLine: Substring {
        text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
    }

    /// Whether `text` begins with `prefix`, letters compared in any case.
    package func begins(caseInsensitive prefix: String) -> Bool {
        text.prefix(prefix.count).uppercased() == prefix.uppercased()
    }
}

/// Options a format reads or writes with, given on the command line or by the library. Each format
/// adds the fields it needs, with a default, so that the registry and `convert` pass them on without
/// knowing them.
package struct FormatOptions: Sendable {
    /// A calendar CSV's style and language to write, its date order, window and zone.
    package var calendarCSV = CalendarCSVOptions()

    package init() {}
}

/// One input as a reader gets it: its name, and standard input already opened (its first bytes
/// were looked at to tell its format).
package struct FormatInput {
    /// The path given, `-` for standard input; problems name it.
    package var path: String
    /// Standard input, or bytes in memory, when `path` is not a file to open.
    package var opened: InputFile?
    package var options: FormatOptions

    package init(path: String, opened: InputFile? = nil, options: FormatOptions = FormatOptions()) {
        (self.path, self.opened, self.options) = (path, opened, options)
    }

    /// The input to read: the one opened, else the file at `path`.
    package func open() throws -> InputFile {
        try opened ?? InputFile(path: path)
    }
}

/// A calendar a whole-document reader read, and the problems it found on the way.
package struct ReadDocument {
    package var calendar: Component
    package var diagnostics: [Diagnostic]

    package init(calendar: Component, diagnostics: [Diagnostic] = []) {
        (self.calendar, self.diagnostics) = (calendar, diagnostics)
    }
}

/// How a format is read.
package enum FormatReader: Sendable {
    /// Read as it arrives, through the iCalendar stream reader beside it (whose batches, workers and
    /// encoding for the output it shares), handing on each property and top-level component;
    /// returns the problems the stream reader does not see itself.
    case streamed(@Sendable (FormatInput, inout CalendarStreamReader, (CalendarStreamEvent) throws -> Void) throws -> [Diagnostic])
    /// Read whole into one calendar that a person or another program wrote: its components are
    /// checked and given what identity they lack, as an .ics's are.
    case document(@Sendable (InputFile, FormatOptions) throws -> ReadDocument)
    /// Read whole into the calendar calbridge makes of it (contacts' birthdays, a timetable's
    /// lectures), which is handed on as made.
    case made(@Sendable (InputFile, FormatOptions) throws -> ReadDocument)
}

/// Bytes a writer wrote, and what it has to tell about them (a series written as its occurrences).
package struct WrittenDocument {
    package var bytes: [UInt8]
    package var diagnostics: [Diagnostic]

    package init(bytes: [UInt8], diagnostics: [Diagnostic] = []) {
        (self.bytes, self.diagnostics) = (bytes, diagnostics)
    }
}

/// How a format is written.
package struct FormatWriter: Sendable {
    /// A whole calendar in the format (the library's `data(as:)`, and `convert` when `streams` is nil).
    package var document: @Sendable (Component, FormatOptions) throws -> WrittenDocument
    /// `convert`'s way of writing the merged inputs as they are read, for a format that streams;
    /// `nil` reads the merged calendar whole and writes `document`.
    package var streams: (@Sendable (CalendarConversion, inout AtomicFile) throws -> [Diagnostic])?

    package init(
        document: @escaping @Sendable (Component, FormatOptions) throws -> WrittenDocument,
        streams: (@Sendable (CalendarConversion, inout AtomicFile) throws -> [Diagnostic])? = nil
    ) {
        (self.document, self.streams) = (document, streams)
    }
}
