import CalendarModel
import CalendarWebFormats

/// The XML and JSON calendar formats and the CalDAV answers.
enum WebFormatTargets {
    /// What the xCal reader reads, written as xCal and read again, is the same tree.
    static let xCal = FuzzTarget("xcal") { bytes in
        roundTrip(bytes, format: "xCal", read: XCalReader().calendars(from:), write: XCalWriter().document(for:))
    }

    /// What the jCal reader reads, written as jCal and read again, is the same tree.
    static let jCal = FuzzTarget("jcal") { bytes in
        roundTrip(bytes, format: "jCal", read: JCalReader().calendars(from:), write: JCalWriter().document(for:))
    }

    private static func roundTrip(
        _ bytes: [UInt8], format: String, read: ([UInt8]) throws -> [Component],
        write: (Component) -> [UInt8]
    ) -> String? {
        guard let first = try? read(bytes) else { return nil }
        do {
            let written = first.map(write)
            written.forEach(WrittenTrace.keep)
            let second = try written.flatMap(read)
            return treeDifference(first.map(textEscapedAlike), second.map(textEscapedAlike))
        } catch {
            return "calbridge wrote \(format) it then refuses: \(error)"
        }
    }

    /// The component as xCal and jCal promise to keep it: the value of every single TEXT property
    /// escaped one way (they carry text unescaped, so `a,b` and `a\,b` are the same text to them, as
    /// to every reader of iCalendar), and no VALUE that names the property's default type where it
    /// is not required (the writers leave it out, RFC 6321 §3.4 and RFC 7265 §3.4.2).
    static func textEscapedAlike(_ component: Component) -> Component {
        var copy = component
        copy.properties = component.properties.map { property in
            var alike = property
            let design = PropertyDesignTable.design(for: property.name)
            if let type = property[parameter: "VALUE"], ValueType(name: type) == PropertyDesignTable.type(of: property.name),
                design?.requiresValueParameter != true
            {
                alike.parameters.removeAll { $0.name == "VALUE" }
            }
            if alike[parameter: "VALUE"] == nil, PropertyDesignTable.type(of: property.name) == .text,
                PropertyDesignTable.layout(of: property.name, type: .text) == .single
            {
                alike.value = TextEscaping.escape(TextEscaping.unescape(property.value))
            }
            return alike
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
