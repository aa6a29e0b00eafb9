import CalendarModel
@testable import CalendarWebFormats
import Foundation
import ICalendar
import Platform

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

/// A corpus file as written, for comparing with another program's reading of it: what the reader
/// adds to an item without a UID or DTSTAMP (`ItemIdentity`) left out again, since the other program
/// reads the file without it.
func readICalendarAsWritten(_ url: URL) throws -> Component {
    let text = try String(contentsOf: url, encoding: .isoLatin1).replacingOccurrences(of: "\r\n ", with: "")
        .replacingOccurrences(of: "\n ", with: "").uppercased()
    func asWritten(_ component: Component) -> Component {
        var copy = component
        copy.properties.removeAll { ["UID", "DTSTAMP"].contains($0.name) && !text.contains(($0.name + ":" + $0.value).uppercased()) }
        copy.components = component.components.map(asWritten)
        return copy
    }
    return asWritten(try readICalendar(url))
}

/// A calendar in the form xCal and jCal promise to keep: every value as its type re-encodes it
/// (TEXT with canonical escapes), a VALUE that names the default type left out unless the property
/// requires it, and order ignored.
func semantic(_ component: Component) -> Component {
    var copy = component
    copy.properties = component.properties.map { property in
        var p = property
        let type = ValueCodec.type(of: property)
        if type != .unknown {
            p.value = ValueCodec.raw(
                ValueCodec.values(of: property, type: type), type: type, layout: PropertyDesignTable.layout(of: property.name, type: type))
        }
        if type == PropertyDesignTable.type(of: property.name)
            && !(PropertyDesignTable.design(for: property.name)?.requiresValueParameter == true)
        {
            p.parameters.removeAll { $0.name == "VALUE" }
        } else if type != .unknown && p[parameter: "VALUE"] == nil {
            // A bare date where a date-time is the default is a date (ValueCodec.type): say so.
            p.parameters.append(Parameter("VALUE", type.icalendarName))
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
    let found = differences(a, b)
    return "only in first: \(found.onlyInFirst.prefix(3)); only in second: \(found.onlyInSecond.prefix(3))"
}

/// Every property as one line under the path of its components, repeats counted: the lines only
/// in `a` and only in `b`, each sorted.
func differences(_ a: Component, _ b: Component) -> (onlyInFirst: [String], onlyInSecond: [String]) {
    func lines(_ c: Component, _ path: String) -> [String] {
        let here = path + "/" + c.name
        return c.properties.map { property in
            here + " " + property.name
                + property.parameters.map { ";" + $0.name + "=" + $0.values.joined(separator: ",") }.joined()
                + ":" + property.value
        } + c.components.flatMap { lines($0, here) }
    }
    var counts: [String: Int] = [:]
    for line in lines(a, "") { counts[line, default: 0] += 1 }
    for line in lines(b, "") { counts[line, default: 0] -= 1 }
    let first = counts.filter { $0.value > 0 }.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
    let second = counts.filter { $0.value < 0 }.flatMap { Array(repeating: $0.key, count: -$0.value) }.sorted()
    return (first, second)
}
