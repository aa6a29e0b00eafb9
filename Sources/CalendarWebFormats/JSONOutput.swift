import CalendarModel

/// Compact JSON written straight into bytes: string literals escaped as RFC 8259 asks (quote,
/// backslash, control characters; everything else as UTF-8), anything else appended as given.
package struct JSONOutput {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    mutating func append(_ literal: String) {
        bytes.append(utf8Of: literal)
    }

    /// `items` separated by commas, each written by `write`.
    mutating func list<Item>(_ items: [Item], _ write: (inout JSONOutput, Item) -> Void) {
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, item)
        }
    }

    mutating func string(_ text: String) {
        Self.appendQuoted(text, to: &bytes)
    }

    /// A JSON string literal for `text`.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a JSON string literal appended to `bytes`: unescaped runs are copied whole. Public for
    /// writers that build their output as bytes (`calbridge expand`'s JSON lines).
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var run = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes += UnsafeBufferPointer(rebasing: utf8[run..<index])
                appendEscape(byte, to: &bytes)
                run = index + 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[run...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes += "\\\"".utf8
        case UInt8(ascii: "\\"): bytes += "\\\\".utf8
        case 0x0A: bytes += "\\n".utf8
        case 0x0D: bytes += "\\r".utf8
        case 0x09: bytes += "\\t".utf8
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes += "\\u00".utf8
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}
