import CalendarModel
import JSONReading

/// Reads a JSCalendar document (an Event, a Task or a Group) into the lossless model. JSON that does
/// not parse is reported at its line and column, a member that is not what RFC 8984 asks at its JSON
/// path; either leaves nothing usable, so the input is refused (65).
package enum JSCalendarReading {
    package static func read(_ bytes: [UInt8], path: String, policy: ReadingPolicy) throws -> (calendar: Component, diagnostics: [Diagnostic]) {
        let json: JSONValue
        do {
            json = try JSONReader.value(of: bytes)
        } catch {
            let place = SourceLocation(line: error.position.line, column: error.position.column)
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: place, "not JSCalendar: \(error.message)")])
        }
        do {
            let calendar = try JSCalendarDocument.calendar(for: json)
            return (calendar, try policy.judged([]))
        } catch let problem as JSCalendarProblem {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: nil, "\(problem.path): \(problem.message)")])
        }
    }

    /// Whether `bytes` begin a JSON object whose top-level `@type` is Event, Task or Group.
    package static func sniffs(_ bytes: [UInt8]) -> Bool {
        guard let json = try? JSONReader.value(of: bytes) else { return false }
        return ["Event", "Task", "Group"].contains(json["@type"]?.string ?? "")
    }
}
