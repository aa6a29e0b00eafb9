import CalendarModel
import TimeZones
@testable import CalendarViews
import XCTest

/// The week grid's second round (issue #34): hours from the events whatever the clock does, clock
/// changes marked in their day, today and now, titles wrapped to their box, at most N boxes side by
/// side with "+N more" chips, and a bounded number of boxes a day.
final class WeekGridTests: XCTestCase {
    let berlin = TimeZoneResolver(definitions: [:]).zone(for: "Europe/Berlin")!
    let blue = ViewColour(red: 0, green: 0, blue: 255)

    /// A timed event from wall-clock times in Berlin (`2026-10-19T08:15`).
    func event(_ uid: String, _ start: String, _ end: String, title: String? = nil) -> ViewEvent {
        ViewEvent(uid: uid, title: title ?? uid, timing: .timed(start: second(start), end: second(end)), colour: blue)
    }

    func second(_ text: String) -> Int {
        berlin.utcSecond(forLocal: DateValue(option: text)!.local)
    }

    /// The lectures of a semester week: Monday to Friday, 08:15 to 17:30, in the week `week` whose
    /// Monday is `monday`.
    func lectures(from monday: CalendarDate) -> [ViewEvent] {
        (0..<5).flatMap { offset in
            let day = monday.adding(days: offset).isoFormat
            return [event("a\(offset)", day + "T08:15", day + "T09:45"), event("b\(offset)", day + "T16:00", day + "T17:30")]
        }
    }

    func testTheHoursComeFromTheEventsSoAClockChangeWeekShowsTheSameHours() {
        let plain = TimeGridLayout(
            events: lectures(from: CalendarDate(year: 2026, month: 10, day: 12)), span: ViewSpan(week: "2026-W42")!, zone: berlin)
        let autumn = TimeGridLayout(
            events: lectures(from: CalendarDate(year: 2026, month: 10, day: 19)), span: ViewSpan(week: "2026-W43")!, zone: berlin)
        let spring = TimeGridLayout(
            events: lectures(from: CalendarDate(year: 2026, month: 3, day: 23)), span: ViewSpan(week: "2026-W13")!, zone: berlin)
        // 08:00 to 18:00 on the clock in all three: the first and last hour lines drawn.
        for layout in [plain, autumn, spring] {
            let drawn = layout.hourLines.filter { layout.shown.contains($0.minute) }
            XCTAssertEqual(drawn.map(\.clockHour), Array(8..<18))
            XCTAssertEqual(drawn.filter(\.isRepeat), [])
            XCTAssertEqual(layout.shown.count, 600)
        }
        XCTAssertEqual(plain.shown, 480..<1_080)
        // The repeated 02:00–03:00 is an hour of the axis before 08:00, so 08:00 stands at 540.
        XCTAssertEqual(autumn.shown, 540..<1_140)
        // Each change is on its own Sunday only, outside the hours shown: a note, not a band.
        XCTAssertEqual(autumn.days.map { $0.repeated }, [nil, nil, nil, nil, nil, nil, 120..<180])
        XCTAssertEqual(autumn.days[6].changeRow, 180..<240)
        XCTAssertFalse(autumn.days[6].changeRow!.overlaps(autumn.shown))
        XCTAssertEqual(spring.days.map { $0.skipped }, [nil, nil, nil, nil, nil, nil, 120..<180])
        XCTAssertEqual(spring.days[6].changeRow, 120..<180)
        XCTAssertEqual(spring.days.compactMap(\.changeRow).count, 1)
    }

    func testAClockChangeInsideTheHoursShownIsMarkedInItsDayOnly() {
        // A night shift on the autumn Sunday widens the hours to 01:00; the repeated hour is then drawn.
        var events = lectures(from: CalendarDate(year: 2026, month: 10, day: 19))
        events.append(
            ViewEvent(
                uid: "night", title: "night", timing: .timed(start: second("2026-10-25T01:30"), end: second("2026-10-25T01:30") + 7_200),
                colour: blue))
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin)
        XCTAssertEqual(layout.shown, 60..<1_140)
        XCTAssertTrue(layout.days[6].changeRow!.overlaps(layout.shown))
        XCTAssertEqual(layout.days.filter { $0.changeRow != nil }.map(\.date), [CalendarDate(year: 2026, month: 10, day: 25)])
        // The picture marks the repeated row on Sunday and hatches nothing on the other days.
        let settings = ViewSettings(span: layout.span, zoneName: "Europe/Berlin", zone: berlin, language: .en)
        let svg = WeekPicture(layout: layout, settings: settings).svg()
        XCTAssertEqual(svg.components(separatedBy: "class=\"repeated-hour\"").count - 1, 1)
        XCTAssertFalse(svg.contains("not-on-clock"))
        XCTAssertTrue(svg.contains("Clocks back 03→02"))
    }

    func testTodayIsMarkedInWeekAndMonthWithTheNowLineAtItsMinute() {
        let events = lectures(from: CalendarDate(year: 2026, month: 10, day: 19))
        let now = GridOptions(now: DateValue(option: "2026-10-21T10:30"))
        let week = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin, options: now)
        XCTAssertEqual(week.todayColumn, 2)
        // 10:30 on Wednesday, an hour below its wall minute (the repeated hour comes before it on the axis).
        XCTAssertEqual(week.nowMinute, 690)
        XCTAssertEqual(week.hourLines.first { $0.clockHour == 10 && !$0.isRepeat }!.minute + 30, 690)
        // UTC: 08:30Z is 10:30 in Berlin.
        let utc = TimeGridLayout(
            events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin,
            options: GridOptions(now: DateValue(option: "2026-10-21T08:30:00Z")))
        XCTAssertEqual(utc.nowMinute, 690)
        // A date marks the day and draws no line; a day outside the week marks nothing.
        let dayOnly = TimeGridLayout(
            events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin, options: GridOptions(now: DateValue(option: "2026-10-23")))
        XCTAssertEqual([dayOnly.todayColumn, dayOnly.nowMinute], [4, nil])
        let elsewhere = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W42")!, zone: berlin, options: now)
        XCTAssertEqual([elsewhere.todayColumn, elsewhere.nowMinute], [nil, nil])
        let month = MonthLayout(events: events, span: ViewSpan(month: "2026-10")!, zone: berlin, options: now)
        XCTAssertEqual(month.weeks.flatMap { $0 }.filter(\.isToday).map(\.date), [CalendarDate(year: 2026, month: 10, day: 21)])
    }

    func testATitleWrapsToTheLinesItsBoxHoldsThenTheTimeAndRoom() {
        let title = "Theoretische Informatik – Vorlesung/Übung/Tutorium"
        // A 90-minute box (72 px) holds five lines; one lane of a week column is 146 px wide.
        XCTAssertEqual(EventMark.lineCount(height: 72), 5)
        let wide = EventMark.fitted(title: title, details: ["10:00–11:30", "H1.12"], lines: 5, width: 139, firstWidth: 139)
        XCTAssertEqual(wide.title, ["Theoretische Informatik", "– Vorlesung/Übung/", "Tutorium"])
        XCTAssertEqual(wide.details, ["10:00–11:30", "H1.12"])
        // Two side by side: 72 px each, titles at 10 px. The title takes all lines but the time's.
        let half = EventMark.fitted(title: title, details: ["10:00–11:30", "H1.12"], lines: 5, width: 65, firstWidth: 65)
        XCTAssertEqual(half.title, ["Theoretische", "Informatik –", "Vorlesung/", "Übung/Tuto…"])
        XCTAssertEqual(half.details, ["10:00–11:30"])
        // A 45-minute box (36 px): two lines, the title keeps both.
        let short = EventMark.fitted(
            title: title, details: ["10:00–10:45"], lines: EventMark.lineCount(height: 36), width: 139, firstWidth: 139)
        XCTAssertEqual(short.title, ["Theoretische Informatik", "– Vorlesung/Übung/Tuto…"])
        XCTAssertEqual(short.details, [])
        // A word wider than its line is cut with a hyphen.
        XCTAssertEqual(MarkupText.wrapped("Rechnernetze", width: 40, firstWidth: 40, fontSize: 10, lines: 3), ["Rechn-", "ernetze"])
        // What fits on one line stays one line, with the details under it.
        let fits = EventMark.fitted(title: "Datenbanken", details: ["08:15–09:45", "H1.12"], lines: 5, width: 139, firstWidth: 139)
        XCTAssertEqual([fits.title, fits.details], [["Datenbanken"], ["08:15–09:45", "H1.12"]])
    }

    func testAFestivalWeekShowsAtMostFourSideBySideAndChipsNamingTheRest() {
        // 129 events: six stages from Thursday to Sunday, an act an hour from 12:00, acts starting
        // on the half hour at two of them, so six overlap at any time.
        var events: [ViewEvent] = []
        for day in 0..<4 {
            let date = CalendarDate(year: 2026, month: 7, day: 16 + day).isoFormat
            for hour in 12..<17 {
                for stage in 0..<6 {
                    let minute = stage < 2 ? ":30" : ":00"
                    events.append(
                        event(
                            "act-\(day)-\(hour)-\(stage)", "\(date)T\(hour)\(minute)", "\(date)T\(hour + 1)\(minute)",
                            title: "Stage \(stage + 1) act"))
                }
            }
        }
        events += (0..<9).map { event("late-\($0)", "2026-07-19T22:00", "2026-07-19T23:00") }
        XCTAssertEqual(events.count, 129)
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W29")!, zone: berlin)
        for day in layout.days {
            XCTAssertTrue(day.boxes.allSatisfy { $0.lanes <= 4 && $0.lane < 4 })
            XCTAssertTrue(day.chips.allSatisfy { $0.lane == 3 && $0.lanes == 4 })
            // Every occurrence is a box or named by a chip, once.
            let named = day.boxes.map(\.event) + day.chips.flatMap(\.events)
            XCTAssertEqual(named.count, Set(named).count)
            // No chip overlaps a box in its lane.
            for chip in day.chips {
                XCTAssertFalse(day.boxes.contains { $0.lane == 3 && $0.top < chip.bottom && chip.top < $0.drawnBottom })
            }
        }
        XCTAssertEqual(layout.days.flatMap { $0.boxes.map(\.event) + $0.chips.flatMap(\.events) }.count, 129)
        XCTAssertGreaterThan(layout.days.flatMap(\.chips).count, 0)
        // Sunday 22:00: nine at once, three boxes and a chip for six.
        XCTAssertEqual(layout.days[6].chips.last?.events.count, 6)
        let wider = TimeGridLayout(
            events: events, span: ViewSpan(week: "2026-W29")!, zone: berlin, options: GridOptions(mostSideBySide: 12))
        XCTAssertTrue(wider.days.allSatisfy(\.chips.isEmpty))
    }

    func testTheBandDrawsSixRowsAndCountsTheBarsBeyondThemPerDay() {
        let monday = CalendarDate(year: 2026, month: 10, day: 19)
        let events = (0..<10).map { index in
            ViewEvent(
                uid: "all-\(index)", title: "all \(index)", timing: .allDay(first: monday, end: monday.adding(days: index < 8 ? 2 : 1)),
                colour: blue)
        }
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin)
        XCTAssertEqual(layout.band.count, 6)
        XCTAssertEqual(layout.bandLanes, 7)
        // Monday had ten bars, Tuesday eight; six of each drawn.
        XCTAssertEqual(layout.bandMore, [4, 2, 0, 0, 0, 0, 0])
    }

    func testADayDrawsAtMostItsShareOfBoxesAndCountsTheRest() {
        let monday = second("2026-10-19T00:00")
        let events = (0..<5_000).map { index in
            ViewEvent(
                uid: "tick-\(index)", title: "tick", timing: .timed(start: monday + index * 15, end: monday + index * 15 + 60), colour: blue
            )
        }
        let layout = TimeGridLayout(events: events, span: ViewSpan(week: "2026-W43")!, zone: berlin)
        let most = TimeGridLayout.mostBoxesPerDay(days: 7)
        XCTAssertEqual(most, 200)
        XCTAssertEqual(layout.days[0].boxes.count + layout.days[0].chips.flatMap(\.events).count, most)
        XCTAssertEqual(layout.days[0].notDrawn.count, 4_800)
        // The earliest are drawn: the counted ones all start after the last drawn one.
        let lastDrawn = (layout.days[0].boxes.map(\.event) + layout.days[0].chips.flatMap(\.events)).max()!
        XCTAssertTrue(layout.days[0].notDrawn.allSatisfy { $0 > lastDrawn })
        XCTAssertEqual(TimeGridLayout.mostBoxesPerDay(days: 31), 45)
    }
}
