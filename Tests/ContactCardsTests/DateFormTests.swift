import CalendarModel
import ContactCards
import XCTest

/// Each way a vCard writes a date, read to the same day.
final class DateFormTests: XCTestCase {
    private func birthday(_ property: String) throws -> [Day] {
        try CardFiles.card("BEGIN:VCARD\nVERSION:4.0\nFN:Test Person\n\(property)\nEND:VCARD\n").days
    }

    func testExtendedDate() throws {
        XCTAssertEqual(try birthday("BDAY:1985-04-12"), [Day(.birthday, 1985, 4, 12)])
    }

    func testBasicDateAsOutlookWritesIt() throws {
        XCTAssertEqual(try birthday("BDAY:19850412"), [Day(.birthday, 1985, 4, 12)])
    }

    func testValueDateParameter() throws {
        XCTAssertEqual(try birthday("BDAY;VALUE=DATE:1985-04-12"), [Day(.birthday, 1985, 4, 12)])
        XCTAssertEqual(try birthday("BDAY;VALUE=DATE:19850412"), [Day(.birthday, 1985, 4, 12)])
    }

    func testDateTimesKeepTheirDate() throws {
        XCTAssertEqual(try birthday("BDAY:1985-04-12T00:00:00Z"), [Day(.birthday, 1985, 4, 12)])
        XCTAssertEqual(try birthday("BDAY:19850412T000000"), [Day(.birthday, 1985, 4, 12)])
        XCTAssertEqual(try birthday("BDAY;VALUE=date-time:19850412T235959+0200"), [Day(.birthday, 1985, 4, 12)])
    }

    func testYearlessDatesOfVCard4() throws {
        XCTAssertEqual(try birthday("BDAY:--0412"), [Day(.birthday, nil, 4, 12)])
        XCTAssertEqual(try birthday("BDAY:--04-12"), [Day(.birthday, nil, 4, 12)])
    }

    func testYearless29FebruaryExists() throws {
        XCTAssertEqual(try birthday("BDAY:--0229"), [Day(.birthday, nil, 2, 29)])
    }

    func testAppleOmitYearDropsOnlyTheNamedYear() throws {
        XCTAssertEqual(try birthday("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12"), [Day(.birthday, nil, 4, 12)])
        XCTAssertEqual(try birthday("BDAY;X-APPLE-OMIT-YEAR=1604:1985-04-12"), [Day(.birthday, 1985, 4, 12)])
    }

    func testYearZeroMeansNoYear() throws {
        XCTAssertEqual(try birthday("BDAY:0000-04-12"), [Day(.birthday, nil, 4, 12)])
    }

    func testSurroundingSpacesAreIgnored() throws {
        XCTAssertEqual(try birthday("BDAY: 1985-04-12 "), [Day(.birthday, 1985, 4, 12)])
    }

    func testAnniversaryPropertiesOfEachAddressBook() throws {
        for name in ["ANNIVERSARY", "X-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY"] {
            XCTAssertEqual(try birthday("\(name):2010-06-19"), [Day(.anniversary, 2010, 6, 19)], name)
        }
    }

    func testAppleDateLabels() throws {
        let card = try CardFiles.card(
            """
            BEGIN:VCARD
            VERSION:3.0
            FN:Test Person
            item1.X-ABDATE:2010-06-19
            item1.X-ABLabel:_$!<Anniversary>!$_
            item2.X-ABDATE:2001-01-02
            item2.X-ABLabel:_$!<Other>!$_
            item3.X-ABLabel:Name day
            item3.X-ABDATE:--0315
            X-ABDATE:1999-12-31
            END:VCARD

            """)
        XCTAssertEqual(
            card.days,
            [
                Day(.anniversary, 2010, 6, 19),
                Day(.labelled("Other"), 2001, 1, 2),
                Day(.labelled("Name day"), nil, 3, 15),
                Day(.labelled("Other"), 1999, 12, 31),
            ])
    }

    func testGroupNamesMatchWhateverTheirCase() throws {
        let card = try CardFiles.card(
            """
            BEGIN:VCARD
            VERSION:3.0
            FN:Test Person
            ITEM1.X-ABDATE:2010-06-19
            item1.x-ablabel:_$!<Anniversary>!$_
            END:VCARD

            """)
        XCTAssertEqual(card.days, [Day(.anniversary, 2010, 6, 19)])
    }

    func testDeathDateOfVCard4() throws {
        let card = try CardFiles.card("BEGIN:VCARD\nVERSION:4.0\nFN:Test Person\nBDAY:19400302\nDEATHDATE:2023-01-17\nEND:VCARD\n")
        XCTAssertEqual(card.days, [Day(.birthday, 1940, 3, 2)])
        XCTAssertEqual(card.deathDate.map(Day.init), Day(.labelled("Death"), 2023, 1, 17))
        XCTAssertEqual(card.deathDate?.location, SourceLocation(line: 5, column: 1))
    }

    func testDateLocationIsItsPropertyLine() throws {
        let card = try CardFiles.card("BEGIN:VCARD\nVERSION:4.0\nFN:Test Person\nBDAY:--0412\nEND:VCARD\n")
        XCTAssertEqual(card.dates.first?.location, SourceLocation(line: 4, column: 1))
    }
}
