import CalendarModel

/// Draws a ``TimeGridLayout`` as one self-contained SVG: no scripts, fonts or images from elsewhere.
/// Each occurrence part is a nested `svg` element (class `event`), which clips whatever is drawn in
/// it, and carries the occurrence's UID, start and end in calbridge's namespace for programs.
struct WeekPicture {
    let layout: TimeGridLayout
    let settings: ViewSettings

    static let axisWidth = 56.0, headingHeight = 52.0, bandRowHeight = 20.0, noteHeight = 12.0
    /// Pixels per axis minute: 48 per hour.
    static let minutePixels = 0.8
    /// Occurrences a "+N more" chip names in its title before it counts the rest.
    static let chipNames = 20

    var columnWidth: Double { layout.days.count <= 7 ? 150 : max(44, 1_050 / Double(layout.days.count)) }
    /// The hour gutter, twice as wide when a second zone's hours stand beside the shown zone's.
    var gutterWidth: Double { settings.grid.alsoZone == nil ? Self.axisWidth : 2 * Self.axisWidth }
    /// Weekday and date, and a line for notes when some day has one.
    var dayHeaderHeight: Double { layout.days.contains { !notes($0).isEmpty } ? 40 + Self.noteHeight : 40 }
    var bandHeight: Double { layout.bandLanes == 0 ? 0 : Double(layout.bandLanes) * Self.bandRowHeight + 6 }
    var gridTop: Double { Self.headingHeight + dayHeaderHeight + bandHeight }
    var width: Double { gutterWidth + Double(layout.days.count) * columnWidth + 8 }
    var height: Double {
        gridTop + Double(layout.shown.count) * Self.minutePixels + 8 + (settings.grid.seriesLeftOut > 0 ? Self.noteHeight + 4 : 0)
    }

    /// The y of an axis minute.
    func y(_ minute: Int) -> Double { gridTop + Double(minute - layout.shown.lowerBound) * Self.minutePixels }
    func x(column: Int) -> Double { gutterWidth + Double(column) * columnWidth }

    func svg() -> String {
        var out = SVGBuilder()
        PictureFrame.open(
            &out, settings: settings, width: width, height: height,
            extra: [
                "cb:minute-px": SVGBuilder.number(Self.minutePixels), "cb:grid-top": SVGBuilder.number(gridTop),
                "cb:first-minute": String(layout.shown.lowerBound),
            ])
        // What lies behind the events is said by the rows' labels and each event's own.
        out.element("g", ["aria-hidden": "true"], open: true)
        drawToday(&out)
        drawDayHeaders(&out)
        drawGrid(&out)
        HourGutter(picture: self).draw(&out)
        out.close("g")
        drawBand(&out)
        out.element("g", ["class": "events"], open: true)
        for (column, day) in layout.days.enumerated() {
            // In the page, each day is a row of the ARIA grid and each event a cell of it.
            out.element(
                "g",
                [
                    "class": "column", "role": settings.isGrid ? "row" : "",
                    "aria-label": settings.isGrid ? settings.language.longDate(day.date) : "",
                ], open: true)
            for box in day.boxes { drawBox(box, column: column, &out) }
            for chip in day.chips { drawChip(chip, column: column, &out) }
            out.close("g")
        }
        out.close("g")
        drawNowLine(&out)
        LeftOutNote.draw(&out, settings: settings, y: y(layout.shown.upperBound) + Self.noteHeight + 2)
        out.close("svg")
        return out.text
    }

    /// A day's notes: its clock change, and the occurrences counted but not drawn.
    func notes(_ day: DayColumn) -> String {
        var notes: [String] = []
        if let skipped = day.skipped { notes.append(settings.language.clockChange(from: skipped.lowerBound, to: skipped.upperBound)) }
        if let repeated = day.repeated { notes.append(settings.language.clockChange(from: repeated.upperBound, to: repeated.lowerBound)) }
        if !day.notDrawn.isEmpty { notes.append(settings.language.more(day.notDrawn.count)) }
        return notes.joined(separator: " · ")
    }

    private func drawDayHeaders(_ out: inout SVGBuilder) {
        out.element("g", ["class": "day-headers", "font-size": "13", "fill": "#333333"], open: true)
        for (column, day) in layout.days.enumerated() {
            let header = settings.language.columnHeader(day.date)
            let change = day.hours == 24 ? "" : " · \(day.hours) h"
            let left = SVGBuilder.number(x(column: column) + 6)
            out.element(
                "text",
                [
                    "x": left, "y": SVGBuilder.number(Self.headingHeight + 16), "font-weight": "bold",
                    "class": column == layout.todayColumn ? "today" : "",
                ], content: header.weekday)
            out.element("text", ["x": left, "y": SVGBuilder.number(Self.headingHeight + 32)], content: header.date + change)
            let note = notes(day)
            if !note.isEmpty {
                out.element(
                    "text",
                    [
                        "class": "day-note", "x": left, "y": SVGBuilder.number(Self.headingHeight + 45), "font-size": "10",
                        "fill": "#555555",
                    ], content: MarkupText.fitted(note, width: columnWidth - 10, fontSize: 10))
            }
        }
        out.close("g")
    }

    /// Today's column, tinted from its header to the bottom of the grid.
    private func drawToday(_ out: inout SVGBuilder) {
        guard let column = layout.todayColumn else { return }
        out.element(
            "rect",
            [
                "class": "today", "x": SVGBuilder.number(x(column: column)), "y": SVGBuilder.number(Self.headingHeight),
                "width": SVGBuilder.number(columnWidth), "height": SVGBuilder.number(y(layout.shown.upperBound) - Self.headingHeight),
                "fill": "#fff6d6",
            ])
    }

    /// The now line across today's column, where now stands among the hours shown.
    private func drawNowLine(_ out: inout SVGBuilder) {
        guard let column = layout.todayColumn, let now = layout.nowMinute, layout.shown.contains(now) else { return }
        let atY = SVGBuilder.number(y(now)), left = x(column: column)
        out.element("g", ["class": "now", "cb:minute": String(now)], open: true)
        out.element(
            "line",
            [
                "x1": SVGBuilder.number(left), "y1": atY, "x2": SVGBuilder.number(left + columnWidth), "y2": atY,
                "stroke": "#d93025", "stroke-width": "2",
            ])
        out.element("circle", ["cx": SVGBuilder.number(left), "cy": atY, "r": "4", "fill": "#d93025"])
        out.close("g")
    }

    private func drawGrid(_ out: inout SVGBuilder) {
        let top = SVGBuilder.number(gridTop), bottom = SVGBuilder.number(y(layout.shown.upperBound))
        let right = SVGBuilder.number(x(column: layout.days.count))
        out.element("g", ["class": "grid"], open: true)
        for (column, day) in layout.days.enumerated() {
            let left = x(column: column)
            if day.date.weekday.rawValue >= 6 && column != layout.todayColumn {
                out.element(
                    "rect",
                    [
                        "class": "weekend", "x": SVGBuilder.number(left), "y": top, "width": SVGBuilder.number(columnWidth),
                        "height": SVGBuilder.number(y(layout.shown.upperBound) - gridTop), "fill": "#f6f6f6",
                    ])
            }
            drawClockChange(day, left: left, &out)
            out.element(
                "line",
                [
                    "class": "day-line", "x1": SVGBuilder.number(left), "y1": SVGBuilder.number(Self.headingHeight),
                    "x2": SVGBuilder.number(left), "y2": bottom, "stroke": "#cccccc",
                ])
        }
        for line in layout.hourLines where layout.shown.contains(line.minute) || line.minute == layout.shown.upperBound {
            let atY = SVGBuilder.number(y(line.minute))
            out.element(
                "line",
                [
                    "class": "hour", "cb:clock": HourGutter.clock(line.clockHour * 60), "cb:repeat": line.isRepeat ? "true" : "",
                    "x1": SVGBuilder.number(gutterWidth), "y1": atY, "x2": right, "y2": atY,
                    "stroke": line.isRepeat ? "#b0b0b0" : "#e2e2e2", "stroke-dasharray": line.isRepeat ? "4 3" : "",
                ])
        }
        out.close("g")
    }

    /// The day's own clock change where it falls among the hours shown: the skipped hour hatched,
    /// the repeated hour a marked row. Other days leave the repeated hour's row blank.
    private func drawClockChange(_ day: DayColumn, left: Double, _ out: inout SVGBuilder) {
        guard let row = day.changeRow, row.overlaps(layout.shown) else { return }
        let top = max(row.lowerBound, layout.shown.lowerBound), bottom = min(row.upperBound, layout.shown.upperBound)
        let isSkip = day.skipped != nil
        out.element(
            "rect",
            [
                "class": isSkip ? "not-on-clock" : "repeated-hour", "x": SVGBuilder.number(left), "y": SVGBuilder.number(y(top)),
                "width": SVGBuilder.number(columnWidth), "height": SVGBuilder.number(Double(bottom - top) * Self.minutePixels),
                "fill": isSkip ? "url(#cb-hatch)" : "#eef3fb", "stroke": isSkip ? "" : "#8aa4c8", "stroke-dasharray": isSkip ? "" : "4 3",
            ])
        if !isSkip, let repeated = day.repeated {
            out.element(
                "text",
                [
                    "class": "repeated-hour-label", "x": SVGBuilder.number(left + columnWidth - 4), "y": SVGBuilder.number(y(top) + 11),
                    "font-size": "9", "fill": "#44608a", "text-anchor": "end",
                ],
                content: settings.language.clockChange(from: repeated.upperBound, to: repeated.lowerBound))
        }
    }

    private func drawBand(_ out: inout SVGBuilder) {
        guard layout.bandLanes > 0 else { return }
        out.element(
            "g", ["class": "band", "role": settings.isGrid ? "row" : "", "aria-label": settings.isGrid ? settings.language.allDayRow : ""],
            open: true)
        let bandTop = Self.headingHeight + dayHeaderHeight
        for bar in layout.band {
            let left = x(column: bar.firstColumn) + 2, top = bandTop + Double(bar.lane) * Self.bandRowHeight
            let event = layout.events[bar.event]
            // Arrows say the bar goes on beyond the days shown.
            let title = (bar.continuesBefore ? "◂ " : "") + event.title + (bar.continuesAfter ? " ▸" : "")
            EventMark(event: event, continued: false, language: settings.language, isCell: settings.isGrid)
                .draw(
                    &out, x: left, y: top + 2, width: Double(bar.columnCount) * columnWidth - 4, height: Self.bandRowHeight - 3,
                    title: title, details: [], kind: "event all-day")
        }
        for (column, count) in layout.bandMore.enumerated() where count > 0 {
            out.element(
                "text",
                [
                    "class": "more", "x": SVGBuilder.number(x(column: column) + 6),
                    "y": SVGBuilder.number(bandTop + Double(layout.bandLanes - 1) * Self.bandRowHeight + 15),
                    "font-size": "10", "fill": "#555555",
                ], content: settings.language.more(count))
        }
        out.close("g")
    }

    private func drawBox(_ box: EventBox, column: Int, _ out: inout SVGBuilder) {
        let event = layout.events[box.event]
        let laneWidth = (columnWidth - 4) / Double(box.lanes)
        let top = y(box.top), height = Double(box.drawnBottom - box.top) * Self.minutePixels
        var details = [SVGBuilder.clock(event.startText) + "–" + SVGBuilder.clock(event.endText)]
        if let location = event.location, !location.isEmpty { details.append(location) }
        EventMark(event: event, continued: !box.isFirstPiece, language: settings.language, isCell: settings.isGrid)
            .draw(
                &out, x: x(column: column) + 2 + Double(box.lane) * laneWidth, y: top, width: laneWidth - 1, height: height,
                title: event.title, details: details, kind: "event")
    }

    /// "+3 more" in the last lane over the stretch its boxes cover, naming them in its title.
    private func drawChip(_ chip: MoreChip, column: Int, _ out: inout SVGBuilder) {
        let laneWidth = (columnWidth - 4) / Double(chip.lanes)
        let named = chip.events.prefix(Self.chipNames).map { index in
            let event = layout.events[index]
            return SVGBuilder.clock(event.startText) + " " + String(event.title.prefix(MarkupText.longestRead))
        }
        let rest = chip.events.count > Self.chipNames ? [settings.language.more(chip.events.count - Self.chipNames)] : []
        out.element(
            "svg",
            [
                "class": "more", "x": SVGBuilder.number(x(column: column) + 2 + Double(chip.lane) * laneWidth),
                "y": SVGBuilder.number(y(chip.top)), "width": SVGBuilder.number(max(laneWidth - 1, 1)),
                "height": SVGBuilder.number(Double(chip.bottom - chip.top) * Self.minutePixels), "cb:count": String(chip.events.count),
                "role": settings.isGrid ? "gridcell" : "", "tabindex": settings.isGrid ? "0" : "",
            ],
            open: true)
        out.element("title", content: (named + rest).joined(separator: "; "))
        out.element("rect", ["width": "100%", "height": "100%", "rx": "3", "fill": "#eeeeee", "stroke": "#999999"])
        // "+12 more" where it fits, else "+12": the count is what must show.
        let words = settings.language.more(chip.events.count), room = laneWidth - 5
        let label = MarkupText.fitted(words, width: room, fontSize: 10) == words ? words : "+\(chip.events.count)"
        out.element(
            "text", ["x": "3", "y": "11.5", "font-size": "10", "font-weight": "bold", "fill": "#1a1a1a"],
            content: MarkupText.fitted(label, width: room, fontSize: 10))
        out.close("svg")
    }
}
