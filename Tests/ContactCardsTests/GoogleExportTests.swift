import CalendarModel
import ContactCards
import XCTest

/// `Cards/google.vcf`, a Google Contacts 3.0 export: `BDAY:--04-12` without a year,
/// `BDAY:1985-04-12` with one, events as X-ABDATE groups, contacts without a name.
final class GoogleExportTests: XCTestCase {
    func testNamesFallBackToTheEmailWhenFNAndNAreEmpty() throws {
        let result = try CardFiles.read("google.vcf")
        XCTAssertEqual(
            result.cards.map(\.displayName),
            ["Tomás Ferreira", "Priya Raman", "newsletter@example.org", "Oskar Nowak"])
        XCTAssertEqual(result.problems, [])
    }

    func testYearlessBirthdayWithDashes() throws {
        let tomas = try CardFiles.read("google.vcf").cards[0]
        XCTAssertEqual(tomas.days, [Day(.birthday, nil, 4, 12), Day(.anniversary, 2011, 10, 8)])
        XCTAssertNil(tomas.uid)
    }

    func testBirthdayWithYearAndCustomEventLabel() throws {
        let priya = try CardFiles.read("google.vcf").cards[1]
        XCTAssertEqual(priya.days, [Day(.birthday, 1985, 4, 12), Day(.labelled("Work anniversary"), 2016, 1, 23)])
    }

    func testCardsWithoutDatesAreKeptAndCounted() throws {
        let result = try CardFiles.read("google.vcf")
        XCTAssertEqual(result.cardsWithoutDates, 2)
        XCTAssertEqual(result.cards.filter { $0.dates.isEmpty }.map(\.displayName), ["newsletter@example.org", "Oskar Nowak"])
    }
}
