import CalendarModel

/// vCalendar 1.0's zone: the calendar's standard offset (`TZ:+01:00`) and, for each stretch of
/// daylight saving time it lists, that stretch's offset (`DAYLIGHT:TRUE;+02;19960407T025959;
/// 19961027T010000;CET;CEST`). It names no rules beyond the stretches written, so the honest
/// translation is the one it states: each local time made UTC by the offset in force at it.
/// A series then keeps UTC times across changes the file does not list, which is what the
/// producer's own offsets said.
struct VCalendarZone {
    /// The standard offset in seconds east of UTC.
    var standardOffset: Int
    /// Daylight stretches in local wall-clock time, half-open, with their offsets.
    var daylight: [(start: LocalDateTime, end: LocalDateTime, offset: Int)] = []

    /// The zone a calendar's TZ and DAYLIGHT lines state; `nil` without a readable TZ.
    init?(tz: String?, daylight lines: [String]) {
        guard let tz, let offset = Self.offset(tz) else { return nil }
        standardOffset = offset
        for line in lines {
            let parts = line.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
            guard parts.count >= 4, parts[0].uppercased() == "TRUE", let offset = Self.offset(parts[1]),
                case .floating(let start)? = DateValue(icalendar: parts[2]),
                case .floating(let end)? = DateValue(icalendar: parts[3])
            else { continue }
            daylight.append((start, end, offset))
        }
        daylight.sort { $0.start < $1.start }
    }

    /// UTC for a local time: the daylight offset inside a listed stretch, the standard one elsewhere.
    /// The stretch is found by halving (stretches sorted by start), as a file may list one a year for
    /// many years and have a time on every line.
    func utc(_ local: LocalDateTime) -> LocalDateTime {
        var low = 0, high = daylight.count
        while low < high {
            let middle = (low + high) / 2
            if daylight[middle].start <= local { low = middle + 1 } else { high = middle }
        }
        let offset = low > 0 && local < daylight[low - 1].end ? daylight[low - 1].offset : standardOffset
        return LocalDateTime(secondsSinceEpoch: local.secondsSinceEpoch - offset)
    }

    /// The TZ as written back in a message.
    var standardText: String {
        let sign = standardOffset < 0 ? "-" : "+"
        let minutes = abs(standardOffset) / 60
        var text: [UInt8] = Array(sign.utf8)
        Digits.append(minutes / 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Digits.append(minutes % 60, 2, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `+01:00`, `-0500`, `+01`, `-5`: an offset in seconds, `nil` for anything else.
    static func offset(_ text: String) -> Int? {
        var chars = Substring(text.trimmingBlanks)
        guard let sign = chars.popFirst(), sign == "+" || sign == "-" else { return nil }
        let digits = chars.filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let hours = digits.count <= 2 ? Int(digits) : Int(digits.dropLast(2))
        let minutes = digits.count <= 2 ? 0 : Int(digits.suffix(2))
        guard let hours, let minutes, hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
