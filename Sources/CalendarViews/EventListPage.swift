/// The HTML page of a picture: the SVG inline, then the same occurrences as a list by day, for
/// screen readers and for copying — times in `<time>` elements, titles isolated with `<bdi>` so a
/// right-to-left title cannot reorder the words around it. No scripts; the style is inline.
struct EventListPage {
    let settings: ViewSettings
    let events: [ViewEvent]

    func html(svg: String) -> String {
        let language = settings.language
        var page = "<!DOCTYPE html>\n<html lang=\"\(language.rawValue)\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page +=
            "<title>" + MarkupText.escaped(settings.heading) + "</title>\n<style>\n" + PageStyle.css(paper: settings.paper)
            + "</style>\n</head>\n<body>\n<main>\n"
        // The picture shows the heading and zone; the page says them to screen readers only.
        page +=
            "<h1 class=\"unseen\">" + MarkupText.escaped(settings.heading) + "</h1>\n<p class=\"unseen\">"
            + MarkupText.escaped(settings.zoneLine) + "</p>\n"
        page += "<figure>\n" + svg + "</figure>\n"
        page += "<section aria-labelledby=\"cb-events\">\n<h2 id=\"cb-events\">" + language.events + "</h2>\n"
        let byDay = Dictionary(grouping: events.indices) { max(events[$0].firstDay(in: settings.zone), settings.span.first.dayNumber) }
        if byDay.isEmpty { page += "<p>" + language.noEvents + "</p>\n" }
        for day in settings.span.days {
            guard let indices = byDay[day.dayNumber] else { continue }
            page += "<h3><time datetime=\"\(day.isoFormat)\">" + MarkupText.escaped(language.longDate(day)) + "</time></h3>\n<ul>\n"
            for index in indices { page += item(events[index]) }
            page += "</ul>\n"
        }
        return page + "</section>\n</main>\n</body>\n</html>\n"
    }

    private func item(_ event: ViewEvent) -> String {
        let language = settings.language
        var when: String
        if case .allDay = event.timing {
            when = language.allDay
        } else {
            when =
                "<time datetime=\"\(MarkupText.escaped(event.startText))\">\(SVGBuilder.clock(event.startText))</time>–"
                + "<time datetime=\"\(MarkupText.escaped(event.endText))\">\(SVGBuilder.clock(event.endText))</time>"
        }
        var what = "<bdi>" + MarkupText.escaped(event.title) + "</bdi>"
        if let location = event.location, !location.isEmpty { what += ", <bdi>" + MarkupText.escaped(location) + "</bdi>" }
        if event.isCancelled { what = "<del>" + what + "</del> (" + language.cancelled + ")" }
        if let moved = event.movedFrom, case .timed(let second, _) = moved {
            let local = settings.zone.local(atUTC: second)
            let header = language.columnHeader(local.date)
            what +=
                " (\(language.movedFrom) \(header.weekday) \(header.date) \(local.hour < 10 ? "0" : "")\(local.hour):\(local.minute < 10 ? "0" : "")\(local.minute))"
        }
        return "<li><span class=\"swatch\" style=\"background:\(event.colour.hex)\" aria-hidden=\"true\"></span>\(when) \(what)</li>\n"
    }
}

/// A calendar as a picture: the layout the span asks for (a time grid for a week or a run of days,
/// a grid of weeks for a month), drawn as SVG or as an HTML page holding it.
package enum CalendarPicture {
    /// The self-contained SVG document.
    package static func svg(_ events: [ViewEvent], _ settings: ViewSettings) -> String {
        if case .month = settings.span.kind {
            return MonthPicture(
                layout: MonthLayout(events: events, span: settings.span, zone: settings.zone, options: settings.grid), settings: settings
            ).svg()
        }
        return WeekPicture(
            layout: TimeGridLayout(events: events, span: settings.span, zone: settings.zone, options: settings.grid), settings: settings
        ).svg()
    }

    /// An HTML page with the SVG inline and the occurrences listed beneath it.
    package static func html(_ events: [ViewEvent], _ settings: ViewSettings) -> String {
        var inPage = settings
        inPage.isGrid = true
        return EventListPage(settings: inPage, events: events).html(svg: svg(events, inPage))
    }
}
