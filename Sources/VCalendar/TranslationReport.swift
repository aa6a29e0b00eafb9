import CalendarModel

/// What the translation of one file did, each kind counted with where it first happened, so a file
/// of a thousand rules says "1000 RRULEs translated" once and not a thousand times.
struct TranslationReport {
    /// One kind of translation. The order of the cases is the order the report is written in.
    enum Kind: Int, Comparable {
        case version, quotedPrintable, unknownCharset, controlCharacter, unreadableZone, rule, alarm, zone, utcAssumed, status, attendee,
            created, madeUID, untranslatableRule, untranslatableAlarm

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Only what could not be carried as meant is a warning; a faithful translation is a note.
        var severity: Diagnostic.Severity {
            switch self {
            case .untranslatableRule, .untranslatableAlarm, .unknownCharset, .controlCharacter, .unreadableZone, .utcAssumed: .violation
            default: .notice
            }
        }
    }

    private var counts: [Kind: (count: Int, first: SourceLocation, details: [String])] = [:]

    /// Counts one translation of a kind; its first few different details are told.
    mutating func note(_ kind: Kind, at location: SourceLocation, _ detail: String = "") {
        var entry = counts[kind] ?? (0, location, [])
        entry.count += 1
        if entry.details.count < 3 && !entry.details.contains(detail) { entry.details.append(detail) }
        counts[kind] = entry
    }

    /// One diagnostic per kind, in a fixed order.
    func diagnostics(file: String) -> [Diagnostic] {
        counts.keys.sorted().compactMap { kind in
            guard let entry = counts[kind] else { return nil }
            let detail = kind == .alarm ? entry.details.joined(separator: ", ") : entry.details.first ?? ""
            let (message, repair) = Self.sentence(kind, entry.count, detail)
            return Diagnostic(kind.severity, file: file, at: entry.first, message, repair: repair)
        }
    }

    private static func sentence(_ kind: Kind, _ n: Int, _ detail: String) -> (String, String?) {
        let times = n == 1 ? "" : " (\(n) times; the first here)"
        switch kind {
        case .version:
            return ("vCalendar 1.0 read as iCalendar 2.0\(n == 1 ? "" : ": \(n) calendars")", "writes VERSION:2.0")
        case .quotedPrintable:
            return ("\(n) QUOTED-PRINTABLE value\(n == 1 ? "" : "s") decoded", "writes the text unencoded")
        case .unknownCharset:
            return ("the charset \(detail) is not known\(times)", "reads the value as UTF-8")
        case .controlCharacter:
            return ("\(detail) holds control characters once decoded, which iCalendar cannot carry\(times)", "leaves them out")
        case .unreadableZone:
            return ("TZ:\(detail) is not a UTC offset (+01:00, -0500)", "keeps it as X-VCALENDAR-TZ; local times stay floating")
        case .rule:
            return ("\(n) vCalendar rule\(n == 1 ? "" : "s") (\(n == 1 ? "" : "the first: ")\(detail)) translated into RFC 5545 rules", nil)
        case .alarm:
            return ("\(n) vCalendar alarm\(n == 1 ? " (\(detail)) made a VALARM" : "s (\(detail)) made VALARMs")", nil)
        case .zone:
            return ("local times read in the calendar's vCalendar zone \(detail)\(times)", "writes them in UTC")
        case .utcAssumed:
            return ("\(detail) written in local time, and the calendar names no TZ\(times)", "reads it as UTC")
        case .status:
            return ("vCalendar STATUS \(detail) translated\(times)", nil)
        case .attendee:
            return ("\(n) vCalendar ATTENDEE\(n == 1 ? "" : "s") translated (ROLE, STATUS, RSVP, EXPECT)", nil)
        case .created:
            return ("DCREATED renamed CREATED\(times)", nil)
        case .madeUID:
            return ("\(n) item\(n == 1 ? " has" : "s have") no UID", "gives each one made from its content")
        case .untranslatableRule:
            return (
                "the vCalendar rule \(detail) has no RFC 5545 form\(times)",
                "keeps it as X-VCALENDAR-RRULE; the series has only the occurrences the rest gives"
            )
        case .untranslatableAlarm:
            return ("the vCalendar alarm \(detail) has no VALARM form\(times)", "keeps it as an X-VCALENDAR- property")
        }
    }
}
