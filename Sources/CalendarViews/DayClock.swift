import CalendarModel
import TimeZones

/// One day's clock in the shown zone: the instants from its midnight to the next, and the change of
/// UTC offset within it, where the wall clock skips time (spring forward: a 23-hour day) or shows it
/// twice (fall back: a 25-hour day).
struct DayClock: Sendable {
    let date: CalendarDate
    /// UTC seconds of the day's first and of the next day's first instant.
    let start: Int
    let end: Int
    /// The offset in force at the start, and the change within the day, if any.
    private let offsetBefore: Int
    private let change: (at: Int, offsetAfter: Int)?

    init(_ date: CalendarDate, in zone: any ZoneRules) {
        self.date = date
        start = zone.utcSecond(forLocal: LocalDateTime(date: date))
        end = zone.utcSecond(forLocal: LocalDateTime(date: date.adding(days: 1)))
        offsetBefore = zone.offset(atUTC: start)
        let after = zone.offset(atUTC: end - 1)
        guard after != offsetBefore else {
            change = nil
            return
        }
        // The first second with the new offset, by halving: offsets change once a day at most.
        var low = start, high = end - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if zone.offset(atUTC: middle) == offsetBefore { low = middle } else { high = middle }
        }
        change = (high, after)
    }

    /// How long the day is, in whole hours (23 or 25 on the day of a one-hour change).
    var hours: Int { (end - start + 1_800) / 3_600 }

    /// Wall-clock minutes the day does not have: skipped when the clock springs forward.
    var skipped: Range<Int>? {
        guard let change, change.offsetAfter > offsetBefore else { return nil }
        return minute(change.at + offsetBefore)..<minute(change.at + change.offsetAfter)
    }

    /// Wall-clock minutes the day has twice: shown again after the clock falls back.
    var repeated: Range<Int>? {
        guard let change, change.offsetAfter < offsetBefore else { return nil }
        return minute(change.at + change.offsetAfter)..<minute(change.at + offsetBefore)
    }

    /// The wall-clock minute since midnight at an instant of the day, and whether the clock shows that
    /// minute for the second time.
    func clockMinute(at second: Int) -> (minute: Int, isRepeat: Bool) {
        guard let change, second >= change.at else { return (max(0, minute(second + offsetBefore)), false) }
        let wall = minute(second + change.offsetAfter)
        return (wall, repeated.map { $0.contains(wall) } ?? false)
    }

    private func minute(_ localSecond: Int) -> Int {
        (localSecond - date.dayNumber * 86_400) / 60
    }
}

/// The vertical axis of a time grid shared by all its days, in minutes: a day's wall-clock minute,
/// plus an hour inserted after each stretch of time that some day shown has twice, so that every
/// day's boxes line up by the clock and the repeated hour has room of its own.
struct TimeAxis: Sendable {
    /// Stretches of wall-clock minutes some day has twice, sorted.
    let repeats: [Range<Int>]

    init(days: [DayClock]) {
        repeats = Set(days.compactMap(\.repeated).map { [$0.lowerBound, $0.upperBound] }).sorted { $0[0] < $1[0] }.map { $0[0]..<$0[1] }
    }

    /// The axis minute of a wall-clock minute, the first or second time the clock shows it.
    func position(_ minute: Int, isRepeat: Bool = false) -> Int {
        guard isRepeat, let stretch = repeats.first(where: { $0.contains(minute) }) else {
            return minute + repeats.reduce(0) { $0 + ($1.upperBound <= minute ? $1.count : 0) }
        }
        return stretch.upperBound + (minute - stretch.lowerBound)
            + repeats.reduce(0) { $0 + ($1.upperBound < stretch.upperBound ? $1.count : 0) }
    }

    /// The axis minute of an instant on a day; the next midnight is the day's last position.
    func position(of second: Int, on day: DayClock) -> Int {
        guard second < day.end else { return position(1_440) }
        let clock = day.clockMinute(at: max(second, day.start))
        return position(clock.minute, isRepeat: clock.isRepeat)
    }

    /// Axis minutes that are not on a day's clock: the skipped stretch of a spring-forward day, and
    /// the inserted repeat of a fall-back day that is not this one.
    func unavailable(on day: DayClock) -> [Range<Int>] {
        var ranges = repeats.filter { $0 != day.repeated }.map { position($0.lowerBound, isRepeat: true)..<position($0.upperBound) }
        if let skipped = day.skipped { ranges.append(position(skipped.lowerBound)..<position(skipped.upperBound)) }
        return ranges
    }

    /// Hour lines: each clock hour at its place, and the repeated hours again, marked.
    var hourLines: [HourLine] {
        var lines = (0...24).map { HourLine(minute: position($0 * 60), clockHour: $0, isRepeat: false) }
        for stretch in repeats {
            let hours = stride(from: (stretch.lowerBound + 59) / 60 * 60, to: stretch.upperBound, by: 60)
            lines += hours.map { HourLine(minute: position($0, isRepeat: true), clockHour: $0 / 60, isRepeat: true) }
        }
        return lines.sorted { $0.minute < $1.minute }
    }
}

/// A line across a time grid where a clock hour begins.
package struct HourLine: Equatable, Sendable {
    /// The axis minute (see ``TimeGridLayout``).
    package var minute: Int
    package var clockHour: Int
    /// The second time the clock shows this hour (after falling back).
    package var isRepeat: Bool
}
