import CalendarModel
import ICalendar
import Platform

/// The iCalendar reader, whole and in parts.
enum ICalendarTargets {
    /// The scanner alone: it cuts any bytes into components within its bounds, or stops with a diagnostic.
    static let scanner = FuzzTarget("ics-scanner") { bytes in
        var scanner = CalendarScanner(input: InputFile(name: "fuzz.ics", contents: bytes))
        var total = 0
        while let item = try? scanner.next() {
            if case .component(let raw) = item {
                total += raw.bytes.count
                if raw.bytes.count > CalendarScanner.maximumComponentSize { return "a component beyond the size bound" }
            }
        }
        return total > bytes.count + 64 * 1024 ? "the components hold more bytes than the input" : nil
    }

    /// The whole reader: what it reads, written and read again, is the same tree, and what it wrote
    /// reads without a new error.
    static let calendar = FuzzTarget("ics") { bytes in
        roundTrip(bytes)
    }

    /// Content lines and values: the input is the inside of one VEVENT, so every mutation lands on
    /// lines, parameters, escapes and values rather than on structure.
    static let contentLines = FuzzTarget("ics-lines") { bytes in
        roundTrip(Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".utf8) + bytes + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8))
    }

    static func roundTrip(_ bytes: [UInt8]) -> String? {
        let first = ICalendarText(bytes)
        let written = ICalendarText.written(first.calendars)
        WrittenTrace.keep(written)
        let second = ICalendarText(written)
        if let difference = treeDifference(first.calendars, second.calendars) { return difference }
        // Messages quote what they found, which a repair (Windows-1252 to UTF-8) may have changed:
        // what was written may hold fewer errors than what was read, never more. libical's findings
        // are left out of the count: they are not reported on a line calbridge reported already, so
        // a line whose bytes the first read mended (and reported) has them only on the second read.
        let before = first.ownErrors, after = second.ownErrors
        if after.count > before.count {
            return "calbridge wrote what it then refuses: \(Set(after).subtracting(before).sorted())"
        }
        return nil
    }
}
