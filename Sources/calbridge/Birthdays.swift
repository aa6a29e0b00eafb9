import ArgumentParser
import AtomicOutput
import Birthdays
import CalendarDocuments
import CalendarModel
import CalendarRouter
import ContactCards
import ICalendar

/// `calbridge birthdays`: a birthday and anniversary calendar from contact cards.
struct Birthdays: ParsableCommand {
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
          calbridge birthdays google.vcf apple.vcf --lang de --feb29 mar1 --alarm -PT15H
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
    @Option(parsing: .unconditional, help: "An alarm relative to the start of the day, as a duration: -PT15H is 9:00 the day before.")
    var alarm: String?
    @Option(help: "One event a year for these ages (such as 0-100), titled with the age, instead of one yearly event.")
    var ages: String?
    @OptionGroup var reporting: ReportingOptions

    func validate() throws {
        if let alarm, CalendarDuration(icalendar: alarm) == nil {
            throw ValidationError("--alarm \(alarm) is not a duration such as -PT15H or PT9H")
        }
        if let ages, BirthdayOptions.ages(ages) == nil {
            throw ValidationError("--ages \(ages) is not a range such as 0-100")
        }
    }

    func run() throws {
        reporting.apply()
        // Every input is read before anything is written: one that holds no card stops the run.
        let results = try contacts.map(ContactCardInput.read)
        let cards = results.flatMap(\.cards)
        let problems = results.flatMap(\.problems)
        let undated = results.map(\.cardsWithoutDates).reduce(0, +)
        let options = BirthdayOptions(language: lang, february29: feb29, alarm: alarm, ages: ages.flatMap(BirthdayOptions.ages))
        let calendar = CalendarRouter.calendar(for: cards, options: options, now: .nowUTC)
        try AtomicFile.write(ComponentReader.iCalendarText(calendar), to: output)
        Terminal.inform("\(calendar.components.count) events from \(cards.count) cards; \(undated) cards without a date were skipped\n")
        if !problems.isEmpty {
            Terminal.printDiagnostics(problems, to: .standardError)
            throw ExitCode(1)
        }
    }

}

extension BirthdayLanguage: ExpressibleByArgument {}
extension February29Rule: ExpressibleByArgument {}
