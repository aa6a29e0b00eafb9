import CalendarModel
import CalendarWebFormats

/// The XML and JSON calendar formats and the CalDAV answers.
enum WebFormatTargets {
    /// What the xCal reader reads, written as xCal and read again, is the same tree.
    static let xCal = FuzzTarget("xcal") { bytes in
        guard let first = try? XCalReader().calendars(from: bytes) else { return nil }
        let written = first.map { XCalWriter().document(for: $0) }
        do {
            return treeDifference(first.map(textEscapedAlike), try written.flatMap { try XCalReader().calendars(from: $0) }.map(textEscapedAlike))
        } catch {
            return "calbridge wrote xCal it then refuses: \(error)"
        }
    }

    /// What the jCal reader reads, written as jCal and read again, is the same tree.
    static let jCal = FuzzTarget("jcal") { bytes in
        guard let first = try? JCalReader().calendars(from: bytes) else { return nil }
        let written = first.map { JCalWriter().document(for: $0) }
        do {
            return treeDifference(first.map(textEscapedAlike), try written.flatMap { try JCalReader().calendars(from: $0) }.map(textEscapedAlike))
        } catch {
            return "calbridge wrote jCal it then refuses: \(error)"
        }
    }

    /// The component with the value of every single TEXT property escaped one way: xCal and jCal
    /// carry text unescaped, so `a,b` and `a\,b` (RFC 5545 §3.3.11 wants the second) are the same
    /// text to them, as they are to every reader of iCalendar.
    static func textEscapedAlike(_ component: Component) -> Component {
        var copy = component
        copy.properties = component.properties.map { property in
            guard property[parameter: "VALUE"] == nil,
                  PropertyDesignTable.type(of: property.name) == "text", PropertyDesignTable.layout(of: property.name) == .single
            else { return property }
            var escaped = property
            escaped.value = TextEscaping.escape(TextEscaping.unescape(property.value))
            return escaped
        }
        copy.components = component.components.map(textEscapedAlike)
        return copy
    }

    /// A server's multistatus answer is read or refused with a `MultistatusError`, whatever it holds.
    static let multistatus = FuzzTarget("multistatus") { bytes in
        _ = try? MultistatusReader().read(bytes)
        return nil
    }
}
