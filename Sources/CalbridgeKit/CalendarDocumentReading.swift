import CalendarRouter
import CalendarWebFormats
import ContactCards
import Foundation
import ICalendar
import Schedules

/// Turns the bytes of one input into a VCALENDAR component and the problems found in it, by the
/// same readers and checks the CLI's `convert` uses: a calendar opened here is the one `convert` writes.
struct CalendarDocumentReading {
    var name: String
    var format: CalendarFileFormat

    func read(_ bytes: [UInt8]) throws(CalendarReadingError) -> (Component, [Diagnostic]) {
        do {
            switch format {
            case .ics: return try iCalendar(bytes)
            case .xCal: return try document(try XCalReader().calendars(from: bytes))
            case .jCal: return try document(try JCalReader().calendars(from: bytes))
            case .modelJSON: return try document([JSONDecoder().decode(ModelJSON.self, from: Data(bytes)).component])
            case .vCard: return birthdays(bytes)
            case .timetable: return (try timetable(bytes), [])
            }
        } catch let error as CalendarReadingError {
            throw error
        } catch {
            throw refusal(Self.message(error))
        }
    }

    /// iCalendar through the streaming reader, its calendars merged as `convert` merges them.
    private func iCalendar(_ bytes: [UInt8]) throws -> (Component, [Diagnostic]) {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        reader.zones = .judgedByDatabase()
        try reader.read(InputFile(name: name, contents: bytes)) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return (calendar, reader.diagnostics)
    }

    /// The calendars of an xCal, jCal or model JSON document, merged (the first one's properties
    /// win) and checked as an .ics file's components are.
    private func document(_ calendars: [Component]) throws -> (Component, [Diagnostic]) {
        guard var merged = calendars.first else { throw refusal("no calendar in it") }
        for later in calendars.dropFirst() {
            merged.properties += later.properties.filter { merged[$0.name] == nil }
            merged.components += later.components
        }
        var found = ComponentValidation.diagnostics(for: Component(name: "VCALENDAR", properties: merged.properties), file: name)
        for component in merged.components { found += ComponentValidation.diagnostics(for: component, file: name) }
        return (merged, found)
    }

    /// Contact cards as their birthday calendar, made as `calbridge birthdays` makes it by default.
    private func birthdays(_ bytes: [UInt8]) -> (Component, [Diagnostic]) {
        let result = VCardReader().read(bytes, file: name)
        let problems = result.problems.map {
            Diagnostic(.error, file: $0.file, at: SourceLocation(line: $0.line, column: $0.column), $0.message,
                       repair: "the date is left out of the birthday calendar")
        }
        let now = LocalDateTime(secondsSinceEpoch: Int(Date().timeIntervalSince1970))
        return (BirthdayCalendar(options: BirthdayOptions(), timestamp: now).calendar(for: result.cards), problems)
    }

    /// A timetable (JSON, or CSV one lecture a row) as its calendar, as `calbridge schedule` makes it.
    private func timetable(_ bytes: [UInt8]) throws -> Component {
        let isJSON = bytes.first { !Character(UnicodeScalar($0)).isWhitespace } == UInt8(ascii: "{")
        do {
            let timetable = isJSON ? try TimetableReader().read(json: bytes, file: name)
                                   : try TimetableReader().read(csv: bytes, file: name, base: nil)
            return try ScheduleCalendar(timetable: timetable).calendar(stamps: [:])
        } catch let errors as TimetableErrors {
            throw CalendarReadingError(problems: errors.problems.map {
                ReadingProblem(Diagnostic(.error, file: $0.file, at: nil, $0.place + ": " + $0.message), isError: true)
            })
        }
    }

    private func refusal(_ message: String) -> CalendarReadingError {
        CalendarReadingError(problems: [ReadingProblem(Diagnostic(.error, file: name, at: nil, "not \(format.rawValue): " + message), isError: true)])
    }

    private static func message(_ error: any Error) -> String {
        if let document = error as? DocumentError {
            return (document.line.map { "line \($0), column \(document.column ?? 1): " } ?? "") + document.message
        }
        if let open = error as? InputFile.OpenError { return open.reason }
        return "\(error)"
    }
}

extension TimeZoneMerge {
    /// A merge that judges differing definitions of a TZID against the tz database (see
    /// `ZoneAgreement`): one the kept definition covers is left out, definitions the tz database
    /// agrees with become one built from it, the rest are renamed. No event moves when two calendars
    /// define one TZID differently; the command merges its inputs with it too.
    package static func judgedByDatabase() -> TimeZoneMerge {
        let agreement = ZoneAgreement()
        var merge = TimeZoneMerge()
        merge.reconcile = { kept, merged, later in
            if agreement.covers(kept, later) { return .covered }
            return agreement.sharedDefinition(for: merged + [later]).map { .shared($0) } ?? .separate
        }
        return merge
    }
}
