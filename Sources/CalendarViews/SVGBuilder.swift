import TimeZones

/// Writes SVG markup: elements with escaped attributes and text, numbers in short form.
struct SVGBuilder {
    private(set) var text = ""

    /// `<name a="v"…>` (and the closing tag, with `content` between, unless `open`).
    mutating func element(
        _ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: String? = nil,
        open: Bool = false
    ) {
        text += "<" + name
        for (key, value) in attributes where !value.isEmpty {
            text += " " + key + "=\"" + MarkupText.escaped(value) + "\""
        }
        if open {
            text += ">"
        } else if let content {
            text += ">" + MarkupText.escaped(content) + "</" + name + ">"
        } else {
            text += "/>"
        }
        text += open ? "" : "\n"
    }

    mutating func close(_ name: String) {
        text += "</" + name + ">\n"
    }

    /// Markup made elsewhere, already safe.
    mutating func append(markup: String) {
        text += markup
    }

    /// `12`, `12.5`: a tenth of a pixel is as fine as a picture needs.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(Double(tenths) / 10)
    }

    /// `08:15` from an ISO date-time as `expand` writes it; empty for a date.
    static func clock(_ isoText: String) -> String {
        let characters = Array(isoText)
        return characters.count >= 16 ? String(characters[11..<16]) : ""
    }
}

/// What a picture shows besides its occurrences: the days, the zone its times are in (named in the
/// header), the language of its words, the legend of its colours, and the paper its page prints on.
package struct ViewSettings: Sendable {
    package var span: ViewSpan
    package var zoneName: String
    package var zone: any ZoneRules
    package var language: ViewLanguage
    package var legend: [LegendEntry]
    package var paper: Paper
    /// Drawn inside the HTML page as an ARIA grid of focusable cells (events of a week, days of a
    /// month), rather than as one image.
    package var isGrid = false
    /// Today, the second gutter's zone, the lanes side by side, floating times (``GridOptions``).
    package var grid = GridOptions()

    package init(
        span: ViewSpan, zoneName: String, zone: any ZoneRules, language: ViewLanguage, legend: [LegendEntry] = [], paper: Paper = .a4
    ) {
        self.span = span
        self.zoneName = zoneName
        self.zone = zone
        self.language = language
        self.legend = legend
        self.paper = paper
    }

    /// The heading: what was asked for, with the zone.
    var heading: String { language.title(span) }
    var zoneLine: String {
        grid.isLocalTime ? language.localTime : language.timesIn.prefix(1).uppercased() + language.timesIn.dropFirst() + " " + zoneName
    }

}
