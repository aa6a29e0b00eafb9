import ArgumentParser
import Birthdays
import CalendarDocuments
import CalendarModel
import ICalendar
import Platform

/// `calbridge birthdays`: a birthday and anniversary calendar from contact cards.
struct Birthdays: ParsableCommand, ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "birthdays",
        abstract: "Make a birthday (and anniversary) calendar from contact cards.",
        discussion: """
            Every contact with a birthday, anniversary or labelled date (Apple's X-ABDATE) becomes one all-day \
            yearly event with a stable UID, so running it again replaces rather than duplicates. The birth \
            year, where the card has it, is the event's first year and is in its description. Cards without \
            a date are counted; impossible dates are listed with file and line and skipped (exit 1).

            Examples:
              calbridge birthdays contacts.vcf -o birthdays.ics
              calbridge birthdays google.vcf apple.vcf --lang de --feb29 mar1 \\
                  --alarm -PT15H
              calbridge birthdays family.vcf --ages 0-100 -o ages.ics
            """)

    @Argument(help: "vCard files (2.1, 3.0 or 4.0), or - for standard input.")
    var contacts: [String]
    @Option(name: .shortAndLong, help: "The output file; standard output when absent.")
    var output: String?
    @Option(help: "Language of the titles: en, nl or de.")
    var lang: BirthdayLanguage = .en
    @Option(help: "29 February in common years: leap-only, feb28 or mar1.")
    var feb29: February29Rule = .leapOnly
    @Option(
        parsing: .unconditional, help: "An alarm relative to the start of the day, as a duration: -PT15H is 9:00 the day before.",
        transform: reading("a duration such as -PT15H or PT9H") { CalendarDuration(icalendar: $0) == nil ? nil : $0 })
    var alarm: String?
    @Option(
        help: "One event a year for these ages (such as 0-100), titled with the age, instead of one yearly event.",
        transform: reading("a range such as 0-100", BirthdayOptions.ages))
    var ages: ClosedRange<Int>?
    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        let read = try ContactCardInput.read(contacts)
        let options = BirthdayOptions(language: lang, february29: feb29, alarm: alarm, ages: ages)
        let calendar = BirthdayCalendar(options: options, timestamp: .nowUTC).calendar(for: read.cards)
        try AtomicFile.write(ComponentReader.iCalendarText(calendar), to: output)
        Terminal.inform(
            "\(calendar.components.count) events from \(read.cards.count) cards; \(read.cardsWithoutDates) cards without a date were skipped\n"
        )
        if !read.problems.isEmpty {
            Terminal.printDiagnostics(read.problems, to: .standardError)
            throw ExitCode(1)
        }
    }
}

extension BirthdayLanguage: ExpressibleByArgument {}
extension February29Rule: ExpressibleByArgument {}
