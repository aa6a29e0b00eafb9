import TimeZones
import Foundation

extension DateValue {
    /// A time in a zone (`DTSTART;TZID=Europe/Berlin:…`); in UTC when the zone is UTC or GMT.
    public init(_ date: Date, in zone: TimeZone) {
        let local = ZoneLookup.local(date, in: ZoneLookup.rules(for: zone))
        self = ["UTC", "GMT"].contains(zone.identifier) ? .utc(local) : .zoned(local, tzid: zone.identifier)
    }

    /// An instant in UTC (`…Z`).
    public init(utc date: Date) {
        self = .utc(ZoneLookup.local(date, in: FixedOffsetZone(seconds: 0)))
    }

    /// The day `date` falls on in `zone`, as an all-day date.
    public init(day date: Date, in zone: TimeZone = .current) {
        self = .date(ZoneLookup.local(date, in: ZoneLookup.rules(for: zone)).date)
    }

    /// The wall-clock time `date` shows in `zone`, floating: the same hour wherever it is read.
    public init(floating date: Date, in zone: TimeZone = .current) {
        self = .floating(ZoneLookup.local(date, in: ZoneLookup.rules(for: zone)))
    }

    /// The instant this value means. A zoned time is read in its TZID's rules from the tz database
    /// (Windows and vendor-prefixed names included); an all-day date (its midnight), a floating time,
    /// and a time whose TZID no database knows are read in `floatingZone`.
    public func date(floatingIn floatingZone: TimeZone = .current) -> Date {
        ZoneLookup.date(utcSecond: utcSecond(resolver: ZoneLookup.database, floatingZone: ZoneLookup.rules(for: floatingZone)))
    }

    /// The zone of a zoned value, as Foundation knows it (by the tz database's name for a Windows
    /// TZID); UTC for a UTC time; `nil` for dates and floating times.
    public var timeZone: TimeZone? {
        switch self {
        case .utc: return TimeZone(identifier: "UTC")
        case .zoned(_, let tzid):
            return TimeZone(identifier: tzid) ?? ZoneLookup.database.databaseZone(for: tzid).flatMap { TimeZone(identifier: $0.identifier) }
        case .date, .floating: return nil
        }
    }

    /// The same kind of value at another instant: a zoned time stays in its zone, a UTC time in UTC,
    /// a floating time and a date take the wall clock or day `date` shows in `floatingZone`.
    public func at(_ date: Date, floatingIn floatingZone: TimeZone = .current) -> DateValue {
        switch self {
        case .date: return DateValue(day: date, in: floatingZone)
        case .floating: return DateValue(floating: date, in: floatingZone)
        case .utc: return DateValue(utc: date)
        case .zoned(_, let tzid):
            guard let rules = ZoneLookup.database.zone(for: tzid) else { return DateValue(floating: date, in: floatingZone) }
            return .zoned(ZoneLookup.local(date, in: rules), tzid: tzid)
        }
    }

    /// Seconds since 1970 in UTC, zoned times by `resolver` (unknown TZIDs as floating).
    func utcSecond(resolver: TimeZoneResolver, floatingZone: any ZoneRules) -> Int {
        resolver.time(self).orderingSecond(floatingZone: floatingZone)
    }
}
