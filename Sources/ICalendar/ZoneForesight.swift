import CalendarModel
import InputFiles

extension CalendarStreamReader {
    /// Looks ahead at the VTIMEZONEs of an input `read` will read, so that `zones` decides each of its
    /// calendars before any component goes on (see `TimeZoneMerge.plan`): only then can a definition
    /// be replaced by one from the tz database, and a renamed TZID reach the components that come
    /// before their VTIMEZONE. Call it for every input, in the order they will be read, before
    /// reading the first. It scans the input once more (BEGIN and END lines; only VTIMEZONEs are
    /// parsed) and keeps its VTIMEZONEs, so memory stays small however many events it holds.
    public mutating func foresee(_ input: InputFile) throws {
        var scanner = CalendarScanner(input: input)
        let reader = ComponentReader(file: input.name, checksWithLibical: false)
        var calendars: [[Component]] = [[]]
        var begun = false
        while let item = try scanner.next() {
            switch item {
            case .beginCalendar:
                // As in `read`: what comes before the first calendar belongs to it.
                if begun { calendars.append([]) }
                begun = true
            case .component(let raw) where Self.mayBeTimeZone(raw):
                guard let zone = reader.read(raw).component, zone.name == "VTIMEZONE" else { continue }
                calendars[calendars.count - 1].append(zone)
            default:
                continue
            }
        }
        zones.plan(input: input.name, calendars: calendars)
    }

    /// Whether the component's first line names a VTIMEZONE: only those are parsed.
    private static func mayBeTimeZone(_ raw: RawComponent) -> Bool {
        let firstLine = raw.bytes.prefix(80).prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: firstLine, as: UTF8.self).uppercased().contains("VTIMEZONE")
    }
}
