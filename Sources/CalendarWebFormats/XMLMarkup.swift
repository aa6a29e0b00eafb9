import CalendarModel

/// XML written straight into bytes, laid out as libxml2's indenting text writer lays it out (two
/// spaces a level, a text-only element on one line, an element without content as `<name/>`), so
/// a component can be written on its own at the depth it will sit in the document.
struct XMLMarkup {
    private(set) var bytes: [UInt8] = []
    private var depth: Int
    /// Whether the last start tag still waits for its `>` or `/>`: that depends on what follows.
    private var startTagOpen = false

    init(depth: Int = 0) {
        self.depth = depth
        bytes.reserveCapacity(4096)
    }

    mutating func start(_ name: String) {
        closeStartTag()
        indent()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(utf8Of: name)
        startTagOpen = true
        depth += 1
    }

    mutating func end(_ name: String) {
        depth -= 1
        if startTagOpen {
            bytes.append(literal: "/>\n")
            startTagOpen = false
            return
        }
        indent()
        bytes.append(literal: "</")
        bytes.append(utf8Of: name)
        bytes.append(literal: ">\n")
    }

    /// `<name>text</name>` on one line, the text escaped.
    mutating func element(_ name: String, _ text: String) {
        closeStartTag()
        indent()
        bytes.append(UInt8(ascii: "<"))
        bytes.append(utf8Of: name)
        bytes.append(UInt8(ascii: ">"))
        appendEscaped(text)
        bytes.append(literal: "</")
        bytes.append(utf8Of: name)
        bytes.append(literal: ">\n")
    }

    /// Bytes already laid out for the current depth (a component encoded elsewhere).
    mutating func append(_ laidOut: [UInt8]) {
        closeStartTag()
        bytes += laidOut
    }

    /// Hands over what has been written so far and keeps the depth.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private mutating func closeStartTag() {
        guard startTagOpen else { return }
        bytes.append(literal: ">\n")
        startTagOpen = false
    }

    private mutating func indent() {
        var count = 2 * depth
        while count > 0 {
            let run = min(count, Self.spaces.utf8CodeUnitCount)
            bytes += UnsafeBufferPointer(start: Self.spaces.utf8Start, count: run)
            count -= run
        }
    }

    // Indentation is appended a run of spaces at a time: `repeatElement` went byte by byte.

    /// Spaces to indent with, a run of them at a time (a computed constant, not a lazily made global).
    private static var spaces: StaticString { "                                " }

    /// libxml2's escapes for element text: `< > & "` and carriage return; everything else as is.
    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var run = 0
            for (index, byte) in utf8.enumerated() {
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "\""): escape = "&quot;"
                case 0x0D: escape = "&#13;"
                default: continue
                }
                bytes += UnsafeBufferPointer(rebasing: utf8[run..<index])
                bytes += UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount)
                run = index + 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[run...])
        }
    }
}
