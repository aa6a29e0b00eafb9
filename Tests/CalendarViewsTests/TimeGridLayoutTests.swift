import CalendarModel
import TimeZones
@testable import CalendarViews
import XCTest

/// Measures the week layout: every box's top and height read back, on the hour lines, as its
/// occurrence's start and end on the shown zone's clock; no two boxes of a day overlap; overlapping
/// occurrences take the fewest columns; DST days are 23 and 25 hours long.
final class TimeGridLayoutTests: XCTestCase {
    let berlin = TimeZoneResolver(definitions: [:]).zone(for: "Europe/Berlin")!
    let blue = ViewColour(red: 0, green: 0, blue: 255)

    /// A timed event from wall-clock times in Berlin (`2026-10-19T08:15`).
    func event(_ uid: String, _ start: String, _ end: String) -> ViewEvent {
        ViewEvent(uid: uid, title: uid, timing: .timed(start: second(start), end: second(end)), colour: blue)
    }

    func second(_ text: String) -> Int {
        berlin.utcSecond(
            forLocal: DateValue(icalendar: text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + "00")!
                .local)
    }

    /// The axis minute a clock reading should be drawn at, read off the layout's hour lines.
    func ruler(_ layout: TimeGridLayout, _ local: LocalDateTime, isRepeat: Bool) -> Int {
        let line = layout.hourLines.first { $0.clockHour == local.hour && $0.isRepeat == isRepeat }!
        return line.minute + local.minute
    }

    /// Checks each box against its occurrence, and that no two boxes of a day overlap.
    func measure(_ layout: TimeGridLayout, file: StaticString = #filePath, line: UInt = #line) {
        for day in layout.days {
            let dayStart = berlin.utcSecond(forLocal: LocalDateTime(date: day.date))
            let dayEnd = berlin.utcSecond(forLocal: LocalDateTime(date: day.date.adding(days: 1)))
            for box in day.boxes {
                guard case .timed(let start, let end) = layout.events[box.event].timing else { return XCTFail("band event in a column") }
                let top =
                    box.continuesBefore
                    ? ruler(layout, LocalDateTime(date: day.date), isRepeat: false)
                    : ruler(layout, berlin.local(atUTC: start), isRepeat: isSecondPass(start))
                let bottom =
                    end >= dayEnd ? layout.hourLines.last!.minute : ruler(layout, berlin.local(atUTC: end), isRepeat: isSecondPass(end))
                XCTAssertEqual(box.top, top, "top of \(layout.events[box.event].uid) on \(day.date)", file: file, line: line)
                XCTAssertEqual(
                    box.top + box.height, bottom, "bottom of \(layout.events[box.event].uid) on \(day.date)", file: file, line: line)
                XCTAssertEqual(box.continuesBefore, start < dayStart, file: file, line: line)
            }
            for (index, a) in day.boxes.enumerated() {
                for b in day.boxes[(index + 1)...] {
                    let sameColumns =
                        Double(a.lane) / Double(a.lanes) < Double(b.lane + 1) / Double(b.lanes)
                        && Double(b.lane) / Double(b.lanes) < Double(a.lane + 1) / Double(a.lanes)
                    let sameRows = a.top < b.drawnBottom && b.top < a.drawnBottom
                    XCTAssertFalse(
                        sameColumns && sameRows, "\(layout.events[a.event].uid) and \(layout.events[b.event].uid) overlap on \(day.date)",
                        file: file, line: line)
                }
            }
        }
    }

    /// Whether the clock shows this instant's reading for the second time (the hour after falling back).
    func isSecondPass(_ second: Int) -> Bool {
        berlin.offset(atUTC: second - 3_600) - berlin.offset(atUTC: second) == 3_600
    }

    func testBoxesOfAnOrdinaryWeekStandAtTheirClockTimesSideBySideInTheFewestColumns() {
        let events = [
            event("a", "2026-10-12T08:15", "2026-10-12T09:45"), event("b", "2026-10-12T09:00", "2026-10-12T10:00"),
            event("c", "2026-10-12T09:30", "2026-10-12T11:00"), event("d", "2026-10-12T10:00", "2026-10-12T12:00"),
            event("lone", "2026-10-12T14:00", "2026-10-12T15:00"),
            event("night", "2026-10-13T23:00", "2026-10-14T01:30"), event("zero", "2026-10-15T12:00", "2026-10-15T12:00"),
        ]
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W42")!, zone: berlin)
        measure(layout)
        let monday = layout.days[0].boxes
        XCTAssertEqual(monday.map(\.top), [495, 540, 570, 600, 840])
        XCTAssertEqual(monday.map(\.height), [90, 60, 90, 120, 60])
        // a, b and c all run at 09:30: three columns, and d takes a's freed column.
        XCTAssertEqual(monday.map(\.lanes), [3, 3, 3, 3, 1])
        XCTAssertEqual(monday.map(\.lane), [0, 1, 2, 0, 0])
        // Across midnight: 23:00–24:00 on Tuesday, 00:00–01:30 on Wednesday, one occurrence drawn once.
        XCTAssertEqual(layout.days[1].boxes.map { [$0.top, $0.height] }, [[1_380, 60]])
        XCTAssertEqual(layout.days[2].boxes.map { [$0.top, $0.height] }, [[0, 90]])
        XCTAssertEqual(layout.days.flatMap(\.boxes).filter(\.isFirstPiece).count, events.count)
        XCTAssertEqual(layout.days[3].boxes.map { [$0.height, $0.drawnBottom] }, [[0, 740]])
        // Widened to the night event; 08:00–18:00 otherwise.
        XCTAssertEqual(layout.shown, 0..<1_440)
        XCTAssertEqual(TimeGridLayout(events: Array(events.prefix(5)), span: ViewSpan(week: "2026-W42")!, zone: berlin).shown, 480..<1_080)
        XCTAssertEqual(layout.days.map(\.hours), [24, 24, 24, 24, 24, 24, 24])
    }

    func testAThousandCrowdedOccurrencesStandTrueAndTakeNoMoreColumnsThanTheyOverlap() {
        // A fixed linear congruential sequence: the same crowded week every run.
        var state: UInt64 = 20_261_019
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let monday = second("2026-10-19T00:00")
        let events = (0..<1_000).map { index in
            let start = monday + next(7 * 96) * 900 + next(4) * 60
            return ViewEvent(
                uid: "e\(index)", title: "e\(index)", timing: .timed(start: start, end: start + (1 + next(16)) * 900), colour: blue)
        }
        // As many side by side as overlap: no chips, so the packing itself is measured.
        let layout = TimeGridLayout(
            events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin, options: GridOptions(mostSideBySide: 1_000))
        measure(layout)
        XCTAssertEqual(layout.days.flatMap(\.boxes).filter(\.isFirstPiece).count, 1_000)
        for day in layout.days {
            // Clusters: boxes joined by overlaps, swept by top.
            var clusters: [[EventBox]] = []
            var reach = Int.min
            for box in day.boxes.sorted(by: { $0.top < $1.top }) {
                if box.top >= reach { clusters.append([]) }
                clusters[clusters.count - 1].append(box)
                reach = max(reach, box.drawnBottom)
            }
            for cluster in clusters {
                // The most boxes over one moment (some box's top): the fewest columns that can hold them.
                let crowd = cluster.map { probe in cluster.filter { $0.top <= probe.top && probe.top < $0.drawnBottom }.count }.max()!
                XCTAssertEqual(Set(cluster.map(\.lanes)), [crowd], "on \(day.date)")
            }
        }
    }

    func testTheSpringForwardSundayHas23HoursAndItsSkippedHourIsOnNoClock() {
        let events = [
            event("night", "2026-03-29T01:30", "2026-03-29T03:30"), event("morning", "2026-03-29T10:00", "2026-03-29T11:00"),
            event("friday", "2026-03-27T10:00", "2026-03-27T11:00"),
        ]
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W13")!, zone: berlin)
        measure(layout)
        XCTAssertEqual(layout.days.map(\.hours), [24, 24, 24, 24, 24, 24, 23])
        XCTAssertEqual(layout.days[6].unavailable, [120..<180])
        // 01:30 to 03:30 on the clock, one hour of time: drawn over the hatched hour the clock skips.
        XCTAssertEqual(layout.days[6].boxes.map { [$0.top, $0.height] }, [[90, 120], [600, 60]])
        XCTAssertEqual(layout.days[4].boxes.map(\.top), [600])
    }

    func testTheFallBackSundayHas25HoursWithTheRepeatedHourDrawnTwice() {
        let events = [
            event("monday", "2026-10-19T10:00", "2026-10-19T11:00"),
            ViewEvent(
                uid: "across", title: "across", timing: .timed(start: second("2026-10-25T01:30"), end: second("2026-10-25T01:30") + 7_200),
                colour: blue),
        ]
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin)
        measure(layout)
        XCTAssertEqual(layout.days.map(\.hours), [24, 24, 24, 24, 24, 24, 25])
        // The second 02:00–03:00 gets an hour of its own after the first; other days have none there.
        XCTAssertEqual(layout.hourLines.filter(\.isRepeat).map(\.minute), [180])
        XCTAssertEqual(layout.days[0].unavailable, [180..<240])
        XCTAssertEqual(layout.days[6].unavailable, [])
        XCTAssertEqual(layout.days[0].boxes.map(\.top), [660])
        // 01:30 CEST to 02:30 CET: two hours, from the first 01:30 into the repeated hour.
        XCTAssertEqual(layout.days[6].boxes.map { [$0.top, $0.height] }, [[90, 120]])
    }

    func testAllDayAndDayLongOccurrencesLieInTheBandInTheFewestRows() {
        let day = { (text: String) in CalendarDate(dayNumber: DateValue(icalendar: text)!.local.date.dayNumber) }
        let events = [
            ViewEvent(uid: "week", title: "on call", timing: .allDay(first: day("20261010"), end: day("20261015")), colour: blue),
            ViewEvent(uid: "one", title: "holiday", timing: .allDay(first: day("20261014"), end: day("20261015")), colour: blue),
            ViewEvent(uid: "after", title: "after", timing: .allDay(first: day("20261015"), end: day("20261017")), colour: blue),
            event("trip", "2026-10-16T18:00", "2026-10-18T09:00"),
        ]
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W42")!, zone: berlin)
        XCTAssertEqual(layout.band.map { [$0.firstColumn, $0.columnCount, $0.lane] }, [[0, 3, 0], [2, 1, 1], [3, 2, 0], [4, 3, 1]])
        XCTAssertEqual(layout.band.map(\.continuesBefore), [true, false, false, false])
        XCTAssertEqual(layout.bandLanes, 2)
        XCTAssertTrue(layout.days.allSatisfy(\.boxes.isEmpty))
    }

    func testWeeksAndMonthsAreTheDaysTheirNamesSay() {
        XCTAssertEqual(ViewSpan(week: "2026-W43")!.first, CalendarDate(year: 2026, month: 10, day: 19))
        XCTAssertEqual(ViewSpan(week: "2026-W53")!.first, CalendarDate(year: 2026, month: 12, day: 28))
        XCTAssertNil(ViewSpan(week: "2025-W53"))
        XCTAssertEqual(ViewSpan(week: "2026-W43", weekStart: .sunday)!.first, CalendarDate(year: 2026, month: 10, day: 18))
        let october = ViewSpan(month: "2026-10")!
        XCTAssertEqual(
            [october.first, october.end], [CalendarDate(year: 2026, month: 9, day: 28), CalendarDate(year: 2026, month: 11, day: 2)])
        XCTAssertEqual(ViewSpan(month: "2026-02", weekStart: .sunday)!.first, CalendarDate(year: 2026, month: 2, day: 1))
        XCTAssertNil(ViewSpan(month: "2026-13"))
    }

    func testColoursAreReadAsCalendarsWriteThemAndNothingElse() {
        XCTAssertEqual(ViewColour(text: "#1E90FF")?.hex, "#1e90ff")
        XCTAssertEqual(ViewColour(text: "#E9322DFF")?.hex, "#e9322d")
        XCTAssertEqual(ViewColour(text: "#abc")?.hex, "#aabbcc")
        XCTAssertEqual(ViewColour(text: "Tomato")?.hex, "#ff6347")
        XCTAssertNil(ViewColour(text: "red\"/><script>"))
        XCTAssertNil(ViewColour(text: "#12345"))
        XCTAssertEqual(ViewColour(text: "yellow")?.textColour.hex, "#1a1a1a")
        XCTAssertEqual(ViewColour(text: "navy")?.textColour.hex, "#ffffff")
    }

    func testLongTextIsCutWithAnEllipsisBetweenCharacters() {
        XCTAssertEqual(MarkupText.fitted("Datenbanken", width: 200, fontSize: 11), "Datenbanken")
        let cut = MarkupText.fitted(String(repeating: "e\u{301}", count: 10_000), width: 100, fontSize: 11)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertLessThan(cut.count, 30)
        XCTAssertTrue(cut.dropLast().allSatisfy { $0 == "e\u{301}" })
        XCTAssertEqual(MarkupText.escaped("</svg><script>&\"'\u{1}\n"), "&lt;/svg&gt;&lt;script&gt;&amp;&quot;&#39; ")
    }
}
