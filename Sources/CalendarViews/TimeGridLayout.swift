import CalendarModel
import TimeZones

/// A week (or any run of days) laid out as a time grid: a column per day with its occurrences as
/// boxes, and a band on top for all-day occurrences and those of a day or longer. Positions are in
/// axis minutes (`TimeAxis`): on a day without a clock change, minutes since midnight; the picture
/// scales them, so a box's top and height read back as the occurrence's start and end.
package struct TimeGridLayout: Sendable {
    package var span: ViewSpan
    package var events: [ViewEvent]
    package var days: [DayColumn]
    package var band: [BandBar]
    /// How many rows the band needs (the last one holding "+N more" when bars were left out).
    package var bandLanes: Int
    /// Per column, the band bars left out past `mostBandRows`.
    package var bandMore: [Int]
    /// The axis minutes drawn: 08:00–18:00, widened to the earliest start and the latest end of
    /// the occurrences on the clock. A clock change never widens it, so a series' weeks all show
    /// the same hours; a change outside them is a note in its day's header.
    package var shown: Range<Int>
    package var hourLines: [HourLine]
    /// The column of today, and the axis minute of now in it, when the days hold today.
    package var todayColumn: Int?
    package var nowMinute: Int?

    /// The shortest a box is drawn (axis minutes), so that a 5-minute or zero-length occurrence can be
    /// seen and read; boxes are packed by the height they are drawn with.
    package static let shortestBox = 20
    /// The hours drawn when the occurrences need no more.
    package static let defaultHours = 8..<18
    /// Band rows drawn before the rest are counted.
    package static let mostBandRows = 6

    /// The most boxes a day draws: past it, occurrences are counted, not drawn, so that no picture
    /// grows past about 2 MB (a box is well under 1 kB) whatever the input.
    package static func mostBoxesPerDay(days: Int) -> Int { max(24, 1_400 / max(days, 1)) }

    package init(events: [ViewEvent], span: ViewSpan, zone: any ZoneRules, options: GridOptions = GridOptions()) {
        self.span = span
        self.events = events
        let clocks = span.days.map { DayClock($0, in: zone) }
        let axis = TimeAxis(days: clocks)
        var pieces = [[EventBox]](repeating: [], count: clocks.count)
        var bars: [BandBar] = []
        var wall = WallHours()
        for (index, event) in events.enumerated() {
            switch event.timing {
            case .allDay(let first, let end):
                bars += Self.bar(index, first.dayNumber, end.dayNumber, span)
            case .timed(let start, let end) where end - start >= 86_400:
                bars += Self.bar(index, zone.local(atUTC: start).date.dayNumber, zone.local(atUTC: end - 1).date.dayNumber + 1, span)
            case .timed(let start, let end):
                Self.split(index, start, end, clocks, axis, into: &pieces, wall: &wall)
            }
        }
        (band, bandLanes, bandMore) = Self.packBand(bars, columns: clocks.count)
        let most = Self.mostBoxesPerDay(days: clocks.count)
        days = zip(clocks, pieces).map { clock, boxes in
            DayColumn(clock: clock, boxes: boxes, axis: axis, mostSideBySide: options.mostSideBySide, mostBoxes: most)
        }
        hourLines = axis.hourLines
        let first = Self.defaultHours.lowerBound * 60, last = Self.defaultHours.upperBound * 60
        let top = axis.position(min(wall.earliest ?? first, first) / 60 * 60)
        let bottom = axis.position(min(1_440, (max(wall.latest ?? last, last) + 59) / 60 * 60))
        let drawnBottom = days.flatMap(\.boxes).map(\.drawnBottom).max() ?? 0
        shown = top..<max(bottom, min(axis.position(1_440), (drawnBottom + 59) / 60 * 60))
        if let today = options.today(in: zone), span.first <= today.date, today.date < span.end {
            let column = today.date.dayNumber - span.first.dayNumber
            todayColumn = column
            nowMinute = today.second.map { axis.position(of: $0, on: clocks[column]) }
        }
    }

    /// Band bars in the fewest rows; those past `mostBandRows` left out and counted per column.
    private static func packBand(_ bars: [BandBar], columns: Int) -> ([BandBar], Int, [Int]) {
        var bars = bars
        let lanes = LanePacking.pack(bars.map { $0.firstColumn..<($0.firstColumn + $0.columnCount) })
        for (index, lane) in lanes.enumerated() { bars[index].lane = lane.lane }
        var more = [Int](repeating: 0, count: columns)
        for bar in bars where bar.lane >= mostBandRows {
            for column in bar.firstColumn..<(bar.firstColumn + bar.columnCount) { more[column] += 1 }
        }
        let kept = bars.filter { $0.lane < mostBandRows }
        let rows = (kept.map(\.lane).max() ?? -1) + 1 + (more.contains { $0 > 0 } ? 1 : 0)
        return (kept, rows, more)
    }

    /// The band bar of an occurrence over days [first, end) (day numbers), cut to the days shown.
    private static func bar(_ event: Int, _ first: Int, _ end: Int, _ span: ViewSpan) -> [BandBar] {
        let from = max(first, span.first.dayNumber), to = min(end, span.end.dayNumber)
        guard from < to else { return [] }
        return [
            BandBar(
                event: event, firstColumn: from - span.first.dayNumber, columnCount: to - from, lane: 0,
                continuesBefore: first < from, continuesAfter: end > to)
        ]
    }

    /// A timed occurrence shorter than a day as one box per day it touches: split at midnight.
    private static func split(
        _ event: Int, _ start: Int, _ end: Int, _ clocks: [DayClock], _ axis: TimeAxis,
        into pieces: inout [[EventBox]], wall: inout WallHours
    ) {
        var day = clocks.firstIndex { start < $0.end } ?? clocks.count
        var isFirst = true
        while day < clocks.count, clocks[day].start < end || (start == end && clocks[day].start <= start) {
            let clock = clocks[day]
            let top = axis.position(of: start, on: clock), bottom = axis.position(of: end, on: clock)
            wall.add(
                start <= clock.start ? 0 : clock.clockMinute(at: start).minute,
                end >= clock.end ? 1_440 : clock.clockMinute(at: end).minute)
            pieces[day].append(
                EventBox(
                    event: event, top: top, height: bottom - top, lane: 0, lanes: 1,
                    continuesBefore: start < clock.start, continuesAfter: end > clock.end,
                    isFirstPiece: isFirst))
            isFirst = false
            if end <= clock.end { break }
            day += 1
        }
    }
}

/// The earliest and latest wall-clock minutes the occurrences of a grid touch.
private struct WallHours {
    var earliest: Int?
    var latest: Int?

    mutating func add(_ start: Int, _ end: Int) {
        earliest = min(earliest ?? start, start)
        latest = max(latest ?? end, end)
    }
}

/// A timed occurrence's part on one day.
package struct EventBox: Sendable {
    /// The occurrence: an index into the layout's `events`.
    package var event: Int
    /// Axis minutes: the start (or midnight, for a part after the first) and the length to the end
    /// (or to the next midnight).
    package var top: Int
    package var height: Int
    /// Its column within the boxes it overlaps, and how many columns they share.
    package var lane: Int
    package var lanes: Int
    package var continuesBefore: Bool
    package var continuesAfter: Bool
    /// The first part drawn of its occurrence: the one that stands for it in counts.
    package var isFirstPiece: Bool

    /// The bottom as drawn, at least `TimeGridLayout.shortestBox` below the top.
    package var drawnBottom: Int { top + max(height, TimeGridLayout.shortestBox) }
}

/// An all-day or day-long occurrence's bar in the band over the days.
package struct BandBar: Sendable {
    package var event: Int
    package var firstColumn: Int
    package var columnCount: Int
    /// Its row in the band.
    package var lane: Int
    /// Whether it began before the first day shown, or goes on after the last.
    package var continuesBefore: Bool
    package var continuesAfter: Bool
}
