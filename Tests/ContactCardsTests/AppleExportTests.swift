import CalendarModel
import ContactCards
import XCTest

/// `Cards/apple.vcf`, a macOS Contacts 3.0 export: X-ABDATE with X-ABLabel in item groups,
/// X-APPLE-OMIT-YEAR for year-less dates, folded base64 photos.
final class AppleExportTests: XCTestCase {
    func testReadsEveryCardWithoutProblems() throws {
        let result = try CardFiles.read("apple.vcf")
        XCTAssertEqual(
            result.cards.map(\.displayName),
            ["Maja Lindqvist", "Dr. Chidi Okafor", "Harbour View Dental", "Giulia Rossi"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.cardsWithoutDates, 1)
    }

    func testLeapDayBirthdayWithYearAndGroupedLabelsPairUp() throws {
        let maja = try CardFiles.read("apple.vcf").cards[0]
        XCTAssertEqual(maja.uid, "7A1E4C2B-93D5-4F0E-A8B1-3C6D2E9F1A40")
        XCTAssertEqual(
            maja.days,
            [
                Day(.birthday, 1988, 2, 29),
                Day(.anniversary, 2014, 6, 21),
                Day(.labelled("Name day"), 2019, 9, 3),
            ])
        XCTAssertEqual(maja.dates.map { $0.location?.line }, [13, 14, 16])
        XCTAssertEqual(maja.location, SourceLocation(line: 1, column: 1))
    }

    func testOmitYear1604MeansTheYearIsUnknown() throws {
        let cards = try CardFiles.read("apple.vcf").cards
        XCTAssertEqual(cards[1].days, [Day(.birthday, nil, 11, 5), Day(.labelled("Other"), nil, 3, 17)])
        XCTAssertEqual(cards[3].days, [Day(.birthday, nil, 2, 29), Day(.anniversary, 2008, 5, 10)])
    }

    func testLabelOfAnEmailGroupDoesNotMakeADate() throws {
        let dental = try CardFiles.read("apple.vcf").cards[2]
        XCTAssertEqual(dental.days, [])
        XCTAssertEqual(dental.uid, "5D0C8B1A-2F3E-4C5D-8E9F-0A1B2C3D4E5F")
    }

    func testFoldedPhotoLinesAreNotReadAsLines() throws {
        // The photo is about 40 folded lines; the card after it must begin where the file says.
        let bytes = try CardFiles.bytes("apple.vcf")
        let text = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let beginLines = text.indices.filter { text[$0] == "BEGIN:VCARD" }.map { $0 + 1 }
        XCTAssertEqual(try CardFiles.read("apple.vcf").cards.map { $0.location?.line }, beginLines)
    }
}
