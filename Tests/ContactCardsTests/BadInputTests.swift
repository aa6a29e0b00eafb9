import CalendarModel
import ContactCards
import XCTest

/// Input that is wrong or hostile: each problem is reported with its place, only the bad part is
/// skipped, and nothing takes long or crashes.
final class BadInputTests: XCTestCase {
    func testEveryProblemOfTheProblemFileWithItsPlace() throws {
        let result = try CardFiles.read("problems.vcf")
        XCTAssertEqual(
            result.problems.map(\.description),
            [
                #"problems.vcf:4:6: error: BDAY "1985-02-30": February 1985 has 28 days, not 30 (repair: skips the date)"#,
                #"problems.vcf:11:6: error: BDAY "--0230": February has 29 days, not 30 (repair: skips the date)"#,
                #"problems.vcf:17:17: error: BDAY is the text "circa 1800", not a date (repair: skips the date)"#,
                #"problems.vcf:22:5: error: not a vCard line (expected ':' after the name and parameters of THIS, found ' '): "this line lost its colon" (repair: skips it)"#,
                #"problems.vcf:23:6: error: BDAY "1990-13-01": there is no month 13 (repair: skips the date)"#,
                "problems.vcf:27:1: error: 2 lines from here on are outside BEGIN:VCARD … END:VCARD (repair: skips them)",
                "problems.vcf:29:1: error: the card begun here has no END:VCARD before the end of the file (repair: reads it up to there)",
            ])
    }

    func testTheRestOfEachCardIsStillRead() throws {
        let result = try CardFiles.read("problems.vcf")
        XCTAssertEqual(result.cards.map(\.displayName), ["Piet de Vries", "Ada Whitfield", "Ezra Pond", "Ines Duarte", "Karl Brenner"])
        XCTAssertEqual(
            result.cards.map(\.days),
            [
                [Day(.anniversary, 2010, 6, 19)],
                [],
                [],
                [Day(.labelled("Other"), 2020, 2, 29)],
                [Day(.birthday, 2001, 9, 11)],
            ])
        XCTAssertEqual(result.cardsWithoutDates, 2)
        XCTAssertEqual(result.datesSkipped, 4)
    }

    func testCardWithoutEndIsReadToTheEndOfTheFile() throws {
        let karl = try XCTUnwrap(try CardFiles.read("problems.vcf").cards.last)
        XCTAssertEqual(karl.uid, "0b7c1a52-8f3e-4d21-9a6b-2c5e8d9f1a37")
        XCTAssertEqual(karl.location, SourceLocation(line: 29, column: 1))
    }

    func testImpossibleDatesOfEachForm() {
        let cases: [(String, String)] = [
            ("BDAY:2023-02-29", #"BDAY "2023-02-29": February 2023 has 28 days, not 29"#),
            ("BDAY:19850431", #"BDAY "19850431": April 1985 has 30 days, not 31"#),
            ("BDAY:--0000", #"BDAY "--0000": there is no month 0"#),
            ("BDAY:--1232", #"BDAY "--1232": December has 31 days, not 32"#),
            ("BDAY:1985-04", #"BDAY "1985-04" has no day"#),
            ("BDAY:---12", #"BDAY "---12" has no month"#),
            ("BDAY:12.04.1985", #"BDAY "12.04.1985" is not a date such as 1985-04-12 or --04-12"#),
            ("BDAY:1985-04-12 noon", #"BDAY "1985-04-12 noon" is not a date such as 1985-04-12 or --04-12"#),
            ("BDAY:1985-04-12Tnoon", #"BDAY "1985-04-12Tnoon" has something after the date that is not a time"#),
            ("ANNIVERSARY;CALSCALE=chinese:20100619", "ANNIVERSARY is in the chinese calendar, which is not supported"),
        ]
        for (property, message) in cases {
            let result = CardFiles.read(text: "BEGIN:VCARD\nFN:Ada\n\(property)\nEND:VCARD\n")
            XCTAssertEqual(result.problems.map(\.message), [message], property)
            XCTAssertEqual(result.problems.first?.location?.line, 3, property)
            XCTAssertEqual(result.cards.first?.dates, [], property)
            XCTAssertEqual(result.cardsWithoutDates, 1, property)
        }
    }

    func testEmptyBirthdayIsNoDateAndNoProblem() {
        let result = CardFiles.read(text: "BEGIN:VCARD\nFN:Ada\nBDAY:\nEND:VCARD\n")
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.cardsWithoutDates, 1)
    }

    func testBeginInsideACardEndsTheOpenCard() {
        let result = CardFiles.read(text: "BEGIN:VCARD\nFN:Ada\nBEGIN:VCARD\nFN:Ezra\nEND:VCARD\n")
        XCTAssertEqual(result.cards.map(\.displayName), ["Ada", "Ezra"])
        XCTAssertEqual(
            result.problems.map(\.description),
            ["test.vcf:1:1: error: the card begun here has no END:VCARD before the BEGIN:VCARD of line 3 (repair: reads it up to there)"])
    }

    func testEndWithoutBegin() {
        let result = CardFiles.read(text: "END:VCARD\nBEGIN:VCARD\nFN:Ada\nEND:VCARD\n")
        XCTAssertEqual(result.cards.map(\.displayName), ["Ada"])
        XCTAssertEqual(
            result.problems.map(\.description), ["test.vcf:1:1: error: END:VCARD without a BEGIN:VCARD before it (repair: skips it)"])
    }

    func testUnclosedQuoteInAParameter() {
        let result = CardFiles.read(text: "BEGIN:VCARD\nFN;X-NOTE=\"open:Ada\nN:Whitfield;Ada\nEND:VCARD\n")
        XCTAssertEqual(result.cards.map(\.displayName), ["Ada Whitfield"])
        XCTAssertEqual(
            result.problems.map(\.description),
            [
                #"test.vcf:2:11: error: not a vCard line (a quoted parameter value is not closed with '"'): "FN;X-NOTE="open:Ada" (repair: skips it)"#
            ])
    }

    func testEmptyInputHasNothing() {
        XCTAssertEqual(VCardReader().read([], file: "empty.vcf"), VCardReadResult())
    }

    func testTenMegabyteLinesAreReadInOnePass() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000_000)
        let withoutColon = Array("BEGIN:VCARD\r\n".utf8) + long + Array("\r\nBDAY:--0412\r\nEND:VCARD\r\n".utf8)
        let result = VCardReader().read(withoutColon, file: "long.vcf")
        XCTAssertEqual(result.cards.first?.days, [Day(.birthday, nil, 4, 12)])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertLessThan(result.problems[0].message.count, 200, "the message shows the start of the line only")

        let photo = Array("BEGIN:VCARD\r\nFN:Ada\r\nPHOTO;ENCODING=b:".utf8) + long + Array("\r\nEND:VCARD\r\n".utf8)
        XCTAssertEqual(VCardReader().read(photo, file: "photo.vcf").problems, [])
    }

    func testFoldedLineOfEqualsSignsWithoutAColonStaysLinear() {
        // Every `=` line end asks whether the line so far is quoted-printable; the answer must
        // come from where the last look stopped, not from a new scan of the growing line.
        let folded = "NOTE;QUOTED-PRINTABLE" + String(repeating: "=\r\n ", count: 200_000)
        let result = VCardReader().read(Array(("BEGIN:VCARD\r\n" + folded + "\r\nEND:VCARD\r\n").utf8), file: "soft.vcf")
        XCTAssertEqual(result.cards.count, 1)
        XCTAssertEqual(result.problems.map { $0.location?.description }, ["200002:2"])
    }

    func testBinaryInputGivesABoundedProblemList() {
        var generator = SplitMix(seed: 20_240_311)
        let noise = (0..<2_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let result = VCardReader().read(noise, file: "noise.bin")
        XCTAssertEqual(result.cards, [])
        XCTAssertLessThanOrEqual(result.problems.count, 501)

        let inCard = VCardReader().read(Array("BEGIN:VCARD\r\n".utf8) + noise, file: "noise.vcf")
        XCTAssertEqual(inCard.cards.count, 1)
        XCTAssertEqual(inCard.problems.count, 501)
        XCTAssertTrue(inCard.problems.last!.message.hasSuffix("more problems from here on are not listed"))
    }
}

/// A small seeded generator, so the noise is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
