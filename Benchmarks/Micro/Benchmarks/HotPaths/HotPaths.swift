// The hot paths of calbridge measured in isolation: content-line splitting, date-time parsing, rule
// iteration and zone offset lookup. Scripts/bench-micro runs them and checks them against the baseline
// in Benchmarks/Micro/.benchmarkBaselines; a metric more than 10% worse at the median is a regression.
import Benchmark
import CalendarModel
import ICalendar
import Platform
import Recurrence
import TimeZones

let benchmarks: @Sendable () -> Void = {
    // Every metric a benchmark records, each with the same tolerance: 10% at the median, either way
    // (beyond it, better is reported as an improvement, worse as a regression).
    let tolerance = BenchmarkThresholds(relative: [.p50: 10.0])
    let measured: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    Benchmark.defaultConfiguration = .init(
        metrics: measured,
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000,
        thresholds: Dictionary(uniqueKeysWithValues: measured.map { ($0, tolerance) }))

    contentLineBenchmarks()
    dateTimeBenchmarks()
    ruleBenchmarks()
    zoneBenchmarks()
}

// MARK: - Content lines

/// One event as real exports have them: folded lines (some inside a UTF-8 sequence), escapes, quoted
/// parameter values, attendees, an EXDATE list and an alarm.
func sampleEvent(number: Int) -> String {
    """
    BEGIN:VEVENT\r
    UID:\(number)-micro@calbridge.example\r
    DTSTAMP:20260101T120000Z\r
    CREATED:20250118T193200Z\r
    LAST-MODIFIED:20250213T004100Z\r
    DTSTART;TZID=Europe/Berlin:20261014T081500\r
    DTEND;TZID=Europe/Berlin:20261014T094500\r
    RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20270205T225959Z\r
    EXDATE;TZID=Europe/Berlin:20261223T081500,20261230T081500,20270106T08\r
     1500\r
    SUMMARY:Datenbanken (Vorlesung) – Raumänderung möglich 📚\r
    LOCATION:Hörsaal H1.12\\, Gebäude Süd\r
    DESCRIPTION:Größere Änderungen am Skript werden in der Vorlesung bespro\r
     chen\\; bitte Übungsblatt 3 mitbringen ☕.\\nFragen vorab per E-Mail an d\r
     ie Übungsleitung. 資料は事前に共有フォルダにアップロード\r
     してください。\r
    STATUS:CONFIRMED\r
    TRANSP:OPAQUE\r
    SEQUENCE:2\r
    CATEGORIES:Vorlesung,Pflichtmodul\r
    ORGANIZER;CN="Müller, Anja":mailto:anja.mueller@example.org\r
    ATTENDEE;CUTYPE=INDIVIDUAL;CN="Öztürk, Björn";ROLE=REQ-PARTICIPANT;PARTSTA\r
     T=ACCEPTED;RSVP=TRUE:mailto:bjoern.oeztuerk@example.org\r
    ATTENDEE;CUTYPE=INDIVIDUAL;CN=Lena Hartmann;ROLE=OPT-PARTICIPANT;PARTSTAT=\r
     TENTATIVE:mailto:lena.hartmann@example.org\r
    ATTENDEE;CUTYPE=ROOM;CN=H1.12;ROLE=NON-PARTICIPANT:mailto:h1.12@example.org\r
    X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT15M\r
    DESCRIPTION:Erinnerung: Datenbanken\r
    END:VALARM\r
    END:VEVENT\r

    """
}

func contentLineBenchmarks() {
    let event = Array(sampleEvent(number: 1).utf8)
    // Without libical's check: that is libical's time, not calbridge's lexer's.
    let reader = ComponentReader(file: "micro.ics", checksWithLibical: false)
    Benchmark("Lexer: one VEVENT to a Component (unfold, content lines, checks)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(reader.read(RawComponent(bytes: event, firstLine: 1)))
        }
    }

    var calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge//micro//EN\r\n"
    for number in 0..<1_000 { calendar += sampleEvent(number: number) }
    calendar += "END:VCALENDAR\r\n"
    let calendarBytes = Array(calendar.utf8)
    Benchmark("Scanner: a 1,000-event calendar cut into raw components") { benchmark in
        for _ in benchmark.scaledIterations {
            var scanner = CalendarScanner(input: InputFile(name: "micro.ics", contents: calendarBytes))
            var components = 0
            while let item = try? scanner.next() {
                if case .component = item { components += 1 }
            }
            precondition(components == 1_000, "the scanner found \(components) components, not 1000")
            blackHole(components)
        }
    }
}

// MARK: - Date-time values

func dateTimeBenchmarks() {
    // One of each kind per iteration: UTC, zoned, floating, all-day.
    let values: [(text: String, tzid: String?)] = [
        ("20261014T081500Z", nil), ("20261014T081500", "Europe/Berlin"), ("20261014T081500", nil), ("20261014", nil),
    ]
    Benchmark("DateValue: parse a UTC, a zoned, a floating and a DATE value",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            for value in values {
                blackHole(DateValue(icalendar: value.text, tzid: value.tzid))
            }
        }
    }

    let properties = [
        Property(name: "DTSTART", parameters: [Parameter("TZID", "America/New_York")], value: "20260308T023000"),
        Property(name: "DTEND", parameters: [Parameter("VALUE", "DATE")], value: "20260229"),
    ]
    Benchmark("DateValue: from DTSTART properties (TZID parameter, an invalid day)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            for property in properties {
                blackHole(DateValue(property: property))
            }
        }
    }
}

// MARK: - Recurrence rules

/// A rule to iterate: its text, DTSTART, how many instances to take, and where to start reading.
struct RuleCase {
    var name: String
    var rule: String
    var start: LocalDateTime
    var take: Int
    var startingAt: LocalDateTime?
}

func ruleBenchmarks() {
    func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 9) -> LocalDateTime {
        LocalDateTime(date: CalendarDate(year: year, month: month, day: day), hour: hour)
    }
    let cases = [
        RuleCase(name: "WEEKLY;BYDAY=MO,WE,FR, 500 instances", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
                 start: at(2026, 1, 5), take: 500),
        RuleCase(name: "MONTHLY;BYDAY=-1FR (last Friday), 120 instances", rule: "FREQ=MONTHLY;BYDAY=-1FR",
                 start: at(2026, 1, 30), take: 120),
        RuleCase(name: "YEARLY;BYWEEKNO=odd weeks;BYDAY=TU (a timetable's), whole term",
                 rule: "FREQ=YEARLY;BYWEEKNO=1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47,49,51,53;"
                     + "BYDAY=TU;UNTIL=20270205T225959Z",
                 start: at(2026, 10, 13, 8), take: 1_000),
        RuleCase(name: "DAILY;INTERVAL=2 from 2000, 365 instances read from 2026", rule: "FREQ=DAILY;INTERVAL=2",
                 start: at(2000, 1, 1), take: 365, startingAt: at(2026, 1, 1)),
        RuleCase(name: "YEARLY;BYMONTH=2;BYMONTHDAY=29 (leap days), 25 instances", rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
                 start: at(2028, 2, 29), take: 25),
    ]
    for ruleCase in cases {
        guard let rule = try? RecurrenceRule(parsing: ruleCase.rule) else {
            fatalError("the benchmark rule \(ruleCase.rule) does not parse")
        }
        // A UTC UNTIL read on Berlin's wall clock, as the expansion does.
        let until = rule.until.map { LocalDateTime(secondsSinceEpoch: $0.local.secondsSinceEpoch + 3_600) }
        Benchmark("Rule: \(ruleCase.name)") { benchmark in
            for _ in benchmark.scaledIterations {
                var iterator = RecurrenceIterator(rule: rule, start: ruleCase.start, isDateOnly: false, until: until,
                                                  startingAt: ruleCase.startingAt)
                var count = 0
                while count < ruleCase.take, let instance = iterator.next() {
                    blackHole(instance)
                    count += 1
                }
                blackHole(count)
            }
        }
    }
}

// MARK: - Zone offsets

func zoneBenchmarks() {
    guard let berlin = SystemTimeZone(identifier: "Europe/Berlin"),
          let newYork = SystemTimeZone(identifier: "America/New_York") else {
        fatalError("the tz database (tzdata) is missing Europe/Berlin or America/New_York")
    }
    // 1,000 instants spread over 1970-2100: the TZif transitions and, past them, the POSIX rule.
    let instants = (0..<1_000).map { $0 * 4_102_444 }
    Benchmark("Zone: SystemTimeZone offset at 1,000 instants (Europe/Berlin, 1970-2100)") { benchmark in
        for _ in benchmark.scaledIterations {
            for instant in instants { blackHole(berlin.offset(atUTC: instant)) }
        }
    }

    // 1,000 wall-clock times around 2026's transitions, gap and overlap included, and across the year.
    var locals: [LocalDateTime] = []
    for step in 0..<250 {
        locals.append(LocalDateTime(secondsSinceEpoch: 1_774_749_600 - 125 * 60 + step * 60))  // 2026-03-29 around the 02:00 gap
        locals.append(LocalDateTime(secondsSinceEpoch: 1_792_893_600 - 125 * 60 + step * 60))  // 2026-10-25 around the 02:00 overlap
    }
    for step in 0..<500 {
        locals.append(LocalDateTime(secondsSinceEpoch: 1_767_225_600 + step * 63_072))  // through 2026
    }
    Benchmark("Zone: SystemTimeZone local time to instant, 1,000 times (gaps, overlaps)") { benchmark in
        for _ in benchmark.scaledIterations {
            for local in locals { blackHole(berlin.utcSecond(forLocal: local)) }
        }
    }

    let definition = VTimezoneBuilder().vtimezone(tzid: "America/New_York", zone: newYork, years: 2020...2030)
    guard let defined = try? DefinedTimeZone(definition) else { fatalError("the built VTIMEZONE does not read back") }
    let recent = (0..<1_000).map { 1_577_836_800 + $0 * 315_619 }  // 2020-2030
    Benchmark("Zone: DefinedTimeZone (VTIMEZONE) offset at 1,000 instants (America/New_York, 2020-2030)") { benchmark in
        for _ in benchmark.scaledIterations {
            for instant in recent { blackHole(defined.offset(atUTC: instant)) }
        }
    }

    // As the expansion asks: a TZID per event (IANA, vendor-prefixed, Windows, UTC), then an offset.
    let resolver = TimeZoneResolver(definitions: [:])
    let tzids = ["Europe/Berlin", "/freeassociation.sourceforge.net/Europe/Paris", "W. Europe Standard Time",
                 "Pacific Standard Time", "UTC", "Asia/Tokyo", "Australia/Lord_Howe", "America/Sao_Paulo"]
    for tzid in tzids where resolver.zone(for: tzid) == nil { fatalError("the resolver does not know \(tzid)") }
    Benchmark("Zone: TimeZoneResolver zone for a TZID and its offset, 1,000 lookups over 8 TZIDs") { benchmark in
        for _ in benchmark.scaledIterations {
            for (index, instant) in recent.enumerated() {
                blackHole(resolver.zone(for: tzids[index % tzids.count])?.offset(atUTC: instant))
            }
        }
    }
}
