/// What every picture begins with: the root `svg` with its namespaces and size, its title for
/// screen readers, a white ground, the heading with the zone, and the one hatch pattern.
enum PictureFrame {
    static func open(_ out: inout SVGBuilder, settings: ViewSettings, width: Double, height: Double, extra: KeyValuePairs<String, String>) {
        let w = SVGBuilder.number(width), h = SVGBuilder.number(height)
        out.append(markup: "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:cb=\"urn:calbridge:view\" version=\"1.1\"")
        out.append(markup: " width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\" role=\"img\"")
        out.append(markup: " aria-labelledby=\"cb-title\" cb:zone=\"\(MarkupText.escaped(settings.zoneName))\"")
        for (key, value) in extra { out.append(markup: " \(key)=\"\(MarkupText.escaped(value))\"") }
        out.append(markup: ">\n")
        out.element("title", ["id": "cb-title"], content: settings.heading + " (" + settings.zoneName + ")")
        out.append(markup: "<defs><pattern id=\"cb-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                   + "patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"6\" fill=\"#d8d8d8\"/></pattern></defs>\n")
        out.element("rect", ["class": "ground", "width": w, "height": h, "fill": "#ffffff"])
        out.element("text", ["class": "heading", "x": "12", "y": "24", "font-size": "18", "font-weight": "bold", "fill": "#1a1a1a"],
                    content: MarkupText.fitted(settings.heading, width: width - 24, fontSize: 18))
        out.element("text", ["class": "zone", "x": "12", "y": "42", "font-size": "12", "fill": "#555555"],
                    content: MarkupText.fitted(settings.zoneLine, width: width - 24, fontSize: 12))
    }
}
