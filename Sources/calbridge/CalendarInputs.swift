import CalendarModel
import Foundation
import ICalendar

/// Reads the inputs of a command into one merged calendar, streaming iCalendar inputs component by
/// component and decoding model JSON whole.
struct CalendarInputs {
    var paths: [String]
    var format: CalendarFormat?

    /// Feeds every input to `reader`, calling `handle` with what goes into the merged calendar;
    /// returns every problem found.
    func read(with reader: inout CalendarStreamReader, _ handle: (CalendarStreamEvent) throws -> Void) throws -> [Diagnostic] {
        for path in paths {
            switch try CalendarFormat.of(input: path, given: format) {
            case .json:
                let calendar = try Self.decodeJSON(path)
                for property in calendar.properties { try handle(.property(property)) }
                for component in calendar.components {
                    try handle(.component(ReadComponent(component: component, diagnostics: [], encoded: nil)))
                }
            default:
                try reader.read(try InputFile(path: path), handle)
            }
        }
        return reader.diagnostics
    }

    /// Every input merged into one VCALENDAR component.
    func readCalendar(repairsFolding: Bool = false) throws -> (Component, [Diagnostic]) {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader(repairsFolding: repairsFolding)
        let diagnostics = try read(with: &reader) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return (calendar, diagnostics)
    }

    private static func decodeJSON(_ path: String) throws -> Component {
        let data: Data
        do {
            data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputFile.OpenError(name: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "No such file or directory")
        }
        do {
            return try JSONDecoder().decode(ModelJSON.self, from: data).component
        } catch let error as DecodingError {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: nil, "not calbridge model JSON: " + Self.describe(error))])
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
    }
}
