/// The paper a printed page is laid out for (`view --paper`): one week to a landscape sheet.
package enum Paper: String, CaseIterable, Sendable {
    case a4, letter

    /// CSS Paged Media's name for the sheet, turned landscape.
    var pageSize: String { self == .a4 ? "A4 landscape" : "letter landscape" }
    /// The height a picture may take on the sheet: the page less its two 10 mm margins (A4 is
    /// 210 mm short side, Letter 8.5 in, 215.9 mm), less a little for the printer's rounding.
    var pictureHeight: String { self == .a4 ? "188mm" : "194mm" }
}

/// The HTML page's style sheet, inline so that the page stays one file. The picture keeps its
/// colours as attributes (a standalone SVG needs them); the sheet overrides them where the page is
/// seen otherwise. In the dark (`prefers-color-scheme: dark`) the picture's greys map to dark ones by
/// their values, while an event's fill and its ink, chosen for contrast on each other, stay. On
/// paper the week takes the first landscape sheet whole, its fills lightened under black text with
/// borders kept, and the list follows on the next sheets.
enum PageStyle {
    static func css(paper: Paper) -> String {
        base + focus + dark + print(paper)
    }

    private static let base = """
        :root { color-scheme: light dark; }
        body { font-family: Arial, Helvetica, "Liberation Sans", sans-serif; margin: 16px; color: #1a1a1a; background: #ffffff; }
        .unseen { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        figure { margin: 0; } figure svg { max-width: 100%; height: auto; }
        ul { list-style: none; padding-left: 0; } li { margin: 2px 0; }
        .swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 2px; margin-right: 0.5em; }

        """

    /// A focused event is outlined outside its box and edged inside it, so that the mark shows on any fill.
    private static let focus = """
        svg.event[tabindex]:focus, g.day[tabindex]:focus { outline: 3px solid #0b57d0; outline-offset: 1px; }
        svg.event[tabindex]:focus > rect:first-of-type, g.day[tabindex]:focus > rect:first-of-type { stroke: #0b57d0; stroke-width: 4; stroke-dasharray: none; }

        """

    /// The picture's light greys and tints, by value, to dark ones; outside the events only, whose
    /// fill and ink were chosen for contrast on each other. A cancelled event's pale fill (30 % of its
    /// colour over the ground) turns dark with the ground, so its text turns light.
    private static let dark = """
        @media screen and (prefers-color-scheme: dark) {
        body { color: #e8e8e8; background: #121212; }
        figure svg .ground, figure svg rect[fill="#ffffff"]:not(svg.event *) { fill: #181818; }
        figure svg [fill="#f6f6f6"], figure svg [fill="#f3f3f3"] { fill: #242424; }
        figure svg [fill="#eeeeee"] { fill: #3a3a3a; }
        figure svg [fill="#fff6d6"] { fill: #2e2a1c; }
        figure svg [fill="#eef3fb"] { fill: #1c2533; }
        figure svg #cb-hatch rect { fill: #3c3c3c; }
        figure svg [stroke="#cccccc"] { stroke: #4a4a4a; }
        figure svg [stroke="#e2e2e2"] { stroke: #303030; }
        figure svg [stroke="#b0b0b0"], figure svg [stroke="#999999"] { stroke: #6a6a6a; }
        figure svg [stroke="#8aa4c8"] { stroke: #4a6288; }
        figure svg :not(rect)[fill="#1a1a1a"]:not(svg.event *), figure svg [fill="#333333"]:not(svg.event *),
        figure svg svg.event.cancelled > text, figure svg svg.event:not(:has(> rect)) > text { fill: #e8e8e8; }
        figure svg [fill="#555555"]:not(svg.event *), figure svg [fill="#666666"]:not(svg.event *),
        figure svg text[fill="#999999"]:not(svg.event *) { fill: #a8a8a8; }
        figure svg [fill="#44608a"] { fill: #9db4d8; }
        }

        """

    private static func print(_ paper: Paper) -> String {
        """
        @page { size: \(paper.pageSize); margin: 10mm; }
        @media print {
        * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
        body { margin: 0; color: #000000; background: #ffffff; }
        figure { break-after: page; }
        figure svg { display: block; width: auto; height: auto; max-width: 100%; max-height: \(paper.pictureHeight); }
        figure svg svg.event > rect:first-of-type { fill-opacity: 0.35; stroke: #333333; stroke-width: 1; }
        figure svg svg.event > text { fill: #000000; }
        h3 { break-after: avoid; } li { break-inside: avoid; }
        }

        """
    }
}
