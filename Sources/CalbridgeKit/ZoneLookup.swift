import TimeZones
import Foundation

/// Where the face finds zone rules: the tz database (the same lookup the CLI uses, Windows and
/// vendor names included) for TZIDs, and Foundation for the zones an app hands in.
enum ZoneLookup {
    /// The tz database alone, shared: it caches each zone it has read.
    static let database = TimeZoneResolver(definitions: [:])

    /// The rules of a Foundation zone, as Foundation itself has them (the reader's zone on any platform).
    static func rules(for zone: TimeZone) -> any ZoneRules {
        FoundationZone(zone: zone)
    }

    /// The wall clock at `date` in `rules`, to the second.
    static func local(_ date: Date, in rules: any ZoneRules) -> LocalDateTime {
        rules.local(atUTC: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    static func date(utcSecond: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(utcSecond))
    }
}

/// A Foundation `TimeZone` as zone rules.
struct FoundationZone: ZoneRules {
    var zone: TimeZone

    func offset(atUTC second: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(second)))
    }
}
