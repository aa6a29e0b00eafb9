import CalendarModel
import ContactCards
import XCTest

/// `Cards/outlook.vcf`, an Outlook vCard 2.1 export: Windows-1252 bytes, quoted-printable values
/// with soft line breaks, bare type parameters, `BDAY:19850412` and X-MS-ANNIVERSARY.
final class OutlookExportTests: XCTestCase {
    func testWindows1252AndUTF8AndLatin1NamesAreDecoded() throws {
        let result = try CardFiles.read("outlook.vcf")
        XCTAssertEqual(
            result.cards.map(\.displayName),
            ["Jürgen Müller", "Françoise Dubois-Lefèvre", "Björn Sigurðsson", "Åsa Ståhl"])
        XCTAssertEqual(result.problems, [])
    }

    func testBasicFormatBirthdayAndMicrosoftAnniversary() throws {
        let juergen = try CardFiles.read("outlook.vcf").cards[0]
        XCTAssertEqual(juergen.days, [Day(.birthday, 1985, 4, 12), Day(.anniversary, 2010, 6, 19)])
        XCTAssertEqual(juergen.dates.map { $0.location?.line }, [14, 15])
    }

    func testSoftLineBreaksDoNotShiftTheLinesAfterThem() throws {
        // The LABEL above the birthday spans three lines and the NOTE two; the line numbers after
        // them still count physical lines.
        let francoise = try CardFiles.read("outlook.vcf").cards[1]
        XCTAssertEqual(francoise.location?.line, 21)
        XCTAssertEqual(francoise.days, [Day(.birthday, 1976, 2, 29)])
        XCTAssertEqual(francoise.dates.first?.location, SourceLocation(line: 30, column: 1))
    }

    func testUnixEpochBirthday() throws {
        let bjorn = try CardFiles.read("outlook.vcf").cards[2]
        XCTAssertEqual(bjorn.days, [Day(.birthday, 1970, 1, 1)])
    }
}
