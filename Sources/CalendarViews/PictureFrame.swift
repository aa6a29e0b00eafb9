/// What every picture begins with: the root `svg` with its namespaces and size, its title for
/// screen readers, a white ground, the heading with the zone, the legend of its colours, and the
/// one hatch pattern. In an HTML page the picture is an ARIA grid: a week a row per day and a
/// focusable cell per event, named by its `title`; a month a row per week and a focusable cell per
/// day, named by its date and occurrences. Standing alone, the picture is one image.
enum PictureFrame {
    static func open(_ out: inout SVGBuilder, settings: ViewSettings, width: Double, height: Double, extra: KeyValuePairs<String, String>) {
        let w = SVGBuilder.number(width), h = SVGBuilder.number(height)
        out.append(markup: "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:cb=\"urn:calbridge:view\" version=\"1.1\"")
        out.append(
            markup:
                " width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"Arial, Helvetica, Liberation Sans, sans-serif\" role=\"\(settings.isGrid ? "grid" : "img")\""
        )
        out.append(markup: " aria-labelledby=\"cb-title\" cb:zone=\"\(MarkupText.escaped(settings.zoneName))\"")
        for (key, value) in extra { out.append(markup: " \(key)=\"\(MarkupText.escaped(value))\"") }
        out.append(markup: ">\n")
        out.element("title", ["id": "cb-title"], content: settings.heading + " (" + settings.zoneName + ")")
        out.append(
            markup: "<defs><pattern id=\"cb-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                + "patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"6\" fill=\"#d8d8d8\"/></pattern></defs>\n")
        out.element("rect", ["class": "ground", "width": w, "height": h, "fill": "#ffffff"])
        let legend = ColourLegend(entries: settings.legend, language: settings.language), legendRoom = (width * 0.55).rounded()
        let headingRoom = width - 24 - (settings.legend.isEmpty ? 0 : legend.width(room: legendRoom) + 16)
        // The root's title names the picture; the same words drawn are not read twice.
        out.element(
            "text",
            [
                "class": "heading", "aria-hidden": "true", "x": "12", "y": "24", "font-size": "18", "font-weight": "bold",
                "fill": "#1a1a1a",
            ], content: MarkupText.fitted(settings.heading, width: headingRoom, fontSize: 18))
        out.element(
            "text", ["class": "zone", "aria-hidden": "true", "x": "12", "y": "42", "font-size": "12", "fill": "#555555"],
            content: MarkupText.fitted(settings.zoneLine, width: headingRoom, fontSize: 12))
        legend.draw(&out, right: width - 12, room: legendRoom)
    }
}
