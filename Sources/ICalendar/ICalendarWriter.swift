import CalendarModel
import ContentLines

/// Writes components as iCalendar text: CRLF line endings, lines folded at 75 octets without
/// splitting a UTF-8 character (RFC 5545 §3.1), parameter values quoted when they must be.
package struct ICalendarWriter {
    package private(set) var bytes: [UInt8] = []
    private var line: [UInt8] = []

    package init() {}

    package mutating func write(_ component: Component) {
        writeStructural("BEGIN:", component.name)
        guard component.properties.contains(where: Self.readsAsContinuation) else {
            for property in component.properties { write(property) }
            for child in component.components { write(child) }
            return writeStructural("END:", component.name)
        }
        // A kept line that reads as the continuation of the line above was kept (not joined) only
        // because a BEGIN or END stood above it: each goes after one again, after this BEGIN and
        // after each child's END, or the next read would join it to the property written before it
        // (found by fuzzing the read → write → read round trip).
        var continuing = component.properties.filter(Self.readsAsContinuation)[...]
        if let first = continuing.popFirst() { write(first) }
        for property in component.properties where !Self.readsAsContinuation(property) { write(property) }
        for child in component.components {
            write(child)
            if let next = continuing.popFirst() { write(next) }
        }
        // More such lines than BEGIN and END lines to put them after (the input had ENDs the
        // reader skipped): the rest go as the named property they are held as, which reads back
        // the same, rather than verbatim where they would join the line above.
        continuing.forEach { writeContentLine($0) }
        writeStructural("END:", component.name)
    }

    /// A line kept as written that the reader would take for a lost fold of the line above.
    private static func readsAsContinuation(_ property: Property) -> Bool {
        property.isUnreadableLine && LostFold.continues(Array(property.value.utf8))
    }

    package mutating func write(_ property: Property) {
        // A line kept as written goes back as it was read, where it reads back as the same kept line.
        if property.isUnreadableLine && KeptLine.readsBack(property.value) { return writeLine(property.value) }
        writeContentLine(property)
    }

    /// A BEGIN or END line, never folded: the reader finds structure in physical lines.
    private mutating func writeStructural(_ keyword: StaticString, _ name: String) {
        bytes.append(literal: keyword)
        bytes.append(utf8Of: name)
        bytes.append(0x0D)
        bytes.append(0x0A)
    }

    /// Writes a property as name, parameters and value.
    private mutating func writeContentLine(_ property: Property) {
        line.removeAll(keepingCapacity: true)
        line.append(utf8Of: property.name)
        for parameter in property.parameters {
            line.append(UInt8(ascii: ";"))
            line.append(utf8Of: parameter.name)
            line.append(UInt8(ascii: "="))
            for (index, value) in parameter.values.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                appendParameterValue(value)
            }
        }
        line.append(UInt8(ascii: ":"))
        line.append(utf8Of: property.value)
        flushFolded()
    }

    /// Writes a BEGIN or END line, or any line already in content-line form.
    package mutating func writeLine(_ text: String) {
        line.removeAll(keepingCapacity: true)
        line.append(utf8Of: text)
        flushFolded()
    }

    /// Hands over what has been written so far and starts afresh.
    package mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func appendParameterValue(_ value: String) {
        var value = value
        let needs = value.withUTF8(Self.needs(in:))
        if needs.quotes { line.append(UInt8(ascii: "\"")) }
        // The escapes add no ':', ';' or ',', so the quoting decided on the raw value stands.
        line.append(utf8Of: needs.escapes ? CaretEncoding.encode(value) : value)
        if needs.quotes { line.append(UInt8(ascii: "\"")) }
    }

    /// What a parameter value needs, found in one pass: RFC 6868 escapes (for '^', '"' and line
    /// breaks) and quotes (for ':', ';' and ','). A backslash is a character of a parameter value,
    /// not an escape (RFC 5545 §3.1), but some readers (python icalendar 7) take `\:` in an unquoted
    /// value for an escaped colon and read `CN=Y\:mailto:y@example.org` as the name `Y:mailto`;
    /// inside quotes they read it as written, so a value holding one is quoted.
    private static func needs(in value: UnsafeBufferPointer<UInt8>) -> (escapes: Bool, quotes: Bool) {
        var escapes = false, quotes = false
        for byte in value {
            switch byte {
            case UInt8(ascii: "^"), UInt8(ascii: "\""), 0x0A, 0x0D: escapes = true
            case UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\\"): quotes = true
            default: continue
            }
        }
        return (escapes, quotes)
    }

    private mutating func flushFolded() {
        line.withUnsafeBufferPointer { line in
            var start = 0
            var limit = 75
            while line.count - start > limit {
                var cut = start + limit
                // Step back over UTF-8 continuation bytes so a character is never split.
                while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<cut]))
                bytes.append(0x0D)
                bytes.append(0x0A)
                bytes.append(0x20)
                start = cut
                limit = 74
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start...]))
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
    }
}
