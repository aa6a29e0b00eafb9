import CalendarModel

/// A calendar format written as a stream rather than built whole: the opening with the calendar's
/// own properties, then each top-level component as it arrives, then the closing. `encode` is pure,
/// so components can be encoded on any thread (the iCalendar reader's workers do it) and handed to
/// `adding` in order.
///
/// ```swift
/// var writer = XCalWriter()
/// var out = writer.opening(properties: calendar.properties)
/// for event in calendar.components { out += writer.adding(XCalWriter.encode(event)) }
/// out += writer.closing()
/// ```
package protocol CalendarDocumentWriter: SendableMetatype {
    init()
    /// The bytes that begin the document, with the properties of the VCALENDAR.
    mutating func opening(properties: [Property]) -> [UInt8]
    /// The bytes that put one encoded top-level component into the document.
    mutating func adding(_ encoded: [UInt8]) -> [UInt8]
    /// The bytes that end the document.
    mutating func closing() -> [UInt8]
    /// One top-level component (a VEVENT, a VTIMEZONE…) as this format writes it inside a VCALENDAR.
    static func encode(_ component: Component) -> [UInt8]
}

extension CalendarDocumentWriter {
    /// The whole document for one calendar component (a VCALENDAR).
    package func document(for calendar: Component) -> [UInt8] {
        var writer = Self()
        var out = writer.opening(properties: calendar.properties)
        for component in calendar.components { out += writer.adding(Self.encode(component)) }
        return out + writer.closing()
    }
}
