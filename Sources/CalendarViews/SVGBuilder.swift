import TimeZones

/// Writes SVG markup: elements with escaped attributes and text, numbers in short form.
struct SVGBuilder {
    private(set) var text = ""

    /// `<name a="v"…>` (and the closing tag, with `content` between, unless `open`).
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: String? = nil,
                          open: Bool = false) {
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
/// header) and the language of its words.
public struct ViewSettings: Sendable {
    public var span: ViewSpan
    public var zoneName: String
    public var zone: any ZoneRules
    public var language: ViewLanguage

    public init(span: ViewSpan, zoneName: String, zone: any ZoneRules, language: ViewLanguage) {
        self.span = span
        self.zoneName = zoneName
        self.zone = zone
        self.language = language
    }

    /// The heading: what was asked for, with the zone.
    var heading: String { language.title(span) }
    var zoneLine: String { language.timesIn.prefix(1).uppercased() + language.timesIn.dropFirst() + " " + zoneName }
}
