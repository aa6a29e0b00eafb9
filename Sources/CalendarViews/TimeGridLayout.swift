import CalendarModel
import TimeZones

/// A week (or any run of days) laid out as a time grid: a column per day with its occurrences as
/// boxes, and a band on top for all-day occurrences and those of a day or longer. Positions are in
/// axis minutes (`TimeAxis`): on a day without a clock change, minutes since midnight; the picture
/// scales them, so a box's top and height read back as the occurrence's start and end.
public struct TimeGridLayout: Sendable {
    public var span: ViewSpan
    public var events: [ViewEvent]
    public var days: [DayColumn]
    public var band: [BandBar]
    /// How many rows the band needs.
    public var bandLanes: Int
    /// The axis minutes drawn: 07:00–20:00 at least, widened to every box and clock change shown.
    public var shown: Range<Int>
    public var hourLines: [HourLine]

    /// The shortest a box is drawn (axis minutes), so that a 5-minute or zero-length occurrence can be
    /// seen and read; boxes are packed by the height they are drawn with.
    public static let shortestBox = 20
    /// The hours drawn when the occurrences need no more.
    public static let defaultHours = 7..<20

    public init(events: [ViewEvent], span: ViewSpan, zone: any ZoneRules) {
        self.span = span
        self.events = events
        let clocks = span.days.map { DayClock($0, in: zone) }
        let axis = TimeAxis(days: clocks)
        var pieces = [[EventBox]](repeating: [], count: clocks.count)
        var bars: [BandBar] = []
        for (index, event) in events.enumerated() {
            switch event.timing {
            case .allDay(let first, let end):
                bars += Self.bar(index, first.dayNumber, end.dayNumber, span)
            case .timed(let start, let end) where end - start >= 86_400:
                bars += Self.bar(index, zone.local(atUTC: start).date.dayNumber, zone.local(atUTC: end - 1).date.dayNumber + 1, span)
            case .timed(let start, let end):
                Self.split(index, start, end, clocks, axis, span, zone, into: &pieces)
            }
        }
        let lanes = LanePacking.pack(bars.map { $0.firstColumn..<($0.firstColumn + $0.columnCount) })
        for (index, lane) in lanes.enumerated() { bars[index].lane = lane.lane }
        band = bars
        bandLanes = (lanes.map(\.lane).max() ?? -1) + 1
        days = zip(clocks, pieces).map { clock, boxes in DayColumn(clock: clock, boxes: boxes, axis: axis) }
        hourLines = axis.hourLines
        let changes = clocks.flatMap { axis.unavailable(on: $0) }
        let tops = days.flatMap(\.boxes).map(\.top) + changes.map(\.lowerBound) + [axis.position(Self.defaultHours.lowerBound * 60)]
        let bottoms = days.flatMap(\.boxes).map(\.drawnBottom) + changes.map(\.upperBound) + [axis.position(Self.defaultHours.upperBound * 60)]
        let last = axis.position(1_440)
        shown = max(0, tops.min()! / 60 * 60)..<min(last, (bottoms.max()! + 59) / 60 * 60)
    }

    /// The band bar of an occurrence over days [first, end) (day numbers), cut to the days shown.
    private static func bar(_ event: Int, _ first: Int, _ end: Int, _ span: ViewSpan) -> [BandBar] {
        let from = max(first, span.first.dayNumber), to = min(end, span.end.dayNumber)
        guard from < to else { return [] }
        return [BandBar(event: event, firstColumn: from - span.first.dayNumber, columnCount: to - from, lane: 0,
                        continuesBefore: first < from, continuesAfter: end > to)]
    }

    /// A timed occurrence shorter than a day as one box per day it touches: split at midnight.
    private static func split(_ event: Int, _ start: Int, _ end: Int, _ clocks: [DayClock], _ axis: TimeAxis,
                              _ span: ViewSpan, _ zone: any ZoneRules, into pieces: inout [[EventBox]]) {
        var day = zone.local(atUTC: start).date.dayNumber - span.first.dayNumber
        if day < 0 { day = 0 }
        var isFirst = true
        while day < clocks.count, clocks[day].start < end || (start == end && clocks[day].start <= start) {
            let clock = clocks[day]
            guard start < clock.end else {
                day += 1
                continue
            }
            let top = axis.position(of: start, on: clock), bottom = axis.position(of: end, on: clock)
            pieces[day].append(EventBox(event: event, top: top, height: bottom - top, lane: 0, lanes: 1,
                                        continuesBefore: start < clock.start, continuesAfter: end > clock.end,
                                        isFirstPiece: isFirst))
            isFirst = false
            if end <= clock.end { break }
            day += 1
        }
    }
}

/// One day of a time grid.
public struct DayColumn: Sendable {
    public var date: CalendarDate
    /// 24, or 23 and 25 on the days the clock changes.
    public var hours: Int
    /// The day's boxes, side by side where they overlap.
    public var boxes: [EventBox]
    /// Axis minutes that are not on this day's clock (the hour skipped, another day's repeated hour).
    public var unavailable: [Range<Int>]

    init(clock: DayClock, boxes: [EventBox], axis: TimeAxis) {
        date = clock.date
        hours = clock.hours
        unavailable = axis.unavailable(on: clock)
        let lanes = LanePacking.pack(boxes.map { $0.top..<$0.drawnBottom })
        self.boxes = zip(boxes, lanes).map { box, lane in
            var placed = box
            placed.lane = lane.lane
            placed.lanes = lane.lanes
            return placed
        }
    }
}

/// A timed occurrence's part on one day.
public struct EventBox: Sendable {
    /// The occurrence: an index into the layout's `events`.
    public var event: Int
    /// Axis minutes: the start (or midnight, for a part after the first) and the length to the end
    /// (or to the next midnight).
    public var top: Int
    public var height: Int
    /// Its column within the boxes it overlaps, and how many columns they share.
    public var lane: Int
    public var lanes: Int
    public var continuesBefore: Bool
    public var continuesAfter: Bool
    /// The first part drawn of its occurrence: the one that stands for it in counts.
    public var isFirstPiece: Bool

    /// The bottom as drawn, at least `TimeGridLayout.shortestBox` below the top.
    public var drawnBottom: Int { top + max(height, TimeGridLayout.shortestBox) }
}

/// An all-day or day-long occurrence's bar in the band over the days.
public struct BandBar: Sendable {
    public var event: Int
    public var firstColumn: Int
    public var columnCount: Int
    /// Its row in the band.
    public var lane: Int
    /// Whether it began before the first day shown, or goes on after the last.
    public var continuesBefore: Bool
    public var continuesAfter: Bool
}
