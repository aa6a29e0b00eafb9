import CalendarModel
import Foundation

/// A TZID in the form Windows shows a zone and Outlook writes it: `(UTC-05:00) Eastern Time (US & Canada)`,
/// the XP-era `(GMT-05:00) …`, `(UTC) Dublin, …`, or an offset alone (`(GMT +01:00)`, `GMT+0100`).
/// Real files vary the spelling, so the place is kept in one normal form for lookups, and the offset
/// apart: it changed between Windows versions while the zone stayed (Caracas, the Russian zones).
struct WindowsDisplayName {
    /// Seconds east of UTC the name states; `(UTC) …` states 0.
    let statedOffset: Int
    /// The place after the offset as written, spaces trimmed: the tz database cities are found in it.
    let placeAsWritten: String
    /// The place in lower case without accents (`Brasília` as Windows in Portuguese writes it), `&`
    /// as `and`, runs of spaces as one, a trailing `(RTZ n)` left out.
    /// Empty for a name that states only an offset.
    let place: String

    /// Reads `tzid` when it starts with `UTC` or `GMT` in parentheses (`(UTC+01:00)`, `(GMT)`,
    /// `(GMT -05:00)`) or, without them, with an offset (`GMT+0100`, `UTC-5`); nil otherwise.
    init?(_ tzid: String) {
        var rest = Substring(tzid.surroundingWhitespaceRemoved)
        let parenthesised = rest.first == "("
        if parenthesised { rest = rest.dropFirst() }
        let prefix = rest.prefix(3).uppercased()
        guard prefix == "UTC" || prefix == "GMT" else { return nil }
        rest = rest.dropFirst(3).drop { $0 == " " }
        let offset = Self.offset(consuming: &rest)
        rest = rest.drop { $0 == " " }
        if parenthesised {
            guard rest.first == ")" else { return nil }
            rest = rest.dropFirst()
        } else if offset == nil || !rest.isEmpty {
            // Without parentheses only an offset alone is a display name: `GMT Standard Time` is not.
            return nil
        }
        statedOffset = offset ?? 0
        placeAsWritten = String(rest).surroundingWhitespaceRemoved
        place = Self.normalised(placeAsWritten)
    }

    /// `+05:30`, `-0500`, `+1`: seconds east of UTC, taken off the front of `text`; nil (and `text`
    /// untouched) when no offset of at most 14 hours stands there.
    private static func offset(consuming text: inout Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" || sign == "\u{2212}" else { return nil }
        func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
        let digits = text.dropFirst()
        let run = digits.prefix(while: isDigit)
        var after = digits.dropFirst(run.count)
        let hourDigits: Substring, minuteDigits: Substring
        switch run.count {
        case 1, 2:
            hourDigits = run
            minuteDigits = after.first == ":" ? after.dropFirst().prefix(while: isDigit) : "00"
            if after.first == ":" { after = after.dropFirst(1 + minuteDigits.count) }
        case 4:
            (hourDigits, minuteDigits) = (run.prefix(2), run.suffix(2))
        default:
            return nil
        }
        guard minuteDigits.count == 2, let hour = Int(hourDigits), let minute = Int(minuteDigits), hour <= 14, minute < 60 else {
            return nil
        }
        text = after
        return (sign == "+" ? 1 : -1) * (hour * 3600 + minute * 60)
    }

    /// The one spelling both the table's names and a file's TZID are looked up in.
    static func normalised(_ place: String) -> String {
        let folded = place.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var words = folded.replacing("&", with: " and ").split(separator: " ")
        // Windows 8.1 to 10 of 2016 marked the Russian zones `(RTZ 1)` … `(RTZ 11)`.
        if words.count >= 2, words[words.count - 2] == "(rtz", words[words.count - 1].hasSuffix(")") {
            words.removeLast(2)
        }
        return words.joined(separator: " ")
    }

    /// The offset as a person reads it, `+01:00` or `-05:00`.
    var offsetText: String {
        let minutes = abs(statedOffset) / 60
        let hours = minutes / 60, rest = minutes % 60
        return (statedOffset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

/// The fixed offset an offset-only TZID states (`(GMT +01:00)`): right in one season only where the
/// clocks change, so whoever reads a time in it says so.
package struct StatedOffsetZone: ZoneRules {
    package let seconds: Int

    package func offset(atUTC _: Int) -> Int { seconds }
}
