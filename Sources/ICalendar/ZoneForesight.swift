import CalendarModel
import Platform

extension CalendarStreamReader {
    /// Looks ahead at the VTIMEZONEs of an input `read` will read, so that `zones` decides each
    /// calendar before any component goes on (see `TimeZoneMerge.plan`): only then can a definition
    /// be replaced by one from the tz database, and a renamed TZID reach the components that come
    /// before their VTIMEZONE. Call it for every input, in the order they will be read, before
    /// reading the first. It scans the input once more and parses only its VTIMEZONEs. Where one
    /// of them differs from another definition of its TZID (`TimeZoneMerge.contested`), a later
    /// definition is judged by when its calendar uses the TZID, so the input is scanned a third time
    /// and the components naming a TZID are parsed, only their times built. Memory holds the
    /// VTIMEZONEs and one span a TZID, however many events the input holds.
    /// `open` opens the input afresh each time: it is read once for its zones and, only where a
    /// definition is contested, once more for its times.
    ///
    /// An input whose every VTIMEZONE is, byte for byte, one the merge has settled (see
    /// `TimeZoneMerge.settle`) is planned without parsing them: a store's export meets the same few
    /// texts in every resource.
    package mutating func foresee(opening open: () throws -> InputFile) throws {
        let input = try open()
        let texts = try zoneTexts(of: input)
        if !texts.joined().isEmpty && zones.plan(input: input.name, settledTexts: texts.map { $0.map(\.bytes) }) { return }
        let reader = ComponentReader(file: input.name, checksWithLibical: false)
        let parsed = texts.map { raws in
            raws.compactMap { raw in reader.read(raw).component.flatMap { $0.name == "VTIMEZONE" ? (raw.bytes, $0) : nil } }
        }
        var calendars = parsed.map { ForeseenCalendar(zones: $0.map(\.1), uses: nil) }
        let contested = !zones.contested(among: calendars.flatMap(\.zones)).isEmpty
        if contested {
            let uses = try foreseenUses(of: try open())
            for index in calendars.indices where index < uses.count { calendars[index].uses = uses[index] }
        }
        zones.plan(input: input.name, calendars: calendars)
        if !contested { zones.settle(parsed.joined().map { (text: $0.0, zone: $0.1) }) }
    }

    /// The components of each calendar of the input that may be VTIMEZONEs, in order, unparsed.
    private func zoneTexts(of input: InputFile) throws -> [[RawComponent]] {
        var scanner = CalendarScanner(input: input)
        var calendars: [[RawComponent]] = [[]]
        var begun = false
        while let item = try scanner.next() {
            switch item {
            case .beginCalendar:
                // As in `read`: what comes before the first calendar belongs to it.
                if begun { calendars.append([]) }
                begun = true
            case .component(let raw) where Self.mayBeTimeZone(raw):
                calendars[calendars.count - 1].append(raw)
            default:
                continue
            }
        }
        return calendars
    }

    /// When each calendar of the input uses each TZID, in the order of its calendars.
    private func foreseenUses(of input: InputFile) throws -> [[String: TimeZoneUse]] {
        var scanner = CalendarScanner(input: input)
        var reader = ComponentReader(file: input.name, checksWithLibical: false)
        reader.selection = PropertySelection(names: Self.timeNames)
        var calendars: [[String: TimeZoneUse]] = []
        var uses = CalendarZoneUses(lastInstance: zones.lastInstance)
        var begun = false
        while let item = try scanner.next() {
            switch item {
            case .beginCalendar:
                if begun { calendars.append(uses.uses) }
                (uses, begun) = (CalendarZoneUses(lastInstance: zones.lastInstance), true)
            case .component(let raw) where !Self.mayBeTimeZone(raw) && Self.mayNameZone(raw.bytes):
                if let component = reader.read(raw).component { uses.record(component) }
            default:
                continue
            }
        }
        calendars.append(uses.uses)
        return calendars
    }

    /// The properties whose values tell when a component uses a zone.
    private static let timeNames = ["DTSTART", "DTEND", "DUE", "DURATION", "RECURRENCE-ID", "EXDATE", "RDATE", "RRULE"]

    /// Whether the component's first line names a VTIMEZONE: those are parsed whole.
    private static func mayBeTimeZone(_ raw: RawComponent) -> Bool {
        let firstLine = raw.bytes.prefix(80).prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: firstLine, as: UTF8.self).uppercased().contains("VTIMEZONE")
    }

    /// Whether the component's text holds `TZID` in any case, a fold inside it included: only
    /// those (components with a TZID parameter) are parsed for their times. A false alarm costs a
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
