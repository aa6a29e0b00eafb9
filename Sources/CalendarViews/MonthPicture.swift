/// Draws a ``MonthLayout`` as one self-contained SVG: a cell per day with its occurrences as lines,
/// all-day ones as coloured bars, timed ones with a coloured dot and their start; what does not fit
/// is counted (`+3 more`), and listed in full in the HTML beneath.
struct MonthPicture {
    let layout: MonthLayout
    let settings: ViewSettings

    static let cellWidth = 150.0, cellHeight = 112.0, left = 8.0, weekdayRowHeight = 22.0, headingHeight = 52.0
    static let itemHeight = 16.0, itemsTop = 22.0

    var gridTop: Double { Self.headingHeight + Self.weekdayRowHeight }
    /// How many lines a cell holds before it counts the rest.
    var linesPerCell: Int { Int((Self.cellHeight - Self.itemsTop - 4) / Self.itemHeight) }

    func svg() -> String {
        var out = SVGBuilder()
        let width = Self.left * 2 + 7 * Self.cellWidth, gridBottom = gridTop + Double(layout.weeks.count) * Self.cellHeight
        let height = gridBottom + 8 + (settings.grid.seriesLeftOut > 0 ? 16 : 0)
        PictureFrame.open(&out, settings: settings, width: width, height: height, extra: [:])
        out.element(
            "g", ["class": "day-headers", "aria-hidden": "true", "font-size": "13", "font-weight": "bold", "fill": "#333333"], open: true)
        for (column, cell) in (layout.weeks.first ?? []).enumerated() {
            out.element(
                "text", ["x": SVGBuilder.number(Self.left + Double(column) * Self.cellWidth + 6), "y": SVGBuilder.number(gridTop - 6)],
                content: settings.language.shortWeekdays[cell.date.weekday.rawValue - 1])
        }
        out.close("g")
        for (row, week) in layout.weeks.enumerated() {
            // In the page, each week is a row of the ARIA grid and each day a cell the keyboard reaches.
            if settings.isGrid { out.element("g", ["role": "row"], open: true) }
            for (column, cell) in week.enumerated() {
                drawCell(cell, x: Self.left + Double(column) * Self.cellWidth, y: gridTop + Double(row) * Self.cellHeight, &out)
            }
            if settings.isGrid { out.close("g") }
        }
        LeftOutNote.draw(&out, settings: settings, y: gridBottom + 14)
        out.close("svg")
        return out.text
    }

    private func drawCell(_ cell: MonthCell, x: Double, y: Double, _ out: inout SVGBuilder) {
        out.element(
            "g",
            [
                "class": "day", "cb:date": cell.date.isoFormat, "role": settings.isGrid ? "gridcell" : "",
                "tabindex": settings.isGrid ? "0" : "", "aria-label": settings.isGrid ? cellLabel(cell) : "",
            ], open: true)
        out.element(
            "rect",
            [
                "x": SVGBuilder.number(x), "y": SVGBuilder.number(y), "width": SVGBuilder.number(Self.cellWidth),
                "height": SVGBuilder.number(Self.cellHeight), "fill": cell.isInMonth ? "#ffffff" : "#f3f3f3", "stroke": "#cccccc",
            ])
        if cell.isToday {
            out.element(
                "circle", ["class": "today", "cx": SVGBuilder.number(x + 12), "cy": SVGBuilder.number(y + 11), "r": "9", "fill": "#d93025"])
        }
        out.element(
            "text",
            [
                "x": SVGBuilder.number(x + (cell.isToday ? 12 : 6)), "y": SVGBuilder.number(y + 15), "font-size": "12",
                "font-weight": "bold", "fill": cell.isToday ? "#ffffff" : cell.isInMonth ? "#333333" : "#999999",
                "text-anchor": cell.isToday ? "middle" : "",
            ], content: String(cell.date.day))
        let shown = cell.items.count > linesPerCell ? linesPerCell - 1 : cell.items.count
        for (line, index) in cell.items.prefix(shown).enumerated() {
            let event = layout.events[index]
            let top = y + Self.itemsTop + Double(line) * Self.itemHeight
            let isBar: Bool
            if case .allDay = event.timing { isBar = true } else { isBar = false }
            let text = isBar ? event.title : SVGBuilder.clock(event.startText) + " " + event.title
            let continued = cell.date.dayNumber > max(event.firstDay(in: settings.zone), layout.span.first.dayNumber)
            if isBar {
                EventMark(event: event, continued: continued, language: settings.language)
                    .draw(
                        &out, x: x + 3, y: top, width: Self.cellWidth - 6, height: Self.itemHeight - 2, title: text, details: [],
                        kind: "event all-day")
            } else {
                DotMark(event: event, continued: continued).draw(&out, x: x + 3, y: top, width: Self.cellWidth - 6, text: text)
            }
        }
        if shown < cell.items.count {
            out.element(
                "text",
                [
                    "class": "more", "x": SVGBuilder.number(x + 6),
                    "y": SVGBuilder.number(y + Self.itemsTop + Double(shown) * Self.itemHeight + 11),
                    "font-size": "10", "fill": "#555555",
                ], content: settings.language.more(cell.items.count - shown))
        }
        out.close("g")
    }
}

extension MonthPicture {
    /// Occurrences a cell's label names before it counts the rest.
    static let labelledItems = 12

    /// A day cell's name for screen readers: its date, then each occurrence with its start (and
    /// cancelled where it was), as the list beneath says them.
    func cellLabel(_ cell: MonthCell) -> String {
        let language = settings.language
        let items = cell.items.prefix(Self.labelledItems).map { index in
            let event = layout.events[index]
            let start = SVGBuilder.clock(event.startText)
            let title = String(event.title.prefix(MarkupText.longestRead))
            return (start.isEmpty ? "" : start + " ") + title + (event.isCancelled ? " (\(language.cancelled))" : "")
        }
        let rest = cell.items.count > Self.labelledItems ? [language.more(cell.items.count - Self.labelledItems)] : []
        return language.longDate(cell.date) + (items.isEmpty ? "" : ": " + (items + rest).joined(separator: "; "))
    }
}

/// A timed occurrence in a month cell: a dot of its colour and its start and title.
struct DotMark {
    let event: ViewEvent
    let continued: Bool

    func draw(_ out: inout SVGBuilder, x: Double, y: Double, width: Double, text: String) {
        out.element(
            "svg",
            [
                "class": "event" + (continued ? " continued" : "") + (event.isCancelled ? " cancelled" : ""),
                "x": SVGBuilder.number(x), "y": SVGBuilder.number(y), "width": SVGBuilder.number(width), "height": "13",
                "cb:uid": event.uid, "cb:start": event.startText, "cb:end": event.endText,
            ], open: true)
        out.element("title", content: String(text.prefix(MarkupText.longestRead)))
        out.element("circle", ["cx": "5", "cy": "6.5", "r": "4", "fill": event.colour.hex, "fill-opacity": event.isCancelled ? "0.4" : ""])
        out.element(
            "text",
            [
                "x": "12", "y": "10.5", "font-size": "10", "fill": "#1a1a1a",
                "text-decoration": event.isCancelled ? "line-through" : "",
            ],
            content: MarkupText.fitted(text, width: width - 14, fontSize: 10))
        out.close("svg")
    }
}
