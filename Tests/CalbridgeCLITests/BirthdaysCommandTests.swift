import Foundation
import XCTest

final class BirthdaysCommandTests: XCTestCase {
    private let cards = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:c1\r
        FN:Jan de Vries\r
        BDAY:1990-03-15\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:c2\r
        FN:Kim Bauer\r
        BDAY:--02-29\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        FN:No Birthday\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:c3\r
        FN:Wrong Date\r
        BDAY:1985-02-30\r
        END:VCARD\r

        """

    func testImpossibleDatesAreListedAndTheRestConvertedWithExitOne() throws {
        let result = try Calbridge.run(["birthdays", "-", "--lang", "nl"], input: cards)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("<stdin>:21:"), result.standardError)
        XCTAssertTrue(result.standardError.contains("2 events from 4 cards; 2 cards without a date were skipped"), result.standardError)
        XCTAssertTrue(result.standardOutput.contains("SUMMARY:Verjaardag van Jan de Vries\r\n"))
        XCTAssertTrue(result.standardOutput.contains("UID:birthday-c2@calbridge\r\n"))
        XCTAssertTrue(result.standardOutput.contains("DTSTART;VALUE=DATE:16040229\r\n"))
        XCTAssertTrue(result.standardOutput.contains("DESCRIPTION:Geboren in 1990\r\n"))
    }

    func testCleanCardsExitZeroAndOptionsAreChecked() throws {
        let clean = cards.components(separatedBy: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c3").first!
        let result = try Calbridge.run(["birthdays", "-", "--feb29", "mar1", "--alarm", "-PT15H"], input: clean)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("RRULE:FREQ=YEARLY;BYYEARDAY=60\r\n"))
        XCTAssertTrue(result.standardOutput.contains("TRIGGER:-PT15H\r\n"))
        XCTAssertEqual(try Calbridge.run(["birthdays", "-", "--alarm", "soon"], input: clean).status, 64)
        XCTAssertEqual(try Calbridge.run(["birthdays", "-", "--ages", "90-10"], input: clean).status, 64)
        XCTAssertEqual(try Calbridge.run(["birthdays", "/nonexistent.vcf"]).status, 66)
    }
}
