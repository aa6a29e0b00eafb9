import CalendarModel
import ContentLines

/// Finds the UID of an iCalendar object without parsing it: the first `UID` property outside any
/// `VALARM` (alarms may carry their own UID, RFC 9074). Files in a vdir written by other tools have
/// arbitrary names, so this is the only way to know whose file it is; a full parser would be slow
/// over a whole directory and would refuse files the store must still list.
enum ICalendarUIDScanner {
    static func firstUID(in bytes: [UInt8]) -> String? {
        var alarmDepth = 0
        var lines = ContentLineUnfolder(bytes, dialect: .iCalendar)
        while let line = lines.next() {
            if let uid = inspect(line.bytes, alarmDepth: &alarmDepth) { return uid }
        }
        return nil
    }

    /// The UID when this content line is the one wanted; otherwise tracks entering and leaving alarms.
    /// A line the lexer cannot read is passed over: the store must still list a file with one.
    private static func inspect(_ line: [UInt8], alarmDepth: inout Int) -> String? {
        var i = 0
        guard let name = try? ContentLineLexer.iCalendar.name(line, &i, what: "property name"),
            let colon = ContentLineLexer.valueColon(line[i...])
        else { return nil }
        let value = String(decoding: line[(i + colon + 1)...], as: UTF8.self)
        switch ContentLineLexer.upperCased(line[name]) {
        case "BEGIN" where value.uppercased() == "VALARM":
            alarmDepth += 1
        case "END" where value.uppercased() == "VALARM":
            alarmDepth = max(0, alarmDepth - 1)
        case "UID" where alarmDepth == 0:
            let uid = TextEscaping.unescape(value)
            return uid.isEmpty ? nil : uid
        default:
            break
        }
        return nil
    }
}
