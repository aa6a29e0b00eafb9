import CalendarModel

/// Writes a VTIMEZONE for a zone of the tz database, covering the years a calendar uses, with the
/// RRULE-style observances Outlook accepts (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`) rather than one
/// RDATE per change; a rule that still holds at the end of the range is left open.
package struct VTimezoneBuilder {
    /// One change of offset, described the way an observance rule states it.
    private struct Change: Equatable {
        var year: Int
        var utcSecond: Int
        var isDaylight: Bool
        var month: Int
        var weekday: Weekday
        var position: Int
        var time: Int
        var from: Int
        var to: Int
        var name: String

        /// Whether `next` repeats this change's rule one year later.
        func continues(as next: Change) -> Bool {
            next.year == year + 1 && next.isDaylight == isDaylight && next.month == month && next.weekday == weekday
                && next.position == position && next.time == time && next.from == from && next.to == to && next.name == name
        }
    }

    package init() {}

    /// The VTIMEZONE for `zone` under the name `tzid` (the zone's own name, or the Windows or vendor
    /// name the calendar uses), for the years `years`.
    package func vtimezone(tzid: String, zone: SystemTimeZone, years used: ClosedRange<Int>) -> Component {
        // One year past the last used, so a rule still in force shows as a rule (RRULE) and is left open.
        let years = used.lowerBound...(used.upperBound + 1)
        let start = CalendarDate(year: years.lowerBound, month: 1, day: 1).dayNumber * 86_400
        let end = CalendarDate(year: years.upperBound + 1, month: 1, day: 1).dayNumber * 86_400
        let changes = zone.transitions(from: start, to: end).map(Self.change)
        var result = Component(name: "VTIMEZONE", properties: [Property(name: "TZID", value: TextEscaping.escape(tzid))])
        guard !changes.isEmpty else {
            let type = zone.zoneType(atUTC: start)
            result.components = [
                observance(
                    isDaylight: false, onset: LocalDateTime(date: CalendarDate(year: years.lowerBound, month: 1, day: 1)),
                    from: type.utcOffset, to: type.utcOffset, name: type.abbreviation, rule: nil)
            ]
            return result
        }
        for run in Self.runs(of: changes) {
            result.components.append(observance(for: run, openEnded: run.count > 1 && run.last?.year == years.upperBound))
        }
        return result
    }

    /// Groups changes into runs that repeat one rule in consecutive years, in order of their first change.
    private static func runs(of changes: [Change]) -> [[Change]] {
        var runs: [[Change]] = []
        for change in changes {
            if let index = runs.lastIndex(where: { $0.last?.continues(as: change) == true }) {
                runs[index].append(change)
            } else {
                runs.append([change])
            }
        }
        return runs
    }

    private static func change(_ t: (utcSecond: Int, offsetBefore: Int, offsetAfter: Int, isDST: Bool, abbreviation: String)) -> Change {
        // The onset is the wall-clock time in the offset in force before the change.
        let onset = LocalDateTime(secondsSinceEpoch: t.utcSecond + t.offsetBefore)
        let day = onset.date
        let length = CalendarDate.daysInMonth(day.month, year: day.year)
        let position = day.day + 7 > length ? -1 : (day.day - 1) / 7 + 1
        return Change(
            year: day.year, utcSecond: t.utcSecond, isDaylight: t.isDST, month: day.month, weekday: day.weekday,
            position: position, time: onset.hour * 3600 + onset.minute * 60 + onset.second,
            from: t.offsetBefore, to: t.offsetAfter, name: t.abbreviation)
    }

    private func observance(for run: [Change], openEnded: Bool) -> Component {
        let first = run[0]
        let onset = LocalDateTime(secondsSinceEpoch: first.utcSecond + first.from)
        guard run.count > 1 else {
            return observance(isDaylight: first.isDaylight, onset: onset, from: first.from, to: first.to, name: first.name, rule: nil)
        }
        var rule = RecurrenceRule(frequency: .yearly)
        rule.byMonth = [first.month]
        rule.byDay = [.init(first.weekday, ordinal: first.position)]
        if !openEnded, let last = run.last { rule.until = .utc(LocalDateTime(secondsSinceEpoch: last.utcSecond)) }
        return observance(isDaylight: first.isDaylight, onset: onset, from: first.from, to: first.to, name: first.name, rule: rule)
    }

    private func observance(isDaylight: Bool, onset: LocalDateTime, from: Int, to: Int, name: String, rule: RecurrenceRule?) -> Component {
        var properties = [
            Property(name: "DTSTART", value: onset.basicFormat),
            Property(name: "TZOFFSETFROM", value: Self.offsetText(from)),
            Property(name: "TZOFFSETTO", value: Self.offsetText(to)),
        ]
        if let rule { properties.append(Property(name: "RRULE", value: rule.icalendarText)) }
        if !name.isEmpty { properties.append(Property(name: "TZNAME", value: TextEscaping.escape(name))) }
        return Component(name: isDaylight ? "DAYLIGHT" : "STANDARD", properties: properties)
    }

    /// `+0100`, `-0430`, `+103000` when seconds are needed.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let total = abs(seconds)
        let parts = [total / 3600, total % 3600 / 60] + (total % 60 == 0 ? [] : [total % 60])
        return sign + parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    }
}
