import ContactCards
import XCTest

/// Which property names a card: FN, else N, else ORG, else the first EMAIL, else "(no name)".
final class NameChoiceTests: XCTestCase {
    private func name(_ properties: String) throws -> String {
        try CardFiles.card("BEGIN:VCARD\nVERSION:3.0\n\(properties)\nEND:VCARD\n").displayName
    }

    func testFormattedNameWins() throws {
        XCTAssertEqual(try name("N:Lindqvist;Maja;;;\nFN:Maja Lindqvist-Berg\nORG:Nordlicht"), "Maja Lindqvist-Berg")
    }

    func testStructuredNameIsGivenThenFamily() throws {
        XCTAssertEqual(try name("N:Lindqvist;Maja;Elin;Dr.;PhD"), "Maja Lindqvist")
    }

    func testStructuredNameWithOnlyOnePart() throws {
        XCTAssertEqual(try name("N:;Madonna;;;"), "Madonna")
        XCTAssertEqual(try name("N:Okafor"), "Okafor")
    }

    func testSeveralGivenNamesAreAllKept() throws {
        XCTAssertEqual(try name("N:Rossi;Giulia,Maria;;;"), "Giulia Maria Rossi")
    }

    func testOrganisationIsItsFirstComponent() throws {
        XCTAssertEqual(try name("FN:\nN:;;;;\nORG:Harbour View Dental;Reception"), "Harbour View Dental")
    }

    func testFirstEmailWhenThereIsNoName() throws {
        XCTAssertEqual(try name("EMAIL:first@example.org\nEMAIL:second@example.org"), "first@example.org")
    }

    func testNoNameAtAll() throws {
        XCTAssertEqual(try name("TEL:+1 415 555 0134"), "(no name)")
    }

    func testEscapedCharactersInNames() throws {
        XCTAssertEqual(try name("FN:Smith\\, Jones \\; Partners \\\\ Co"), "Smith, Jones ; Partners \\ Co")
        XCTAssertEqual(try name("N:O\\;Brien;Sean;;;"), "Sean O;Brien")
    }
}
