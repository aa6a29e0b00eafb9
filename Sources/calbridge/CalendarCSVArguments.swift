import ArgumentParser
import CalendarCSV
import CalendarDocuments
import TimeZones

/// `convert`'s options for a calendar CSV: the form `--to csv` writes, how the dates of one read
/// are ordered, and the window a recurring series is written in as its occurrences.
struct CalendarCSVArguments: ParsableArguments {
    @Option(
        name: .customLong("csv-style"),
        help: "The calendar CSV --to csv writes: google (Google Calendar's import form) or outlook (Outlook's export).")
    var style: CalendarCSVStyle = .google
    @Option(name: .customLong("csv-lang"), help: "The language of Outlook's headers, dates and words: en or de (Google's form is English).")
    var language: CalendarCSVLanguage = .english
    @Option(
        name: .customLong("date-order"),
        help: "How a calendar CSV's slashed dates are read when none tells month from day: mdy, dmy or ymd.")
    var dateOrder: DateOrder?
    @Option(
        name: .customLong("window-start"),
        help: ArgumentHelp(
            "With --window-end: the window a recurring series is written in as its occurrences (--to csv), half-open.", valueName: "date"))
    var windowStart: String?
    @Option(name: .customLong("window-end"), help: ArgumentHelp("The end of that window (exclusive).", valueName: "date"))
    var windowEnd: String?
    @Option(
        help: ArgumentHelp(
            "A calendar CSV's zone (IANA or Windows name): its times are read in it, else they stay floating; "
                + "--to csv shows zoned and UTC times, and reads the window, in it.", valueName: "zone"))
    var tz: String?

    /// The format options of the run; `output` is named in the writer's warnings.
    func options(output: String?) throws -> FormatOptions {
        var options = FormatOptions()
        options.calendarCSV = CalendarCSVOptions(
            style: style, language: language, dateOrder: dateOrder,
            window: try CalendarCSVOptions.Window(start: windowStart, end: windowEnd))
        options.calendarCSV.outputName = output.flatMap { $0 == "-" ? nil : $0 } ?? "<stdout>"
        if let tz {
            let resolver = TimeZoneResolver(definitions: [:])
            guard resolver.zone(for: tz) != nil else { throw resolver.unknownDisplayZone(tz) }
            options.calendarCSV.zone = tz
        }
        return options
    }
}

extension CalendarCSVStyle: ExpressibleByArgument {}
extension CalendarCSVLanguage: ExpressibleByArgument {}
extension DateOrder: ExpressibleByArgument {}
