import CalendarModel
import Foundation
import ICalendar
import JSONReading
import Platform
import XCTest

/// One example pair of draft-ietf-calext-jscalendar-icalendar-08 (Resources/draft-examples, named
/// by the figure's anchor without its `test-` prefix), read in the draft's example notation (§1.2).
struct DraftExample {
    let name: String
    /// The iCalendar example made whole: its implicit VCALENDAR and VEVENT, its END lines.
    let icalendar: String
    /// The same without the ORGANIZER or ATTENDEE an implicit VEVENT implies: only what is shown.
    let shownICalendar: String
    /// The JSCalendar example as an object; `"...": ""` members stay, they say "more may be here".
    let json: JSONValue

    static func all() throws -> [DraftExample] {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "draft-examples", withExtension: nil, subdirectory: "Resources"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }
            .map { String($0.dropLast(".ics".count)) }.sorted()
        return try names.map { name in
            let ics = try String(contentsOf: folder.appendingPathComponent(name + ".ics"), encoding: .utf8)
            let json = try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
            let type = DraftNotation.implicitItem(ics) == "VTODO" ? "Task" : "Event"
            return DraftExample(
                name: name, icalendar: DraftNotation.wholeICalendar(ics),
                shownICalendar: DraftNotation.wholeICalendar(ics, implying: false),
                json: try DraftNotation.wholeObject(json, implicitType: type))
        }
    }

    /// The iCalendar example read by calbridge's reader into one VCALENDAR.
    func calendar() throws -> Component {
        try DraftNotation.read(icalendar)
    }

    /// The JSCalendar example as a document calbridge can read: without its `"...": ""` members.
    var document: JSONValue { DraftNotation.removingEllipses(json) }
}

/// The draft's example notation (§1.2.1 iCalendar, §1.2.2 JSCalendar) turned into whole data.
enum DraftNotation {
    /// §1.2.1: lines alone are properties of an implicit VEVENT in an implicit VCALENDAR, components
    /// alone sit in an implicit VCALENDAR, `...` stands for lines that do not matter and, at the end,
    /// for the END lines still owed. An implicit item has its mandatory UID, DTSTAMP and (for an
    /// event) DTSTART, with the values of the draft's own §1.2.1 figure; with an ATTENDEE but no
    /// ORGANIZER it has an ORGANIZER of another address, and the other way round.
    static func wholeICalendar(_ text: String, implying: Bool = true) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingTrailingSpaces() }.filter { !$0.isEmpty && $0 != "..." }
        let first = lines.first ?? "", item = implicitItem(text)
        var out = first == "BEGIN:VCALENDAR" ? [] : ["BEGIN:VCALENDAR"]
        var open = first == "BEGIN:VCALENDAR" ? [] : ["VCALENDAR"]
        if let item {
            out.append("BEGIN:" + item)
            open.append(item)
            if implying { out += implied(by: lines, in: item) }
        }
        for line in lines {
            if line.hasPrefix("BEGIN:") { open.append(String(line.dropFirst(6))) }
            if line.hasPrefix("END:") { open.removeLast() }
            out.append(line)
        }
        out += open.reversed().map { "END:" + $0 }
        return out.joined(separator: "\r\n") + "\r\n"
    }

    /// The item an example's lines imply, if they are not in one: a VEVENT, or a VTODO where the
    /// lines are DUE or PERCENT-COMPLETE, which only a to-do has (RFC 5545 §3.6.2), as the draft's
    /// DUE examples (§2.3.17) mean.
    static func implicitItem(_ text: String) -> String? {
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        guard !["BEGIN:VCALENDAR", "BEGIN:VEVENT", "BEGIN:VTODO"].contains(first) else { return nil }
        return text.split(separator: "\n").contains { $0.hasPrefix("DUE") || $0.hasPrefix("PERCENT-COMPLETE") } ? "VTODO" : "VEVENT"
    }

    private static func implied(by lines: [String], in item: String) -> [String] {
        func has(_ name: String) -> Bool { lines.contains { $0.hasPrefix(name + ":") || $0.hasPrefix(name + ";") } }
        var implied: [String] = []
        if !has("UID") { implied.append("UID:CC0A494A-6E07-4827-8294-0752DD1ECFA4") }
        if !has("DTSTAMP") { implied.append("DTSTAMP:20060102T030405Z") }
        if item == "VEVENT" && !has("DTSTART") { implied.append("DTSTART:20060102T030405Z") }
        if has("ATTENDEE") && !has("ORGANIZER") { implied.append("ORGANIZER:mailto:implied-organizer@example.com") }
        if has("ORGANIZER") && !has("ATTENDEE") { implied.append("ATTENDEE:mailto:implied-attendee@example.com") }
        return implied
    }

    /// §1.2.2: name/value pairs without braces are an implicit object, an Event unless its `@type`
    /// says otherwise (a Task where the iCalendar example is an implicit VTODO), with its mandatory members left out (so it is open, as `"...": ""` says). The draft writes `showWithoutTime` as the strings "true" and "false" in its
    /// DTSTART and DUE examples (§2.3.16, §2.3.17); RFC 8984 §4.2.4 makes it a Boolean, read as one.
    static func wholeObject(_ text: String, implicitType: String = "Event") throws -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var object = try JSONReader.value(of: Array((trimmed.hasPrefix("{") ? trimmed : "{" + trimmed + "}").utf8))
        guard case .object(var members) = object else { return object }
        if !trimmed.hasPrefix("{") { members.append(JSONMember(key: "...", value: .string(""))) }
        if !members.contains(where: { $0.key == "@type" }) { members.insert(JSONMember(key: "@type", value: .string(implicitType)), at: 0) }
        for index in members.indices where members[index].key == "showWithoutTime" {
            if case .string(let flag) = members[index].value { members[index].value = .bool(flag == "true") }
        }
        object = .object(members)
        return object
    }

    static func removingEllipses(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.filter { $0.key != "..." }.map { JSONMember(key: $0.key, value: removingEllipses($0.value)) })
        case .array(let elements):
            return .array(elements.map(removingEllipses))
        default:
            return value
        }
    }

    /// iCalendar text read by calbridge's reader into one VCALENDAR.
    static func read(_ text: String) throws -> Component {
        var calendar = Component(name: "VCALENDAR")
        var reader = CalendarStreamReader()
        try reader.read(InputFile(name: "example.ics", contents: Array(text.utf8))) { event in
            switch event {
            case .property(let property): calendar.properties.append(property)
            case .component(let read): if let component = read.component { calendar.components.append(component) }
            }
        }
        return calendar
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
