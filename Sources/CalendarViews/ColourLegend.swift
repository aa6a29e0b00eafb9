/// What the colours of a picture stand for (`view --color-by`).
package enum ColourMeaning: String, CaseIterable, Sendable {
    /// Each calendar's own colour (an event's own COLOR before it).
    case calendar
    /// A colour for each category (an event's first CATEGORIES value; a timetable's lecture kind).
    case category
}

/// One colour of a picture and what it stands for: a calendar's name, an event's title (its own
/// COLOR), or a category.
package struct LegendEntry: Equatable, Sendable {
    package var colour: ViewColour
    package var name: String

    package init(colour: ViewColour, name: String) {
        self.colour = colour
        self.name = name
    }

    /// The entries for colours in the order first used, one per colour: names that share a colour
    /// (two calendars both #1E90FF, a tenth category) are named together.
    package static func collected(_ uses: [(colour: ViewColour, name: String)]) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        var namesByColour: [ViewColour: [String]] = [:]
        for use in uses {
            if namesByColour[use.colour] == nil { entries.append(LegendEntry(colour: use.colour, name: "")) }
            if namesByColour[use.colour, default: []].contains(use.name) { continue }
            namesByColour[use.colour, default: []].append(use.name)
        }
        return entries.map { LegendEntry(colour: $0.colour, name: namesByColour[$0.colour, default: []].joined(separator: ", ")) }
    }
}

/// The key to a picture's colours, drawn right-aligned in its heading's two lines: a swatch and a
/// name for each, as many as two rows hold, then a count of the rest.
struct ColourLegend {
    let entries: [LegendEntry]
    let language: ViewLanguage

    static let fontSize = 11.0, swatch = 10.0, rowTops = [12.0, 30.0], longestName = 220.0, spacing = 14.0

    /// One swatch and its name, at its place in the row (from the row's right end).
    struct Item {
        var colour: ViewColour?
        var text: String
        var width: Double
    }

    /// The rows, each no wider than `room`; entries that do not fit are counted in the last row.
    func rows(room: Double) -> [[Item]] {
        var rows: [[Item]] = [[]]
        var used = 0.0
        for (index, entry) in entries.enumerated() {
            let text = MarkupText.fitted(entry.name, width: Self.longestName, fontSize: Self.fontSize)
            let item = Item(colour: entry.colour, text: text, width: Self.swatch + 4 + Self.textWidth(text))
            if used + item.width > room, !rows[rows.count - 1].isEmpty {
                guard rows.count < Self.rowTops.count else {
                    let rest = language.more(entries.count - index)
                    rows[rows.count - 1].append(Item(colour: nil, text: rest, width: Self.textWidth(rest)))
                    break
                }
                rows.append([])
                used = 0
            }
            rows[rows.count - 1].append(item)
            used += item.width + Self.spacing
        }
        return rows
    }

    /// How far the widest row reaches left from the right edge, so that the heading stops short of it.
    func width(room: Double) -> Double {
        rows(room: room).map { $0.reduce(0) { $0 + $1.width + Self.spacing } - Self.spacing }.max() ?? 0
    }

    func draw(_ out: inout SVGBuilder, right: Double, room: Double) {
        guard !entries.isEmpty else { return }
        // The legend repeats what the list beneath says in words; screen readers skip it.
        out.element(
            "g", ["class": "legend", "aria-hidden": "true", "font-size": SVGBuilder.number(Self.fontSize), "fill": "#333333"], open: true)
        for (row, items) in rows(room: room).enumerated() {
            var x = right - (items.reduce(0) { $0 + $1.width + Self.spacing } - Self.spacing)
            let top = Self.rowTops[row]
            for item in items {
                var textLeft = x
                if let colour = item.colour {
                    out.element(
                        "rect",
                        [
                            "class": "swatch", "x": SVGBuilder.number(x), "y": SVGBuilder.number(top),
                            "width": SVGBuilder.number(Self.swatch),
                            "height": SVGBuilder.number(Self.swatch), "rx": "2", "fill": colour.hex,
                        ])
                    textLeft += Self.swatch + 4
                }
                out.element("text", ["x": SVGBuilder.number(textLeft), "y": SVGBuilder.number(top + 9)], content: item.text)
                x += item.width + Self.spacing
            }
        }
        out.close("g")
    }

    static func textWidth(_ text: String) -> Double {
        text.reduce(0) { $0 + MarkupText.em($1) } * fontSize
    }
}
