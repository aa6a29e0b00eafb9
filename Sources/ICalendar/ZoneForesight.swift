import CalendarModel
import InputFiles

extension CalendarStreamReader {
    /// Looks ahead at the VTIMEZONEs of an input `read` will read, and at when each of its calendars
    /// uses each TZID, so that `zones` decides each calendar before any component goes on (see
    /// `TimeZoneMerge.plan`): only then can a definition be judged by the times its events use, be
    /// replaced by one from the tz database, and a renamed TZID reach the components that come
    /// before their VTIMEZONE. Call it for every input, in the order they will be read, before
    /// reading the first. It scans the input once more; only VTIMEZONEs and the components that
    /// name a TZID are parsed, and of those only their times are built. Memory holds the VTIMEZONEs
    /// and one span a TZID, however many events the input holds.
    package mutating func foresee(_ input: InputFile) throws {
        var scanner = CalendarScanner(input: input)
        let zoneReader = ComponentReader(file: input.name, checksWithLibical: false)
        var timesReader = zoneReader
        timesReader.selection = PropertySelection(names: Self.timeNames)
        var calendars: [ForeseenCalendar] = []
        var uses = CalendarZoneUses(lastInstance: zones.lastInstance)
        var current = ForeseenCalendar(zones: [], uses: [:])
        var begun = false
        while let item = try scanner.next() {
            switch item {
            case .beginCalendar:
                // As in `read`: what comes before the first calendar belongs to it.
                if begun {
                    current.uses = uses.uses
                    calendars.append(current)
                    (current, uses) = (ForeseenCalendar(zones: [], uses: [:]), CalendarZoneUses(lastInstance: zones.lastInstance))
                }
                begun = true
            case .component(let raw) where Self.mayBeTimeZone(raw):
                guard let zone = zoneReader.read(raw).component, zone.name == "VTIMEZONE" else { continue }
                current.zones.append(zone)
            case .component(let raw) where Self.mayNameZone(raw.bytes):
                if let component = timesReader.read(raw).component { uses.record(component) }
            default:
                continue
            }
        }
        current.uses = uses.uses
        calendars.append(current)
        zones.plan(input: input.name, calendars: calendars)
    }

    /// The properties whose values tell when a component uses a zone.
    private static let timeNames = ["DTSTART", "DTEND", "DUE", "DURATION", "RECURRENCE-ID", "EXDATE", "RDATE", "RRULE"]

    /// Whether the component's first line names a VTIMEZONE: those are parsed whole.
    private static func mayBeTimeZone(_ raw: RawComponent) -> Bool {
        let firstLine = raw.bytes.prefix(80).prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: firstLine, as: UTF8.self).uppercased().contains("VTIMEZONE")
    }

    /// Whether the component's text holds `TZID` in any case, a fold inside it included: only
    /// those (VTIMEZONEs, and components with a TZID parameter) are parsed. A false alarm costs a
    /// parse; a missed TZID would leave a use unseen, so folds are looked through.
    private static func mayNameZone(_ bytes: [UInt8]) -> Bool {
        let word: [UInt8] = [0x54, 0x5A, 0x49, 0x44]  // TZID
        var matched = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D { continue }
            if byte == 0x0A, index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
                continue
            }
            let upper = byte & 0xDF
            matched = upper == word[matched] ? matched + 1 : (upper == word[0] ? 1 : 0)
            if matched == word.count { return true }
        }
        return false
    }
}
