import CalendarModel
import Foundation
import ICalendar
import Platform

/// Writes `text` to a fresh temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "input.ics") throws -> String {
    try temporaryFile(bytes: Array(text.utf8), name: name)
}

func temporaryFile(bytes: [UInt8], name: String = "input.ics") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

/// Reads a file through the streaming reader into one VCALENDAR, with every diagnostic.
func readCalendar(path: String) throws -> (Component, [Diagnostic]) {
    var calendar = Component(name: "VCALENDAR")
    var reader = CalendarStreamReader()
    try reader.read(try InputFile(path: path)) { event in
        switch event {
        case .property(let property): calendar.properties.append(property)
        case .component(let read): if let component = read.component { calendar.components.append(component) }
        }
    }
    return (calendar, reader.diagnostics)
}

/// The iCalendar text calbridge writes for a calendar.
func written(_ calendar: Component) -> [UInt8] {
    var writer = ICalendarWriter()
    writer.write(calendar)
    return writer.bytes
}

/// CRLF line endings for a test's text.
func crlf(_ lines: [String]) -> String {
    lines.map { $0 + "\r\n" }.joined()
}
