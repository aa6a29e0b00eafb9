/// Draws a `TimeGridLayout` as one self-contained SVG: no scripts, fonts or images from elsewhere.
/// Each occurrence part is a nested `svg` element (class `event`), which clips whatever is drawn in
/// it, and carries the occurrence's UID, start and end in calbridge's namespace for programs.
struct WeekPicture {
    let layout: TimeGridLayout
    let settings: ViewSettings

    static let axisWidth = 56.0, headingHeight = 52.0, dayHeaderHeight = 40.0, bandRowHeight = 20.0
    /// Pixels per axis minute: 48 per hour.
    static let minutePixels = 0.8

    var columnWidth: Double { layout.days.count <= 7 ? 150 : max(44, 1_050 / Double(layout.days.count)) }
    var bandHeight: Double { layout.bandLanes == 0 ? 0 : Double(layout.bandLanes) * Self.bandRowHeight + 6 }
    var gridTop: Double { Self.headingHeight + Self.dayHeaderHeight + bandHeight }
    var width: Double { Self.axisWidth + Double(layout.days.count) * columnWidth + 8 }
    var height: Double { gridTop + Double(layout.shown.count) * Self.minutePixels + 8 }

    /// The y of an axis minute.
    func y(_ minute: Int) -> Double { gridTop + Double(minute - layout.shown.lowerBound) * Self.minutePixels }
    func x(column: Int) -> Double { Self.axisWidth + Double(column) * columnWidth }

    func svg() -> String {
        var out = SVGBuilder()
        PictureFrame.open(&out, settings: settings, width: width, height: height, extra: [
            "cb:minute-px": SVGBuilder.number(Self.minutePixels), "cb:grid-top": SVGBuilder.number(gridTop),
            "cb:first-minute": String(layout.shown.lowerBound),
        ])
        drawDayHeaders(&out)
        drawGrid(&out)
        drawBand(&out)
        out.element("g", ["class": "events"], open: true)
        for (column, day) in layout.days.enumerated() {
            for box in day.boxes { drawBox(box, column: column, &out) }
        }
        out.close("g")
        out.close("svg")
        return out.text
    }

    private func drawDayHeaders(_ out: inout SVGBuilder) {
        out.element("g", ["class": "day-headers", "font-size": "13", "fill": "#333333"], open: true)
        for (column, day) in layout.days.enumerated() {
            let header = settings.language.columnHeader(day.date)
            let change = day.hours == 24 ? "" : " · \(day.hours) h"
            let left = SVGBuilder.number(x(column: column) + 6)
            out.element("text", ["x": left, "y": SVGBuilder.number(Self.headingHeight + 16), "font-weight": "bold"], content: header.weekday)
            out.element("text", ["x": left, "y": SVGBuilder.number(Self.headingHeight + 32)], content: header.date + change)
        }
        out.close("g")
    }

    private func drawGrid(_ out: inout SVGBuilder) {
        let top = SVGBuilder.number(gridTop), bottom = SVGBuilder.number(y(layout.shown.upperBound))
        let right = SVGBuilder.number(x(column: layout.days.count))
        out.element("g", ["class": "grid"], open: true)
        for (column, day) in layout.days.enumerated() {
            let left = x(column: column)
            if day.date.weekday.rawValue >= 6 {
                out.element("rect", ["class": "weekend", "x": SVGBuilder.number(left), "y": top, "width": SVGBuilder.number(columnWidth),
                                     "height": SVGBuilder.number(y(layout.shown.upperBound) - gridTop), "fill": "#f6f6f6"])
            }
            for range in day.unavailable where range.overlaps(layout.shown) {
                out.element("rect", ["class": "not-on-clock", "x": SVGBuilder.number(left), "y": SVGBuilder.number(y(range.lowerBound)),
                                     "width": SVGBuilder.number(columnWidth), "height": SVGBuilder.number(Double(range.count) * Self.minutePixels),
                                     "fill": "url(#cb-hatch)"])
            }
            out.element("line", ["class": "day-line", "x1": SVGBuilder.number(left), "y1": SVGBuilder.number(Self.headingHeight),
                                 "x2": SVGBuilder.number(left), "y2": bottom, "stroke": "#cccccc"])
        }
        for line in layout.hourLines where layout.shown.contains(line.minute) || line.minute == layout.shown.upperBound {
            let clock = (line.clockHour < 10 ? "0" : "") + "\(line.clockHour):00"
            let atY = SVGBuilder.number(y(line.minute))
            out.element("line", ["class": "hour", "cb:clock": clock, "cb:repeat": line.isRepeat ? "true" : "", "x1": SVGBuilder.number(Self.axisWidth),
                                 "y1": atY, "x2": right, "y2": atY, "stroke": line.isRepeat ? "#b0b0b0" : "#e2e2e2",
                                 "stroke-dasharray": line.isRepeat ? "4 3" : ""])
            guard line.minute < layout.shown.upperBound else { continue }
            out.element("text", ["class": "hour-label", "x": SVGBuilder.number(Self.axisWidth - 6), "y": SVGBuilder.number(y(line.minute) + 4),
                                 "font-size": "11", "fill": "#666666", "text-anchor": "end"], content: clock + (line.isRepeat ? "²" : ""))
        }
        out.close("g")
    }

    private func drawBand(_ out: inout SVGBuilder) {
        guard !layout.band.isEmpty else { return }
        out.element("g", ["class": "band"], open: true)
        for bar in layout.band {
            let left = x(column: bar.firstColumn) + 2, top = Self.headingHeight + Self.dayHeaderHeight + Double(bar.lane) * Self.bandRowHeight
            let event = layout.events[bar.event]
            // Arrows say the bar goes on beyond the days shown.
            let title = (bar.continuesBefore ? "◂ " : "") + event.title + (bar.continuesAfter ? " ▸" : "")
            EventMark(event: event, continued: false).draw(&out, x: left, y: top + 2, width: Double(bar.columnCount) * columnWidth - 4,
                                                            height: Self.bandRowHeight - 3, lines: [(title, true)], kind: "event all-day")
        }
        out.close("g")
    }

    private func drawBox(_ box: EventBox, column: Int, _ out: inout SVGBuilder) {
        let event = layout.events[box.event]
        let laneWidth = (columnWidth - 4) / Double(box.lanes)
        let top = y(box.top), height = Double(box.drawnBottom - box.top) * Self.minutePixels
        var lines: [(String, Bool)] = [(event.title, true)]
        lines.append((SVGBuilder.clock(event.startText) + "–" + SVGBuilder.clock(event.endText), false))
        if let location = event.location, !location.isEmpty { lines.append((location, false)) }
        EventMark(event: event, continued: !box.isFirstPiece).draw(&out, x: x(column: column) + 2 + Double(box.lane) * laneWidth, y: top,
                                                                   width: laneWidth - 1, height: height, lines: lines, kind: "event")
    }
}

/// One occurrence drawn as a coloured box with as many of its lines as fit, each cut with an
/// ellipsis: the nested `svg` clips the rest.
struct EventMark {
    let event: ViewEvent
    /// A part after the first (an occurrence across midnight), told apart for programs counting.
    let continued: Bool

    static let lineHeight = 13.0

    func draw(_ out: inout SVGBuilder, x: Double, y: Double, width: Double, height: Double, lines: [(text: String, bold: Bool)], kind: String) {
        let ink = event.isCancelled ? "#1a1a1a" : event.colour.textColour.hex
        out.element("svg", ["class": kind + (continued ? " continued" : "") + (event.isCancelled ? " cancelled" : ""),
                            "x": SVGBuilder.number(x), "y": SVGBuilder.number(y), "width": SVGBuilder.number(max(width, 1)),
                            "height": SVGBuilder.number(max(height, 1)), "cb:uid": event.uid, "cb:start": event.startText,
                            "cb:end": event.endText], open: true)
        out.element("title", content: String(([event.title] + lines.dropFirst().map(\.text)).joined(separator: ", ").prefix(MarkupText.longestRead)))
        out.element("rect", ["width": "100%", "height": "100%", "rx": "3", "fill": event.colour.hex,
                             "fill-opacity": event.isCancelled ? "0.3" : "", "stroke": event.movedFrom == nil ? "" : "#1a1a1a",
                             "stroke-dasharray": event.movedFrom == nil ? "" : "3 2"])
        if event.isCancelled {
            out.element("rect", ["width": "3", "height": "100%", "fill": event.colour.hex])
        }
        var baseline = 11.5
        for (index, line) in lines.enumerated() where index == 0 || baseline <= height + 1 {
            out.element("text", ["x": "4", "y": SVGBuilder.number(baseline), "font-size": line.bold ? "11" : "10",
                                 "font-weight": line.bold ? "bold" : "", "fill": ink,
                                 "text-decoration": event.isCancelled ? "line-through" : ""],
                        content: MarkupText.fitted(line.text, width: width - 7, fontSize: line.bold ? 11 : 10))
            baseline += Self.lineHeight
        }
        out.close("svg")
    }
}
