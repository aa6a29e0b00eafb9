import CalendarModel

/// One day of a time grid: its boxes side by side where they overlap, at most `mostSideBySide`
/// across; the boxes past that are gathered into "+N more" chips in the last lane.
package struct DayColumn: Sendable {
    package var date: CalendarDate
    /// 24, or 23 and 25 on the days the clock changes.
    package var hours: Int
    /// The day's boxes, side by side where they overlap.
    package var boxes: [EventBox]
    /// The boxes not drawn for want of width, as chips naming them.
    package var chips: [MoreChip]
    /// Occurrences past `TimeGridLayout.mostBoxesPerDay`, counted and not drawn: their indexes.
    package var notDrawn: [Int]
    /// Axis minutes that are not on this day's clock (the hour skipped, another day's repeated hour).
    package var unavailable: [Range<Int>]
    /// The wall-clock minutes the day skips (spring forward) and has twice (fall back).
    package var skipped: Range<Int>?
    package var repeated: Range<Int>?
    /// Where the day's clock change stands on the axis: the skipped stretch, or the second pass of
    /// the repeated one (the marked extra row).
    package var changeRow: Range<Int>?

    init(clock: DayClock, boxes: [EventBox], axis: TimeAxis, mostSideBySide: Int, mostBoxes: Int) {
        date = clock.date
        hours = clock.hours
        unavailable = axis.unavailable(on: clock)
        skipped = clock.skipped
        repeated = clock.repeated
        if let skipped { changeRow = axis.position(skipped.lowerBound)..<axis.position(skipped.upperBound) }
        if let repeated { changeRow = axis.position(repeated.lowerBound, isRepeat: true)..<axis.position(repeated.upperBound) }
        // The earliest boxes are drawn; a day past the most is counted.
        let order = boxes.indices.sorted { (boxes[$0].top, boxes[$0].event) < (boxes[$1].top, boxes[$1].event) }
        let kept = order.prefix(mostBoxes).sorted().map { boxes[$0] }
        notDrawn = order.dropFirst(mostBoxes).map { boxes[$0].event }
        (self.boxes, chips) = Self.placed(kept, mostSideBySide: max(1, mostSideBySide))
    }

    /// Packs the boxes in lanes; in a cluster that needs more than `most` lanes, lanes from the
    /// last one on are gathered into chips, one per run of overlapping hidden boxes.
    private static func placed(_ boxes: [EventBox], mostSideBySide most: Int) -> ([EventBox], [MoreChip]) {
        let lanes = LanePacking.pack(boxes.map { $0.top..<$0.drawnBottom })
        var shown: [EventBox] = [], hidden: [EventBox] = []
        for (box, lane) in zip(boxes, lanes) {
            var placed = box
            placed.lane = lane.lane
            placed.lanes = min(lane.lanes, most)
            if lane.lanes > most && lane.lane >= most - 1 { hidden.append(placed) } else { shown.append(placed) }
        }
        var chips: [MoreChip] = []
        for box in hidden.sorted(by: { ($0.top, $0.event) < ($1.top, $1.event) }) {
            if let last = chips.last, box.top < last.bottom {
                chips[chips.count - 1].bottom = max(last.bottom, box.drawnBottom)
                chips[chips.count - 1].events.append(box.event)
            } else {
                chips.append(MoreChip(top: box.top, bottom: box.drawnBottom, lane: most - 1, lanes: most, events: [box.event]))
            }
        }
        return (shown, chips)
    }
}

/// A chip standing for the boxes of a dense stretch that found no lane: "+3 more", naming them.
package struct MoreChip: Sendable {
    /// Axis minutes from the first hidden box's top to the last one's drawn bottom.
    package var top: Int
    package var bottom: Int
    package var lane: Int
    package var lanes: Int
    /// The occurrences it stands for: indexes into the layout's `events`, by start.
    package var events: [Int]
}
