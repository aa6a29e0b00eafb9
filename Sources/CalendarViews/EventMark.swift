/// One occurrence drawn as a coloured box: its title wrapped to as many lines as the box holds
/// (the last cut with an ellipsis), then its details (time, room) while there is room, and a badge
/// when it was moved or cancelled. The nested `svg` clips whatever the width estimate lets through;
/// its `title` keeps the full text for a pointer and a screen reader.
struct EventMark {
    let event: ViewEvent
    /// A part after the first (an occurrence across midnight), told apart for programs counting.
    let continued: Bool
    let language: ViewLanguage
    /// A cell of the page's ARIA grid: reached by Tab, named by its `title` (words, time, room, badge).
    var isCell = false

    static let lineHeight = 13.0, firstBaseline = 11.5, detailSize = 10.0, badgeSize = 8.0
    /// Titles are 11 px, and 10 px in a narrow box (side by side), where a long word would not fit.
    static func titleSize(width: Double) -> Double { width < 90 ? 10 : 11 }
    /// The title keeps this many lines before details are shown in a box too short for all.
    static let titleLinesFirst = 2

    /// How many lines a box of `height` pixels holds: the first always, the others while their
    /// baseline lies within it.
    static func lineCount(height: Double) -> Int {
        max(1, 1 + Int(((height + 1 - firstBaseline) / lineHeight).rounded(.down)))
    }

    /// The title's lines and the details shown, for a box of `lines` lines: the title gets what it
    /// needs but a line for the time (and at least `titleLinesFirst`), the details what is left.
    static func fitted(title: String, details: [String], lines: Int, width: Double, firstWidth: Double) -> (
        title: [String], details: [String]
    ) {
        let titleSize = titleSize(width: width)
        let whole = MarkupText.wrapped(title, width: width, firstWidth: firstWidth, fontSize: titleSize, lines: lines)
        let titleCount = min(whole.count, max(min(titleLinesFirst, lines), lines - min(1, details.count)))
        let titleLines =
            titleCount == whole.count
            ? whole
            : MarkupText.wrapped(title, width: width, firstWidth: firstWidth, fontSize: titleSize, lines: titleCount)
        let shown = details.prefix(max(0, lines - titleLines.count)).map { MarkupText.fitted($0, width: width, fontSize: detailSize) }
        return (titleLines, Array(shown))
    }

    func draw(_ out: inout SVGBuilder, x: Double, y: Double, width: Double, height: Double, title: String, details: [String], kind: String)
    {
        let ink = event.isCancelled ? "#1a1a1a" : event.colour.textColour.hex
        out.element(
            "svg",
            [
                "class": kind + (continued ? " continued" : "") + (event.isCancelled ? " cancelled" : "")
                    + (event.movedFrom == nil ? "" : " moved"),
                "x": SVGBuilder.number(x), "y": SVGBuilder.number(y), "width": SVGBuilder.number(max(width, 1)),
                "height": SVGBuilder.number(max(height, 1)), "cb:uid": event.uid, "cb:start": event.startText,
                "cb:end": event.endText, "role": isCell ? "gridcell" : "", "tabindex": isCell ? "0" : "",
            ], open: true)
        out.element(
            "title",
            content: String(
                ([event.title] + details + (badge.map { ["(\($0))"] } ?? [])).joined(separator: ", ").prefix(MarkupText.longestRead)))
        out.element(
            "rect",
            [
                "width": "100%", "height": "100%", "rx": "3", "fill": event.colour.hex,
                "fill-opacity": event.isCancelled ? "0.3" : "", "stroke": event.movedFrom == nil ? "" : "#1a1a1a",
                "stroke-dasharray": event.movedFrom == nil ? "" : "3 2",
            ])
        if event.isCancelled {
            out.element("rect", ["width": "3", "height": "100%", "fill": event.colour.hex])
        }
        let badgeWidth = drawBadge(&out, boxWidth: width)
        let lines = Self.fitted(
            title: title, details: details, lines: Self.lineCount(height: height), width: width - 7,
            firstWidth: width - 7 - badgeWidth)
        var baseline = Self.firstBaseline
        for (text, bold) in lines.title.map({ ($0, true) }) + lines.details.map({ ($0, false) }) {
            out.element(
                "text",
                [
                    "x": "4", "y": SVGBuilder.number(baseline),
                    "font-size": bold ? SVGBuilder.number(Self.titleSize(width: width - 7)) : "10",
                    "font-weight": bold ? "bold" : "", "fill": ink,
                    "text-decoration": event.isCancelled ? "line-through" : "",
                ], content: text)
            baseline += Self.lineHeight
        }
        out.close("svg")
    }

    /// The badge's word: cancelled, else moved.
    private var badge: String? {
        event.isCancelled ? language.cancelled : event.movedFrom == nil ? nil : language.movedBadge
    }

    /// Draws the badge in the top right corner: the word where the box is wide enough, else a sign
    /// (✕ cancelled, ↷ moved); returns the width it takes from the first line.
    private func drawBadge(_ out: inout SVGBuilder, boxWidth: Double) -> Double {
        guard let word = badge else { return 0 }
        let wordWidth = word.reduce(0) { $0 + MarkupText.em($1) } * Self.badgeSize + 6
        let text = wordWidth + 40 <= boxWidth ? word : event.isCancelled ? "✕" : "↷"
        let width = text == word ? wordWidth : 12
        guard width + 8 <= boxWidth else { return 0 }
        let left = boxWidth - width - 2
        out.element("g", ["class": "badge"], open: true)
        out.element(
            "rect",
            [
                "x": SVGBuilder.number(left), "y": "2", "width": SVGBuilder.number(width), "height": "11", "rx": "5.5",
                "fill": "#1a1a1a",
            ])
        out.element(
            "text",
            [
                "x": SVGBuilder.number(left + width / 2), "y": "10.5", "font-size": SVGBuilder.number(Self.badgeSize),
                "fill": "#ffffff", "text-anchor": "middle",
            ], content: text)
        out.close("g")
        return width + 2
    }
}
