import CalendarModel
import ContactCards
import XCTest

/// `Cards/nextcloud.vcf`, a Nextcloud (Sabre VObject) export mixing vCard 3.0 and 4.0:
/// `BDAY;VALUE=DATE:19920714`, X-ANNIVERSARY, ANNIVERSARY, DEATHDATE, `urn:uuid:` UIDs.
final class NextcloudExportTests: XCTestCase {
    func testReadsEveryCardWithoutProblems() throws {
        let result = try CardFiles.read("nextcloud.vcf")
        XCTAssertEqual(
            result.cards.map(\.displayName),
            ["Lena Hoffmann", "Noah Wiśniewski", "Margarethe Vogel", "Stadtbibliothek Mitte"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.cardsWithoutDates, 1)
    }

    func testValueDateBirthdayAndEvolutionStyleAnniversary() throws {
        let lena = try CardFiles.read("nextcloud.vcf").cards[0]
        XCTAssertEqual(lena.uid, "4f1b2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d")
        XCTAssertEqual(lena.days, [Day(.birthday, 1992, 7, 14), Day(.anniversary, 2018, 8, 25)])
    }

    func testYearless29FebruaryAndVCard4Anniversary() throws {
        let noah = try CardFiles.read("nextcloud.vcf").cards[1]
        XCTAssertEqual(noah.uid, "urn:uuid:a3c2e1f0-9b8a-4c7d-8e6f-5a4b3c2d1e0f")
        XCTAssertEqual(noah.days, [Day(.birthday, nil, 2, 29), Day(.anniversary, 2012, 5, 5)])
        XCTAssertEqual(noah.location, SourceLocation(line: 14, column: 1))
    }

    func testDeathDateIsKeptApartFromTheDates() throws {
        let margarethe = try CardFiles.read("nextcloud.vcf").cards[2]
        XCTAssertEqual(margarethe.days, [Day(.birthday, 1940, 3, 2)])
        let death = try XCTUnwrap(margarethe.deathDate)
        XCTAssertEqual([death.year, death.month, death.day], [2023, 1, 17])
        XCTAssertEqual(death.location, SourceLocation(line: 32, column: 1))
    }
}
