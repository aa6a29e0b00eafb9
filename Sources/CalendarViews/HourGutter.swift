import CalendarModel
import TimeZones

/// The hour labels left of a time grid: the shown zone's clock at each hour line (the repeated
/// hours marked ²), and with `--also-tz` a second gutter giving the same instants on that zone's
/// clock, captioned with its name, read on today's day (else the first day shown).
struct HourGutter {
    let picture: WeekPicture

    /// `08:00` for a minute of the day.
    static func clock(_ minute: Int) -> String {
        func two(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
        return two(minute / 60) + ":" + two(minute % 60)
    }

    func draw(_ out: inout SVGBuilder) {
        let layout = picture.layout, settings = picture.settings
        let right = WeekPicture.axisWidth * (settings.grid.alsoZone == nil ? 1 : 2)
        out.element("g", ["class": "hour-labels", "font-size": "11", "fill": "#666666", "text-anchor": "end"], open: true)
        for line in layout.hourLines where layout.shown.contains(line.minute) {
            out.element(
                "text", ["class": "hour-label", "x": SVGBuilder.number(right - 6), "y": SVGBuilder.number(picture.y(line.minute) + 4)],
                content: Self.clock(line.clockHour * 60) + (line.isRepeat ? "²" : ""))
        }
        out.close("g")
        guard let also = settings.grid.alsoZone else { return }
        let day = layout.span.first.adding(days: layout.todayColumn ?? 0)
        out.element(
            "g", ["class": "also-zone", "font-size": "11", "fill": "#666666", "text-anchor": "end", "cb:zone": also.name], open: true)
        let caption = Self.caption(also.name), captionY = SVGBuilder.number(WeekPicture.headingHeight + 16)
        out.element(
            "text", ["x": SVGBuilder.number(WeekPicture.axisWidth - 6), "y": captionY, "font-size": "10", "font-weight": "bold"],
            content: MarkupText.fitted(caption, width: WeekPicture.axisWidth - 8, fontSize: 10))
        out.element(
            "text", ["x": SVGBuilder.number(right - 6), "y": captionY, "font-size": "10", "font-weight": "bold"],
            content: MarkupText.fitted(Self.caption(settings.zoneName), width: WeekPicture.axisWidth - 8, fontSize: 10))
        if !Self.keepsItsDifference(settings.zone, also.zone, over: layout.span) {
            // The zones' difference changes within the days: the labels hold on the day they are read on.
            out.element(
                "text",
                [
                    "class": "also-day", "x": SVGBuilder.number(WeekPicture.axisWidth - 6),
                    "y": SVGBuilder.number(WeekPicture.headingHeight + 30),
                    "font-size": "9",
                ], content: "(" + settings.language.columnHeader(day).date + ")")
        }
        for line in layout.hourLines where layout.shown.contains(line.minute) {
            let instant = settings.zone.utcSecond(forLocal: LocalDateTime(date: day, hour: line.clockHour)) + (line.isRepeat ? 3_600 : 0)
            let there = also.zone.local(atUTC: instant)
            out.element(
                "text",
                [
                    "class": "also-hour", "x": SVGBuilder.number(WeekPicture.axisWidth - 6),
                    "y": SVGBuilder.number(picture.y(line.minute) + 4),
                ],
                content: Self.clock(there.hour * 60 + there.minute))
        }
        out.close("g")
    }

    /// Whether two zones are the same hours apart at noon on every day of the span.
    static func keepsItsDifference(_ shown: any ZoneRules, _ other: any ZoneRules, over span: ViewSpan) -> Bool {
        let differences = span.days.map { day in
            let noon = shown.utcSecond(forLocal: LocalDateTime(date: day, hour: 12))
            return other.offset(atUTC: noon) - shown.offset(atUTC: noon)
        }
        return Set(differences).count <= 1
    }

    /// `New York` for `America/New_York`: the place a zone is named after.
    static func caption(_ zoneName: String) -> String {
        String((zoneName.split(separator: "/").last ?? Substring(zoneName)).map { $0 == "_" ? " " : $0 })
    }
}
