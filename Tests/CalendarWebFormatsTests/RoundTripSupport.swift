@testable import CalendarWebFormats
import CalendarModel
import Foundation
import ICalendar

/// The corpus of exporter-like files kept with the iCalendar tests.
var corpusFiles: [URL] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ICalendarTests/Corpus")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".ics") }.sorted().map { folder.appendingPathComponent($0) }
}

/// A corpus file read through calbridge's iCalendar reader into one VCALENDAR.
func readICalendar(_ url: URL) throws -> Component {
    var calendar = Component(name: "VCALENDAR")
    var reader = CalendarStreamReader()
    try reader.read(try InputFile(path: url.path)) { event in
        switch event {
        case .property(let property): calendar.properties.append(property)
        case .component(let read): if let component = read.component { calendar.components.append(component) }
        }
    }
    return calendar
}

/// A calendar in the form xCal and jCal promise to keep: every value as its type re-encodes it
/// (TEXT with canonical escapes), a VALUE that names the default type left out unless the property
/// requires it, and order ignored.
func semantic(_ component: Component) -> Component {
    var copy = component
    copy.properties = component.properties.map { property in
        var p = property
        let type = ValueCodec.type(of: property)
        if type != ValueTypeTable.unknown {
            p.value = ValueCodec.raw(ValueCodec.values(of: property, type: type), type: type)
        }
        if type == ValueTypeTable.entry(for: property.name).type && !ValueTypeTable.requiresValueParameter.contains(property.name) {
            p.parameters.removeAll { $0.name == "VALUE" }
        } else if type != ValueTypeTable.unknown && p[parameter: "VALUE"] == nil {
            // A bare date where a date-time is the default is a date (ValueCodec.type): say so.
            p.parameters.append(Parameter("VALUE", type.uppercased()))
        }
        // VALUE names a type, and type names compare case-insensitively (RFC 5545 §3.2).
        p.parameters = p.parameters.map { $0.name == "VALUE" ? Parameter(name: "VALUE", values: $0.values.map { $0.uppercased() }) : $0 }
        return p
    }
    copy.components = component.components.map(semantic)
    return copy.canonicalForm
}

/// The first few lines where two calendars differ, for a readable failure message.
func difference(_ a: Component, _ b: Component) -> String {
    func lines(_ c: Component, _ path: String) -> [String] {
        c.properties.map { "\(path)/\(c.name) \($0.name);\($0.parameters.map { $0.name + "=" + $0.values.joined(separator: ",") }.joined(separator: ";")):\($0.value)" }
            + c.components.flatMap { lines($0, path + "/" + c.name) }
    }
    let left = Set(lines(a, "")), right = Set(lines(b, ""))
    return "only in first: \(left.subtracting(right).sorted().prefix(3)); only in second: \(right.subtracting(left).sorted().prefix(3))"
}
