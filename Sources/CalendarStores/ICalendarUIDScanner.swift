/// Finds the UID of an iCalendar object without parsing it: the first `UID` property outside any
/// `VALARM` (alarms may carry their own UID, RFC 9074). Files in a vdir written by other tools have
/// arbitrary names, so this is the only way to know whose file it is; a full parser would be slow
/// over a whole directory and would refuse files the store must still list.
enum ICalendarUIDScanner {
    static func firstUID(in bytes: [UInt8]) -> String? {
        var alarmDepth = 0
        var logical: [UInt8] = []
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = bytes[lineStart..<lineEnd]
            lineStart = next
            // A line starting with white space continues the one before (RFC 5545 folding); long
            // UIDs are folded by most writers, so the value is only complete after unfolding.
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                logical += line.dropFirst()
                continue
            }
            if let uid = inspect(logical, alarmDepth: &alarmDepth) { return uid }
            logical = Array(line)
        }
        return inspect(logical, alarmDepth: &alarmDepth)
    }

    /// The UID when this content line is the one wanted; otherwise tracks entering and leaving alarms.
    private static func inspect(_ line: [UInt8], alarmDepth: inout Int) -> String? {
        guard let colon = valueStart(line) else { return nil }
        let nameEnd = line.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? colon
        let name = String(decoding: line[..<nameEnd], as: UTF8.self).uppercased()
        let value = line[(colon + 1)...]
        switch name {
        case "BEGIN" where String(decoding: value, as: UTF8.self).uppercased() == "VALARM":
            alarmDepth += 1
        case "END" where String(decoding: value, as: UTF8.self).uppercased() == "VALARM":
            alarmDepth = max(0, alarmDepth - 1)
        case "UID" where alarmDepth == 0:
            let uid = unescape(value)
            return uid.isEmpty ? nil : uid
        default:
            break
        }
        return nil
    }

    /// The index of the colon that ends name and parameters; a colon inside a quoted parameter
    /// value does not count.
    private static func valueStart(_ line: [UInt8]) -> Int? {
        var quoted = false
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted { return index }
        }
        return nil
    }

    /// UID is a TEXT value, so `\,` `\;` `\\` and `\n` are escapes for the real characters.
    private static func unescape(_ value: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var escaped = false
        for byte in value {
            if escaped {
                out.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? UInt8(ascii: "\n") : byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
