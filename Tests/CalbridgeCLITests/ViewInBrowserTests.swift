import Foundation
import XCTest

/// `view`'s HTML as a person sees it: rendered by a real headless Chromium (Debian's `chromium`,
/// installed by Scripts/setup --python), and the screenshot decoded to check that the picture is
/// there — not blank, and in the calendars' colours.
final class ViewInBrowserTests: XCTestCase {
    private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples")

    /// Decodes a PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes them) with Python's
    /// standard library and prints its size, how many colours it has, and how many pixels are each
    /// of the colours given (within 3 per channel).
    private static let pixelCount = """
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
    static func screenshot(_ page: URL, width: Int = 1_200, height: Int = 1_000) throws -> URL {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("Chromium is missing; run Scripts/test") }
            throw XCTSkip("Chromium is missing; Scripts/setup --python installs it")
        }
        let shot = page.deletingPathExtension().appendingPathExtension("png")
        let profile = page.deletingLastPathComponent().appendingPathComponent("chromium-profile")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + profile.path,
                             "--window-size=\(width),\(height)", "--screenshot=" + shot.path, page.absoluteString]
        // Chromium talks about D-Bus and the like on a machine without a desktop: not the test's concern.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return shot
    }

    func testTheSemesterWeekRendersInChromiumInItsColours() throws {
        let python = Self.python
        let directory = try scratchDirectory()
        let page = directory.appendingPathComponent("week.html")
        let inputs = [samples.appendingPathComponent("semester-informatik.json").path, samples.appendingPathComponent("team-calendar.ics").path]
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
        let result = try Calbridge.run(["view", samples.appendingPathComponent("team-calendar.ics").path, "--week", "2026-W12", "-o", page.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let counted = try runPython(python, Self.pixelCount, [try Self.screenshot(page).path, "#ff6347", "#e9322d"])
        let numbers = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
        let wanted = try XCTUnwrap(numbers["wanted"] as? [Int])
        // Support-Daily's own COLOR (tomato) and the calendar's #E9322D for the on-call band.
        XCTAssertGreaterThan(wanted[0], 1_000)
        XCTAssertGreaterThan(wanted[1], 1_000)
    }
}
