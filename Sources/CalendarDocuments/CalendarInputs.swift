import Birthdays
import CalendarModel
import CalendarWebFormats
import Foundation
import ICalendar
import Platform
import Schedules

/// Reads the inputs of a command into one merged calendar, each with its format's reader from the
/// registry: a streamed format (iCalendar, xCal, jCal) component by component, any other whole.
package struct CalendarInputs {
    package var paths: [String]
    package var format: CalendarFormat?
    /// The options of the run, which every reader (and `convert`'s writer) is handed.
    package var options: FormatOptions

    package init(paths: [String], format: CalendarFormat?, options: FormatOptions = FormatOptions()) {
        self.paths = paths
        self.format = format
        self.options = options
    }

    /// Feeds every input to `reader`, calling `handle` with what goes into the merged calendar;
    /// returns every problem found.
    package func read(with reader: inout CalendarStreamReader, _ deliver: (CalendarStreamEvent) throws -> Void) throws -> [Diagnostic] {
        // Problems in inputs read whole or as documents, which the iCalendar reader does not see.
        var found: [Diagnostic] = []
        try prepareZoneMerge(&reader)
        var progress = ProgressLine("reading", total: totalBytes, unit: .bytes)
        defer { progress.finish() }
        func handle(_ event: CalendarStreamEvent) throws {
            progress.advance(by: event.inputByteCount)
            try deliver(event)
        }
        for path in paths {
            // Standard input has no name to tell its format by: its first bytes are looked at, and
            // stay to be read.
            let standardInput = path == "-" ? try InputFile(path: path) : nil
            let head = try standardInput.map { try $0.peek(count: CalendarFormat.sniffedBytes) }
            let input = FormatInput(path: path, opened: standardInput, options: options)
            // A file given must hold something usable (a reader of many resources says otherwise).
            reader.refusesUnusableInput = true
            switch CalendarFormat.of(input: path, given: format, head: head).descriptor.reader {
            case .streamed(let read):
                found += try read(input, &reader, handle)
            case .document(let read):
                let document = try read(try input.open(), options)
                found += document.diagnostics
                found += try Self.hand(checked: document.calendar, file: path, writesCalendar: reader.writesCalendar, to: handle)
            case .made(let read):
                let made = try read(try input.open(), options)
                found += made.diagnostics
                try Self.hand(made.calendar, to: handle)
            }
        }
        if reader.checksWholeCalendar { try reader.finishWholeCalendarChecks() }
        return reader.diagnostics + found
    }

    /// The size of the inputs, for progress; unknown when one of them is standard input.
    private var totalBytes: Int? {
        guard !paths.contains("-") else { return nil }
        return paths.reduce(0) { sum, path in
            sum + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    /// Every input merged into one VCALENDAR component; `checksWholeCalendar` adds the checks that
    /// need the whole calendar (see `CalendarStreamReader.checksWholeCalendar`), and
    /// `writesCalendar` is `CalendarStreamReader.writesCalendar`.
    package func readCalendar(
        checksWithLibical: Bool = true, checksWholeCalendar: Bool = false,
        writesCalendar: Bool = true
    ) throws -> (Component, [Diagnostic]) {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.checksWithLibical = checksWithLibical
        reader.writesCalendar = writesCalendar
        reader.checksWholeCalendar = checksWholeCalendar
        let diagnostics = try read(with: &reader) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return (calendar, diagnostics)
    }

    /// Reads each calendar-data of a saved multistatus answer as one more calendar to merge, named
    /// after its href in messages.
    static func readMultistatus(
        _ input: FormatInput, with reader: inout CalendarStreamReader,
        _ handle: (CalendarStreamEvent) throws -> Void
    ) throws {
        let (path, standardInput) = (input.path, input.opened)
        var found: [(String, String)] = []
        let collect = { (response: DAVResponse) in
            if let data = response.calendarData { found.append((response.href, data)) }
        }
        do {
            if let standardInput {
                try MultistatusReader().read(try standardInput.readAll()).responses.forEach(collect)
            } else {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw InputFile.OpenError(name: path, code: ENOENT)
                }
                _ = try MultistatusReader().read(contentsOf: URL(fileURLWithPath: path), onResponse: collect)
            }
        } catch let error as MultistatusError {
            throw InvalidCalendarData(diagnostics: [Diagnostic(multistatusError: error, file: path)])
        }
        for (href, data) in found {
            try reader.read(InputFile(name: path + " " + href, contents: Array(data.utf8)), handle)
        }
    }

    /// Contact cards as their birthday calendar, made as `birthdays` makes it with its defaults. A
    /// card or date that cannot be read is skipped with a warning, as `birthdays` skips it. A file
    /// with no card in it is refused, and so is one whose cards had dates of which none could be
    /// read: nothing usable survives (cards without any date make an empty calendar, as written).
    static func birthdayCalendar(_ input: InputFile) throws -> ReadDocument {
        let result = try ContactCardInput.read(input)
        let calendar = BirthdayCalendar(options: BirthdayOptions(), timestamp: .nowUTC).calendar(for: result.cards)
        guard calendar.components.isEmpty && result.datesSkipped > 0 else {
            return ReadDocument(calendar: calendar, diagnostics: result.problems)
        }
        let dates =
            result.datesSkipped == 1 ? "the one date on its cards cannot" : "none of the \(result.datesSkipped) dates on its cards can"
        let nothing = Diagnostic(.error, file: input.name, at: nil, "\(dates) be read, so no birthday or anniversary survives")
        throw InvalidCalendarData(
            diagnostics: result.problems + [nothing],
            advice: "correct the dates (a day that exists, such as 1985-04-12, or --04-12 without the year) and run again")
    }

    /// A timetable as its calendar, made as `schedule` makes it without a state file.
    static func scheduleCalendar(_ input: InputFile) throws -> Component {
        let timetable = try ScheduleRun.timetable(try input.readAll(), file: input.name, base: nil)
        return try ScheduleRun(timetable: timetable, file: input.name, statePath: nil).calendar
    }

    /// Hands on a calendar made whole: its properties, then its components.
    private static func hand(_ calendar: Component, to handle: (CalendarStreamEvent) throws -> Void) throws {
        for property in calendar.properties { try handle(.property(property)) }
        for component in calendar.components {
            try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: nil)))
        }
    }

    /// Hands on a calendar a person or program wrote, read whole: its properties and components
    /// checked as an .ics's are, and each item given the identity it lacks. Returns the problems.
    private static func hand(
        checked calendar: Component, file: String, writesCalendar: Bool,
        to handle: (CalendarStreamEvent) throws -> Void
    ) throws -> [Diagnostic] {
        var found = ComponentValidation.diagnostics(for: Component(name: "VCALENDAR", properties: calendar.properties), file: file)
        for property in calendar.properties { try handle(.property(property)) }
        for var component in calendar.components {
            let identity = ItemIdentity.complete(&component, file: file)
            found += (writesCalendar ? identity.diagnostics : []) + ComponentValidation.diagnostics(for: component, file: file)
            try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: nil)))
        }
        return found
    }
}

extension CalendarInputs {
    /// Input paths with directories replaced by the calendar files in them, by name.
    package static func files(expanding paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            // The files of formats people and programs write calendars in, not those calbridge makes one of.
            let extensions = Set(CalendarFormat.calendarFiles.flatMap(\.descriptor.extensions))
            return names.filter { name in extensions.contains((name as NSString).pathExtension.lowercased()) }
                .map { (path as NSString).appendingPathComponent($0) }
        }
    }
}
