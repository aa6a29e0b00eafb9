import Foundation
import XCTest

/// `view`'s HTML as a person sees it: rendered by a real headless Chromium (Debian's `chromium`,
/// installed by Scripts/setup --python), and the screenshot decoded to check that the picture is
/// there — not blank, and in the calendars' colours, in light and in dark mode — and as a keyboard
/// and a screen reader meet it: an ARIA grid whose events each take the focus.
final class ViewInBrowserTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Decodes a PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes them) with Python's
    /// standard library and prints its size, how many colours it has, and how many pixels are each
    /// of the colours given (within 3 per channel).
    static let pixelCount = """
        import sys, zlib, struct, json
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b'IHDR':
                width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
                assert depth == 8 and colour in (2, 6) and interlace == 0
            elif kind == b'IDAT':
                idat += body
        raw, bpp = zlib.decompress(idat), (3 if colour == 2 else 4)
        stride, prev, pixels, at = width * bpp, bytearray(width * bpp), {}, 0
        for y in range(height):
            kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
            at += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
                if kind == 1: line[x] = (line[x] + a) & 255
                elif kind == 2: line[x] = (line[x] + b) & 255
                elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                key = bytes(line[x:x + 3])
                pixels[key] = pixels.get(key, 0) + 1
            prev = line
        wanted = [bytes.fromhex(h.lstrip('#')) for h in sys.argv[2:]]
        near = lambda k, w: all(abs(k[i] - w[i]) <= 3 for i in range(3))
        print(json.dumps({'width': width, 'height': height, 'colours': len(pixels),
                          'white': pixels.get(b'\\xff\\xff\\xff', 0),
                          'wanted': [sum(n for k, n in pixels.items() if near(k, w)) for w in wanted]}))
        """

    /// The decoder needs only Python's standard library: the reference tools' interpreter, or the system's.
    static var python: String { ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] ?? "/usr/bin/python3" }

    /// Renders a page with headless Chromium into a PNG. Without Chromium the test is skipped, and
    /// fails on CI, where Scripts/test (Scripts/setup --python) installs it.
    static func screenshot(_ page: URL, width: Int = 1_200, height: Int = 1_000, dark: Bool = false) throws -> URL {
        let shot = page.deletingPathExtension().appendingPathExtension(dark ? "dark.png" : "png")
        // --force-dark-mode makes the page's prefers-color-scheme dark, as a reader's dark desktop does.
        _ = try chromium(
            ["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=" + shot.path] + (dark ? ["--force-dark-mode"] : []),
            page: page)
        return shot
    }

    /// Runs headless Chromium on a page, and returns what it printed on standard output.
    static func chromium(_ arguments: [String], page: URL) throws -> String {
        guard
            let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("Chromium is missing; run Scripts/test") }
            throw XCTSkip("Chromium is missing; Scripts/setup --python installs it")
        }
        let profile = page.deletingLastPathComponent().appendingPathComponent("chromium-profile")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile.path] + arguments + [page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        // Chromium talks about D-Bus and the like on a machine without a desktop: not the test's concern.
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: printed, as: UTF8.self)
    }

    /// The numbers `pixelCount` prints for a PNG and the colours wanted.
    static func pixels(_ png: URL, _ colours: [String]) throws -> (width: Int, height: Int, colours: Int, white: Int, wanted: [Int]) {
        let counted = try runPython(python, pixelCount, [png.path] + colours)
        XCTAssertEqual(counted.status, 0)
        let numbers = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
        return (
            numbers["width"] as? Int ?? 0, numbers["height"] as? Int ?? 0, numbers["colours"] as? Int ?? 0, numbers["white"] as? Int ?? 0,
            try XCTUnwrap(numbers["wanted"] as? [Int])
        )
    }

    func testTheSemesterWeekRendersInChromiumInItsColours() throws {
        let python = Self.python
        let directory = try scratchDirectory()
        let page = directory.appendingPathComponent("week.html")
        let inputs = [
            samples.appendingPathComponent("semester-informatik.json").path, samples.appendingPathComponent("team-calendar.ics").path,
        ]
        // The team calendar's events fall in March, so the week shows only the timetable's colour;
        // the second colour is checked where both calendars have events.
        let result = try Calbridge.run(["view"] + inputs + ["--week", "2026-W42", "-o", page.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let counted = try runPython(python, Self.pixelCount, [try Self.screenshot(page).path, "#1e90ff", "#ff6347"])
        XCTAssertEqual(counted.status, 0)
        let numbers = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
        XCTAssertEqual(numbers["width"] as? Int, 1_200)
        // Not blank: many colours (text, grid, boxes), white not everywhere, and the timetable's
        // #1E90FF over the area of its 23 boxes (each about 145 × 70 pixels).
        XCTAssertGreaterThan(numbers["colours"] as? Int ?? 0, 50)
        XCTAssertLessThan(numbers["white"] as? Int ?? .max, 1_200 * 1_000 * 9 / 10)
        let wanted = try XCTUnwrap(numbers["wanted"] as? [Int])
        XCTAssertGreaterThan(wanted[0], 100_000)
        XCTAssertEqual(wanted[1], 0)
    }

    func testTheTeamCalendarsOwnAndEventColoursReachTheScreen() throws {
        let python = Self.python
        let page = try scratchDirectory().appendingPathComponent("team.html")
        let result = try Calbridge.run([
            "view", samples.appendingPathComponent("team-calendar.ics").path, "--week", "2026-W12", "-o", page.path,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let counted = try runPython(python, Self.pixelCount, [try Self.screenshot(page).path, "#ff6347", "#e9322d"])
        let numbers = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
        let wanted = try XCTUnwrap(numbers["wanted"] as? [Int])
        // Support-Daily's own COLOR (tomato) and the calendar's #E9322D for the on-call band.
        XCTAssertGreaterThan(wanted[0], 1_000)
        XCTAssertGreaterThan(wanted[1], 1_000)
    }

    func testInDarkModeTheGroundTurnsDarkAndTheCalendarsKeepTheirColours() throws {
        let page = try scratchDirectory().appendingPathComponent("week.html")
        let result = try Calbridge.run([
            "view", samples.appendingPathComponent("semester-informatik.json").path, "--week", "2026-W42", "-o", page.path,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        // The dark ground (#181818 in the picture, #121212 around it), and the timetable's #1E90FF.
        let light = try Self.pixels(try Self.screenshot(page), ["#181818", "#121212", "#1e90ff"])
        let dark = try Self.pixels(try Self.screenshot(page, dark: true), ["#181818", "#121212", "#1e90ff"])
        // In the light only dark text comes near those greys, at its antialiased edges.
        XCTAssertLessThan(light.wanted[0] + light.wanted[1], 1_200 * 1_000 / 100)
        XCTAssertGreaterThan(light.white, 1_200 * 1_000 / 3)
        XCTAssertLessThan(dark.white, 1_200 * 1_000 / 100)
        XCTAssertGreaterThan(dark.wanted[0] + dark.wanted[1], 1_200 * 1_000 / 3)
        // The boxes are the same colour and size in both: within a few pixels of antialiasing.
        XCTAssertGreaterThan(light.wanted[2], 100_000)
        XCTAssertEqual(Double(dark.wanted[2]), Double(light.wanted[2]), accuracy: Double(light.wanted[2]) * 0.02)
    }

    func testTheWeekInThePageIsAnARIAGridOfLabelledEventsThatTakeTheFocus() throws {
        let page = try scratchDirectory().appendingPathComponent("week.html")
        let result = try Calbridge.run([
            "view", samples.appendingPathComponent("semester-informatik.json").path, "--week", "2026-W43",
            "--tz", "Europe/Berlin", "-o", page.path,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let html = try String(contentsOf: page, encoding: .utf8)
        let tree = try XCTUnwrap(PictureElement.html(html))
        let grid = try XCTUnwrap(tree.all.first { $0.name == "svg" && $0.attributes["role"] == "grid" })
        XCTAssertEqual(grid.attributes["aria-labelledby"], "cb-title")
        let rows = grid.all.filter { $0.attributes["role"] == "row" }
        XCTAssertEqual(rows.compactMap { $0.attributes["aria-label"] }.prefix(2), ["Monday 19 October 2026", "Tuesday 20 October 2026"])
        XCTAssertEqual(rows.count, 7)
        let cells = grid.all.filter { $0.attributes["role"] == "gridcell" }
        XCTAssertEqual(cells.count, 23)
        XCTAssertTrue(cells.allSatisfy { $0.attributes["tabindex"] == "0" })
        // Each cell is named by its title: words, time, room, and the moved lecture's badge.
        let names = cells.map { $0.children.first { $0.name == "title" }?.text ?? "" }
        XCTAssertEqual(names.first, "Datenbanken (Vorlesung), 08:15–09:45, H1.12")
        XCTAssertEqual(names.filter { $0.hasSuffix("(moved)") }.count, 1, names.joined(separator: "\n"))
        // Chromium moves the focus to each cell, in the order Tab takes (all are tabindex 0: the
        // document's order, day by day); a script added to a copy of the page records where it went.
        let probe = page.deletingLastPathComponent().appendingPathComponent("probe.html")
        let script = """
            <script>
            const cells = [...document.querySelectorAll('[tabindex]')];
            const reached = cells.filter(cell => { cell.focus(); return document.activeElement === cell; });
            document.body.setAttribute('data-reached', reached.length + '/' + cells.length);
            document.body.setAttribute('data-first', reached[0].querySelector('title').textContent);
            const ring = [...document.styleSheets[0].cssRules].find(rule => rule.selectorText && rule.selectorText.endsWith(':focus'));
            document.body.setAttribute('data-outline', reached.every(cell => cell.matches(ring.selectorText.replace(':focus', ''))) ? ring.style.outlineStyle : 'none');
            </script>
            """
        try html.replacingOccurrences(of: "</body>", with: script + "</body>").write(to: probe, atomically: true, encoding: .utf8)
        let dom = try Self.chromium(["--dump-dom"], page: probe)
        XCTAssertTrue(dom.contains("data-reached=\"23/23\""), String(dom.prefix(300)))
        XCTAssertTrue(dom.contains("data-first=\"Datenbanken (Vorlesung), 08:15–09:45, H1.12\""))
        // Every cell is one the page's :focus rule outlines (whether :focus matches in a headless
        // window that has no focus itself varies, so the rule is matched, not the computed style).
        XCTAssertTrue(dom.contains("data-outline=\"solid\""))
    }
}
