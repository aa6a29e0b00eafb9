import CalendarModel
import CalendarRouter
import CalendarWebFormats
import Foundation
import ICalendar
import InputFiles
import ProgressReporting
import Schedules

/// Reads the inputs of a command into one merged calendar, streaming iCalendar, xCal and jCal inputs
/// component by component and decoding model JSON whole.
package struct CalendarInputs {
    package var paths: [String]
    package var format: CalendarFormat?

    package init(paths: [String], format: CalendarFormat?) {
        self.paths = paths
        self.format = format
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
            if case .component(let read) = event { progress.advance(by: read.inputByteCount) }
            try deliver(event)
        }
        for path in paths {
            // Standard input has no name to tell its format by: its first bytes are looked at, and
            // stay to be read.
            let standardInput = path == "-" ? try InputFile(path: path) : nil
            let head = try standardInput.map { try $0.peek(count: CalendarFormat.sniffedBytes) }
            let inputFormat = try CalendarFormat.of(input: path, given: format, head: head)
            let input = { try standardInput ?? InputFile(path: path) }
            // A file given must hold something usable; a resource of a saved CalDAV answer is one
            // item of its input, and does not sink the others.
            reader.refusesUnusableInput = inputFormat != .caldavXML
            switch inputFormat {
            case .json:
                let calendar = try Self.decodeModelJSON(try input())
                found += ComponentValidation.diagnostics(for: Component(name: "VCALENDAR", properties: calendar.properties), file: path)
                for property in calendar.properties { try handle(.property(property)) }
                for var component in calendar.components {
                    let identity = ItemIdentity.complete(&component, file: path)
                    found += (reader.writesCalendar ? identity.diagnostics : []) + ComponentValidation.diagnostics(for: component, file: path)
                    try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: nil)))
                }
            case .xcal, .jcal:
                found += try DocumentInput(input: try input(), format: inputFormat).read(encodingLike: reader, handle)
            case .caldavXML:
                try Self.readMultistatus(path, standardInput, with: &reader, handle)
            case .vcf:
                let (calendar, problems) = try Self.birthdayCalendar(try input())
                found += problems
                try Self.hand(calendar, to: handle)
            case .timetable:
                try Self.hand(try Self.scheduleCalendar(try input()), to: handle)
            default:
                try reader.read(try input(), handle)
            }
        }
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
    package func readCalendar(checksWithLibical: Bool = true, checksWholeCalendar: Bool = false,
                              writesCalendar: Bool = true) throws -> (Component, [Diagnostic]) {
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
    private static func readMultistatus(_ path: String, _ standardInput: InputFile?, with reader: inout CalendarStreamReader,
                                        _ handle: (CalendarStreamEvent) throws -> Void) throws {
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
    private static func birthdayCalendar(_ input: InputFile) throws -> (Component, [Diagnostic]) {
        let result = try ContactCardInput.read(input)
        let calendar = CalendarRouter.calendar(for: result.cards, now: .nowUTC)
        guard calendar.components.isEmpty && result.datesSkipped > 0 else { return (calendar, result.problems) }
        let dates = result.datesSkipped == 1 ? "the one date on its cards cannot" : "none of the \(result.datesSkipped) dates on its cards can"
        let nothing = Diagnostic(.error, file: input.name, at: nil, "\(dates) be read, so no birthday or anniversary survives")
        throw InvalidCalendarData(diagnostics: result.problems + [nothing],
                                  advice: "correct the dates (a day that exists, such as 1985-04-12, or --04-12 without the year) and run again")
    }

    /// A timetable as its calendar, made as `schedule` makes it without a state file.
    private static func scheduleCalendar(_ input: InputFile) throws -> Component {
        let timetable = try ScheduleRun.timetable(try input.readAll(), file: input.name, base: nil)
        return CalendarRouter.calendar(for: try ScheduleRun(timetable: timetable, file: input.name, statePath: nil))
    }

    /// Hands on a calendar made whole: its properties, then its components.
    private static func hand(_ calendar: Component, to handle: (CalendarStreamEvent) throws -> Void) throws {
        for property in calendar.properties { try handle(.property(property)) }
        for component in calendar.components {
            try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: nil)))
        }
    }

    /// The calendar of a model JSON input, decoded whole.
    private static func decodeModelJSON(_ input: InputFile) throws -> Component {
        let data = Data(try input.readAll())
        do {
            return try JSONDecoder().decode(ModelJSON.self, from: data).component
        } catch let error as DecodingError {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: input.name, at: nil, "not calbridge model JSON: " + Self.describe(error))],
                                      advice: "correct the JSON (`calbridge convert CALENDAR.ics --to json` shows its form) and run again")
        }
    }

    /// What is wrong, in the `$.path: message` form timetable problems use. (Foundation's decoder on
    /// Linux says only "not valid JSON" for broken text, with no position.)
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        var message: String?
        switch error {
        case .keyNotFound(let key, let c):
            context = DecodingError.Context(codingPath: c.codingPath + [key], debugDescription: "")
            message = "required field is missing"
        case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return "\(error)"
        }
        let path = "$" + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return path + ": " + (message ?? context.debugDescription)
    }
}

extension CalendarInputs {
    /// Input paths with directories replaced by the calendar files in them, by name.
    package static func files(expanding paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            return names.filter { name in ["ics", "xcs", "xml", "jcal", "json"].contains((name as NSString).pathExtension.lowercased()) }
                .map { (path as NSString).appendingPathComponent($0) }
        }
    }
}
