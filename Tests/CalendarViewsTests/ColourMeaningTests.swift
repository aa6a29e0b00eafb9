import CalendarModel
import Foundation
import TimeZones
@testable import CalendarViews
import XCTest

/// Colours that mean something: text on every fill keeps WCAG AA contrast, calendars keep their
/// colours and categories get the palette's in a stable order, and the legend names each colour.
final class ColourMeaningTests: XCTestCase {
    /// Colours calendars send, light and dark: the samples' (#E9322D is the team calendar's, of
    /// luminance 0.2, where neither near-black nor white text reaches 4.5:1), yellow, white, black.
    let calendarColours = ["#1E90FF", "#E9322D", "tomato", "#FFFF00", "#FFFFFF", "#000000", "#808080", "#7F7F7F", "#00FF00", "#0000FF"]

    func testTextOnEveryColourKeepsWCAGAAContrast() throws {
        // Every 12-bit colour (#RGB) spans the whole range; the CSS names, the palettes and real
        // calendars' colours are the ones that occur.
        let grid = (0..<4_096).map { ViewColour(rgb: (($0 >> 8) & 0xF) * 0x110000 + (($0 >> 4) & 0xF) * 0x1100 + ($0 & 0xF) * 0x11) }
        let named = CSSColourNames.values.values.map(ViewColour.init(rgb:))
        let real = try calendarColours.map { try XCTUnwrap(ViewColour(text: $0), $0) }
        let all = grid + named + real + ViewColour.palette + ViewColour.categoryPalette + [ViewColour.noCategory]
        for fill in all {
            XCTAssertGreaterThanOrEqual(fill.contrast(with: fill.textColour), 4.5, "text \(fill.textColour.hex) on \(fill.hex)")
        }
        // The fallback always works: black or white reaches at least 4.58:1 on any colour.
        let white = ViewColour(rgb: 0xFFFFFF), black = ViewColour(rgb: 0)
        XCTAssertEqual(all.map { max($0.contrast(with: white), $0.contrast(with: black)) }.min() ?? 0, 4.58, accuracy: 0.01)
    }

    func testContrastIsWCAGsRatio() throws {
        let white = ViewColour(rgb: 0xFFFFFF), black = ViewColour(rgb: 0)
        XCTAssertEqual(white.contrast(with: black), 21, accuracy: 0.001)
        XCTAssertEqual(black.contrast(with: white), 21, accuracy: 0.001)
        // #767676 is the lightest grey with 4.5:1 on white, a figure WCAG's examples use.
        XCTAssertEqual(ViewColour(rgb: 0x767676).contrast(with: white), 4.54, accuracy: 0.01)
        // The team calendar's red: near-black gives 4.11, white 4.23, black 4.96.
        let red = try XCTUnwrap(ViewColour(text: "#E9322D"))
        XCTAssertEqual(red.contrast(with: ViewColour(rgb: 0x1A1A1A)), 4.11, accuracy: 0.01)
        XCTAssertEqual(red.textColour, black)
        // Colours where near-black or white already reach 4.5 keep them.
        XCTAssertEqual(ViewColour(text: "#1E90FF")?.textColour, ViewColour(rgb: 0x1A1A1A))
        XCTAssertEqual(ViewColour(text: "#FFFF00")?.textColour, ViewColour(rgb: 0x1A1A1A))
        XCTAssertEqual(ViewColour(text: "navy")?.textColour, white)
    }

    func testCategoriesTakeThePaletteInTheOrderTheyFirstAppearInTheInputs() throws {
        let calendar = self.calendar(events: [
            event("a", day: 20, category: "Übung"), event("b", day: 19, category: "Vorlesung,Pflicht"), event("c", day: 21, category: nil),
            event("d", day: 22, category: "Vorlesung"), event("e", day: 12, category: "Praktikum"),
        ])
        var shown = ShownCalendars([calendar], names: ["semester.ics"])
        shown.colourMeaning = .category
        let span = try XCTUnwrap(ViewSpan(week: "2026-W43"))
        let events = try shown.events(over: span, in: FixedOffsetZone(seconds: 0))
        let colours = Dictionary(uniqueKeysWithValues: events.map { ($0.uid, $0.colour) })
        // Übung first in the file, then Vorlesung; Praktikum (a week before) takes the third colour
        // though it is not drawn, so that each category keeps one colour in every week.
        XCTAssertEqual(colours["a"], ViewColour.categoryPalette[0])
        XCTAssertEqual(colours["b"], ViewColour.categoryPalette[1])
        XCTAssertEqual(colours["d"], ViewColour.categoryPalette[1])
        XCTAssertEqual(colours["c"], ViewColour.noCategory)
        XCTAssertNil(colours["e"])
        let html = try shown.picture(of: span, zoneNamed: "UTC", language: .de, form: .html)
        XCTAssertTrue(html.contains(">Übung</text>") && html.contains(">Vorlesung</text>") && html.contains(">ohne Kategorie</text>"), html)
        XCTAssertFalse(html.contains(">Praktikum</text>"))
    }

    func testTheLegendNamesEachCalendarAndAnEventsOwnColourByItsTitle() throws {
        var team = calendar(events: [
            event("t1", day: 20, category: nil), event("t2", day: 21, category: nil, colour: "tomato", title: "Daily"),
        ])
        team.properties.append(Property(name: "X-WR-CALNAME", value: "Team"))
        team.properties.append(Property(name: "COLOR", value: "#E9322D"))
        let unnamed = calendar(events: [event("u1", day: 22, category: nil)])
        let span = try XCTUnwrap(ViewSpan(week: "2026-W43"))
        let shown = ShownCalendars([team, unnamed], names: ["team.ics", "holidays.ics"])
        let svg = try shown.picture(of: span, zoneNamed: "UTC", language: .en, form: .svg)
        let start = try XCTUnwrap(svg.range(of: "<g class=\"legend\""))
        let legend = String(
            svg[start.lowerBound..<(svg.range(of: "</g>", range: start.upperBound..<svg.endIndex)?.upperBound ?? svg.endIndex)])
        let texts = try NSRegularExpression(pattern: "<text[^>]*>([^<]*)</text>")
        let names = texts.matches(in: legend, range: NSRange(legend.startIndex..., in: legend)).compactMap {
            Range($0.range(at: 1), in: legend).map { String(legend[$0]) }
        }
        XCTAssertEqual(names, ["Team", "Daily", "holidays.ics"])
        XCTAssertTrue(
            legend.contains("fill=\"#e9322d\"") && legend.contains("fill=\"#ff6347\"")
                && legend.contains("fill=\"\(ViewColour.palette[1].hex)\""))
    }

    func testTwoCalendarsOfOneNameAreToldApartByTheirFiles() throws {
        var first = calendar(events: [event("a", day: 20, category: nil)]), second = calendar(events: [event("b", day: 21, category: nil)])
        first.properties.append(Property(name: "X-WR-CALNAME", value: "Birthdays"))
        second.properties.append(Property(name: "X-WR-CALNAME", value: "Birthdays"))
        let svg = try ShownCalendars([first, second], names: ["apple.vcf", "google.vcf"])
            .picture(of: try XCTUnwrap(ViewSpan(week: "2026-W43")), zoneNamed: "UTC", language: .en, form: .svg)
        XCTAssertTrue(svg.contains(">Birthdays (apple.vcf)</text>") && svg.contains(">Birthdays (google.vcf)</text>"), svg)
    }

    func testNamesThatShareAColourAreNamedTogether() {
        let blue = ViewColour(rgb: 0x1E90FF), red = ViewColour(rgb: 0xFF0000)
        XCTAssertEqual(
            LegendEntry.collected([(blue, "A"), (red, "B"), (blue, "C"), (blue, "A")]),
            [LegendEntry(colour: blue, name: "A, C"), LegendEntry(colour: red, name: "B")])
    }

    func testALongLegendKeepsTwoRowsAndCountsTheRest() {
        let entries = (0..<30).map { LegendEntry(colour: ViewColour.categoryPalette[$0 % 9], name: "Category number \($0)") }
        let rows = ColourLegend(entries: entries, language: .en).rows(room: 600)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[1].last?.text, "+\(30 - rows.flatMap { $0 }.filter { $0.colour != nil }.count) more")
        for row in rows {
            XCTAssertLessThanOrEqual(row.reduce(0) { $0 + $1.width + ColourLegend.spacing } - ColourLegend.spacing, 600 + 200)
        }
    }

    private func calendar(events: [Component]) -> Component {
        Component(
            name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0"), Property(name: "PRODID", value: "-//test//EN")],
            components: events)
    }

    /// A VEVENT as calendars write these properties: CATEGORIES a comma list (RFC 5545 §3.8.1.2,
    /// "CATEGORIES:APPOINTMENT,EDUCATION"; the timetable writes a lecture's kind so), COLOR a CSS3
    /// colour name (RFC 7986 §5.9, "COLOR:turquoise"; Samples/team-calendar.ics has COLOR:tomato),
    /// X-WR-CALNAME the calendar's name as Apple and Google export it.
    private func event(_ uid: String, day: Int, category: String?, colour: String? = nil, title: String? = nil) -> Component {
        var properties = [
            Property(name: "UID", value: uid), Property(name: "DTSTART", value: "202610\(day)T090000Z"),
            Property(name: "DTEND", value: "202610\(day)T100000Z"), Property(name: "SUMMARY", value: title ?? uid),
        ]
        if let category { properties.append(Property(name: "CATEGORIES", value: category)) }
        if let colour { properties.append(Property(name: "COLOR", value: colour)) }
        return Component(name: "VEVENT", properties: properties)
    }
}
