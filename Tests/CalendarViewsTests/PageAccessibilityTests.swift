import CalendarModel
import Foundation
import TimeZones
@testable import CalendarViews
import XCTest

/// The picture as a screen reader and a keyboard meet it: in the HTML page an ARIA grid (WAI-ARIA
/// 1.2's grid, row and gridcell roles) whose cells Tab reaches and whose names say what the list
/// beneath says; standing alone, one image, nothing focusable.
final class PageAccessibilityTests: XCTestCase {
    private let events = [
        ViewEvent(
            uid: "a", title: "Datenbanken", location: "H1.12", timing: .timed(start: 1_776_934_800, end: 1_776_940_200),
            colour: ViewColour(rgb: 0x1E90FF), startText: "2026-04-23T09:00:00Z", endText: "2026-04-23T10:30:00Z"),
        ViewEvent(
            uid: "b", title: "Priya's birthday",
            timing: .allDay(
                first: CalendarDate(year: 2026, month: 4, day: 23),
                end: CalendarDate(year: 2026, month: 4, day: 24)),
            colour: ViewColour(rgb: 0x2E8B57), isCancelled: true, startText: "2026-04-23", endText: "2026-04-24"),
    ]

    private func settings(_ span: ViewSpan) -> ViewSettings {
        ViewSettings(span: span, zoneName: "UTC", zone: FixedOffsetZone(seconds: 0), language: .en)
    }

    private func count(_ text: String, _ pattern: String) -> Int {
        text.components(separatedBy: pattern).count - 1
    }

    func testAMonthInThePageIsAGridOfWeekRowsAndFocusableDaysNamedByTheirOccurrences() throws {
        let span = try XCTUnwrap(ViewSpan(month: "2026-04"))
        let html = CalendarPicture.html(events, settings(span))
        XCTAssertEqual(count(html, "role=\"grid\""), 1)
        XCTAssertEqual(count(html, "role=\"row\""), 5)
        XCTAssertEqual(count(html, "role=\"gridcell\""), 35)
        XCTAssertEqual(count(html, "tabindex=\"0\""), 35)
        XCTAssertTrue(html.contains("aria-label=\"Thursday 23 April 2026: Priya&#39;s birthday (cancelled); 09:00 Datenbanken\""), html)
        XCTAssertTrue(html.contains("aria-label=\"Friday 24 April 2026\""))
    }

    func testAWeekInThePageIsAGridOfDayRowsWithAnAllDayRowAndAFocusableCellPerEvent() throws {
        let span = try XCTUnwrap(ViewSpan(week: "2026-W17"))
        let html = CalendarPicture.html(events, settings(span))
        XCTAssertEqual(count(html, "role=\"row\""), 8)
        XCTAssertTrue(html.contains("role=\"row\" aria-label=\"All-day events\"") && html.contains("aria-label=\"Thursday 23 April 2026\""))
        XCTAssertEqual(count(html, "role=\"gridcell\" tabindex=\"0\""), 2)
    }

    func testStandingAloneThePictureIsOneImageWithNothingToFocus() throws {
        for span in [try XCTUnwrap(ViewSpan(week: "2026-W17")), try XCTUnwrap(ViewSpan(month: "2026-04"))] {
            let svg = CalendarPicture.svg(events, settings(span))
            XCTAssertEqual(count(svg, "role=\"img\""), 1)
            XCTAssertEqual(count(svg, "role=\"row\"") + count(svg, "role=\"gridcell\"") + count(svg, "tabindex"), 0)
        }
    }
}
