import CalendarModel
import ICalendar
import Platform

/// iCalendar bytes read the way every command reads them (the scanner cuts components, a
/// `ComponentReader` reads each, libical judging the lines calbridge cannot vouch for), kept as the
/// list of VCALENDARs the text held.
struct ICalendarText {
    var calendars: [Component] = []
    var diagnostics: [Diagnostic] = []

    init(_ bytes: [UInt8]) {
        var scanner = CalendarScanner(input: InputFile(name: "fuzz.ics", contents: bytes))
        let reader = ComponentReader(file: "fuzz.ics")
        var open: Component?
        // Reading from memory cannot fail to open.
        while let item = try? scanner.next() {
            switch item {
            case .beginCalendar: open = Component(name: "VCALENDAR")
            case .calendarProperty(let property): open = open ?? Component(name: "VCALENDAR"); open?.properties.append(property)
            case .component(let raw):
                let read = reader.read(raw)
                diagnostics += read.diagnostics
                open = open ?? Component(name: "VCALENDAR")
                if let component = read.component { open?.components.append(component) }
            case .endCalendar:
                if let calendar = open { calendars.append(calendar) }
                open = nil
            }
        }
        if let calendar = open { calendars.append(calendar) }
        diagnostics += scanner.diagnostics
    }

    /// The calendars as calbridge writes them.
    static func written(_ calendars: [Component]) -> [UInt8] {
        var writer = ICalendarWriter()
        calendars.forEach { writer.write($0) }
        return writer.bytes
    }

    /// The messages of the errors among the diagnostics, without their places (which move when
    /// the text is written again).
    var errors: [String] {
        diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    /// The errors calbridge's own checks found, without libical's.
    var ownErrors: [String] {
        errors.filter { !$0.hasPrefix(LibicalFinding.messagePrefix) }
    }
}

/// How two lists of trees differ, compared as `canonicalForm` (order of properties and parameters
/// carries no meaning): the first property lines only one of them has, or `nil` when they are the same.
func treeDifference(_ first: [Component], _ second: [Component]) -> String? {
    let a = first.map(\.canonicalForm)
    let b = second.map(\.canonicalForm)
    guard a != b else { return nil }
    guard a.count == b.count else { return "\(a.count) calendars became \(b.count)" }
    let before = a.flatMap { lines($0, "") }, after = b.flatMap { lines($0, "") }
    let lost = before.filter { !after.contains($0) }.prefix(3), gained = after.filter { !before.contains($0) }.prefix(3)
    return "read again, the tree changed: \(lost) became \(gained)"
}

/// Every property as one line under the path of its components.
private func lines(_ component: Component, _ path: String) -> [String] {
    let here = path + "/" + component.name
    return component.properties.map { property in
        here + " " + property.name + property.parameters.map { ";" + $0.name + "=" + $0.values.joined(separator: ",") }.joined()
            + ":" + property.value.debugDescription
    } + component.components.flatMap { lines($0, here) }
}
