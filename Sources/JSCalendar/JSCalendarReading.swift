import CalendarModel
import JSONReading

/// Reads a JSCalendar document (an Event, a Task or a Group) into the lossless model. JSON that does
/// not parse is reported at its line and column and refuses the input (65), as does a document
/// whose only entries cannot be read; an entry of a Group that cannot be read is skipped with an
/// error at its JSON path, which the reading policy judges (a warning unless `--strict`).
package enum JSCalendarReading {
    package static func read(_ bytes: [UInt8], path: String) throws(InvalidCalendarData) -> (calendar: Component, diagnostics: [Diagnostic])
    {
        let json: JSONValue
        do {
            json = try JSONReader.value(of: bytes)
        } catch {
            let place = SourceLocation(line: error.position.line, column: error.position.column)
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: place, "not JSCalendar: \(error.message)")])
        }
        do {
            let read = try JSCalendarDocument.calendar(for: json)
            return (
                read.calendar,
                read.skipped.map {
                    Diagnostic(.error, file: path, at: nil, "\($0.path): \($0.message)", repair: "skips the entry; the others are read")
                }
            )
        } catch {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: nil, "\(error.path): \(error.message)")])
        }
    }

    /// Whether a text's beginning is a JSON object whose own `@type` (not a nested object's) is
    /// Event, Task or Group: what only JSCalendar writes, so a `.json` file says what it is.
    package static func sniffs(_ head: Substring) -> Bool {
        guard head.first == "{" else { return false }
        var depth = 0, inString = false, escaped = false
        var index = head.startIndex
        while index < head.endIndex {
            let character = head[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == "\"" {
                if depth == 1 && head[index...].hasPrefix("\"@type\"") { return typeFollows(head[head.index(index, offsetBy: 7)...]) }
                inString = true
            }
            index = head.index(after: index)
        }
        return false
    }

    private static func typeFollows(_ rest: Substring) -> Bool {
        let value = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == ":" }
        return ["\"Event\"", "\"Task\"", "\"Group\""].contains { value.hasPrefix($0) }
    }
}
