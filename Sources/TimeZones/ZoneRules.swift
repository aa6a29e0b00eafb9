import CalendarModel

/// The UTC offsets of one time zone over time, from wherever they were defined: the system tz
/// database (``SystemTimeZone``) or a VTIMEZONE in the file (``DefinedTimeZone``).
package protocol ZoneRules: Sendable {
    /// Seconds east of UTC in effect at an instant (seconds since 1970-01-01T00:00:00Z).
    func offset(atUTC second: Int) -> Int
}

extension ZoneRules {
    /// The instant a wall-clock time in this zone means, as RFC 5545 §3.3.5 asks: a time skipped by a
    /// spring-forward gap moves forward by the gap's length; a time that occurs twice (fall-back)
    /// is its first occurrence.
    package func utcSecond(forLocal local: LocalDateTime) -> Int {
        let wall = local.secondsSinceEpoch
        // Offsets in effect a day either side cover any single transition near this time.
        let before = offset(atUTC: wall - 86_400), after = offset(atUTC: wall + 86_400)
        // Each offset gives a candidate instant, valid when that offset is in force then; the earlier
        // valid one wins. Checked without building collections: every occurrence comes through here.
        let early = wall - before, late = wall - after
        let earlyHolds = offset(atUTC: early) == before
        let lateHolds = before != after && offset(atUTC: late) == after
        if earlyHolds && lateHolds { return min(early, late) }
        if earlyHolds { return early }
        if lateHolds { return late }
        // In a gap: read the time with the offset from before the transition, which lands after it.
        return early
    }

    /// The wall-clock time in this zone at an instant.
    package func local(atUTC second: Int) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: second + offset(atUTC: second))
    }
}

/// A zone with one fixed offset: UTC itself, or a zone calbridge could only read as an offset.
package struct FixedOffsetZone: ZoneRules {
    package var seconds: Int

    package init(seconds: Int) {
        self.seconds = seconds
    }

    package func offset(atUTC _: Int) -> Int { seconds }
}
