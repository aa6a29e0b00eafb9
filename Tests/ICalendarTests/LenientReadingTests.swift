import CalendarModel
import ICalendar
import XCTest

/// What the reader makes of the forms real producers write that RFC 5545 does not allow: each is read
/// as meant (or kept as written) and reported as an error whose repair says what was done, at its line.
final class LenientReadingTests: XCTestCase {
    private func read(_ lines: [String]) throws -> (calendar: Component, problems: [Diagnostic]) {
        try readCalendar(path: try temporaryFile(crlf(lines)))
    }

    private func event(_ lines: [String]) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VEVENT", "UID:1", "DTSTAMP:20260101T000000Z"]
            + lines + ["END:VEVENT", "END:VCALENDAR"]
    }

    private func assertRecovered(
        _ problems: [Diagnostic], at line: Int, _ message: String, repair: String,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        let found = problems.first { $0.location?.line == line && $0.message.contains(message) }
        XCTAssertNotNil(found, "no '\(message)' at line \(line) in \(problems)", file: file, line: lineNumber)
        XCTAssertEqual(found?.severity, .error, file: file, line: lineNumber)
        XCTAssertEqual(found?.repair, repair, file: file, line: lineNumber)
        XCTAssertFalse(ReadingPolicy.lenient.refuses(problems), file: file, line: lineNumber)
        XCTAssertTrue(ReadingPolicy.strict.refuses(problems), file: file, line: lineNumber)
    }

    func testALineOfTextThatLostItsFoldSpaceContinuesTheLineAbove() throws {
        // Google Calendar's and calendarlabs' exports: a long DESCRIPTION wrapped without the space.
        let (calendar, problems) = try read(event(["DESCRIPTION:Visit the page. ", "Like us on Facebook: http://fb.com/x"]))
        XCTAssertEqual(calendar.components[0]["DESCRIPTION"]?.value, "Visit the page. Like us on Facebook: http://fb.com/x")
        assertRecovered(problems, at: 8, "without the leading space a fold needs", repair: "joins it to the line above")
    }

    func testAFoldThatLostItsSpaceInsideAParameterIsJoinedBeforeTheLineIsRead() throws {
        // Confluence: `CN=Danie` / `l Latham;CUTYPE=…` — the line is read only once whole.
        let (calendar, problems) = try read(event(["ORGANIZER;CN=Danie", "l Latham;CUTYPE=INDIVIDUAL:mailto:d@example.com"]))
        let organizer = calendar.components[0]["ORGANIZER"]
        XCTAssertEqual(organizer?[parameter: "CN"], "Daniel Latham")
        XCTAssertEqual(organizer?[parameter: "CUTYPE"], "INDIVIDUAL")
        XCTAssertEqual(organizer?.value, "mailto:d@example.com")
        assertRecovered(problems, at: 8, "fold", repair: "joins it to the line above")
    }

    /// RFC 5545 §3.1 lets a fold come right after the name (`METHOD` / ` :REQUEST`, as libical's own
    /// test data writes): such a line is no lost fold, nor is a lone word its folds make a property.
    func testAFoldRightAfterTheNameIsAValidFoldNotALostOne() throws {
        let (calendar, problems) = try read([
            "BEGIN:VCALENDAR", "METHOD", " :REQUEST", "VERSION", " :2.0", "BEGIN:VEVENT", "UID",
            " :a@b", "DTSTAMP:20260101T000000Z", "DTSTART", " :20240101T100000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(calendar.properties.map(\.value), ["REQUEST", "2.0"])
        XCTAssertEqual(calendar.components[0]["UID"]?.value, "a@b")
        XCTAssertEqual(calendar.components[0]["DTSTART"]?.value, "20240101T100000Z")
        XCTAssertEqual(problems.filter { $0.severity == .error }, [])
    }

    func testContactCardsAreNoCalendarAndAreRefusedWithAPointerToBirthdays() throws {
        let (calendar, problems) = try read(["BEGIN:VCARD", "VERSION:2.1", "N:Doe;Jane", "BDAY:19800101", "END:VCARD"])
        XCTAssertEqual(calendar.components.count, 0)
        XCTAssertTrue(ReadingPolicy.lenient.refuses(problems))
        XCTAssertTrue(
            problems.contains { $0.message.contains("contact cards, which `calbridge birthdays` makes a calendar of") }, "\(problems)")
    }

    func testNameEqualsValueIsNoContinuationAndIsKeptVerbatim() throws {
        let (calendar, problems) = try read(event(["SUMMARY:x", "X-APPLE-RADIUS=49.91307046514149"]))
        let event = calendar.components[0]
        XCTAssertEqual(event["SUMMARY"]?.value, "x")
        let kept = event.properties.first { $0.isUnreadableLine }
        XCTAssertEqual(kept?.value, "X-APPLE-RADIUS=49.91307046514149")
        assertRecovered(problems, at: 8, "expected ':'", repair: "keeps the line as written")
        XCTAssertTrue(String(decoding: written(calendar), as: UTF8.self).contains("\r\nX-APPLE-RADIUS=49.91307046514149\r\n"))
    }

    func testSpacesAroundTheNameAndParametersAreReadWithoutThem() throws {
        let (calendar, problems) = try read(event(["REFRESH - INTERVAL; VALUE = DURATION:PT48H"]))
        let property = calendar.components[0]["REFRESH-INTERVAL"]
        XCTAssertEqual(property?[parameter: "VALUE"], "DURATION")
        XCTAssertEqual(property?.value, "PT48H")
        assertRecovered(problems, at: 7, "spaces inside the name or parameters of REFRESH-INTERVAL", repair: "reads the line without them")
    }

    func testAnEmptyParameterIsLeftOut() throws {
        let (calendar, problems) = try read(event(["DTSTART;;VALUE=DATE-TIME:20140409T093000"]))
        XCTAssertEqual(calendar.components[0]["DTSTART"]?.parameters, [Parameter("VALUE", "DATE-TIME")])
        assertRecovered(problems, at: 7, "an empty parameter (';;') in DTSTART", repair: "leaves it out")
    }

    func testAVCardStyleGroupPrefixIsKeptAsWritten() throws {
        let (calendar, problems) = try read(event(["item1.X-ABLabel:Work"]))
        XCTAssertEqual(calendar.components[0]["ITEM1.X-ABLABEL"]?.value, "Work")
        assertRecovered(problems, at: 7, "vCard-style group prefix 'item1.'", repair: "keeps the name as written")
    }

    func testWindows1252BytesAreReadAsThatEncodingAndControlCharactersLeftOut() throws {
        var bytes = Array(crlf(event(["SUMMARY:Caf\u{1}", "LOCATION:Mensa"])).utf8)
        // "Café" as Outlook's Windows-1252 writes it, then a bell.
        let cafe = bytes.firstRange(of: Array("Caf".utf8))!.upperBound
        bytes[cafe] = 0xE9
        bytes.insert(0x07, at: bytes.firstRange(of: Array("Mensa".utf8))!.lowerBound)
        let (calendar, problems) = try readCalendar(path: try temporaryFile(bytes: bytes))
        XCTAssertEqual(calendar.components[0]["SUMMARY"]?.value, "Café")
        XCTAssertEqual(calendar.components[0]["LOCATION"]?.value, "Mensa")
        assertRecovered(problems, at: 7, "byte 0xE9 is not UTF-8", repair: "reads such bytes as Windows-1252 and writes UTF-8")
        assertRecovered(problems, at: 8, "control character 0x7", repair: "leaves it out")
    }

    func testBrokenQuotingKeepsTheWholeLineAsWritten() throws {
        let (calendar, problems) = try read(event(["ATTENDEE;CN=\"Doe, J:mailto:j@example.com"]))
        XCTAssertEqual(calendar.components[0].properties.last?.value, "ATTENDEE;CN=\"Doe, J:mailto:j@example.com")
        XCTAssertTrue(calendar.components[0].properties.last?.isUnreadableLine ?? false)
        assertRecovered(problems, at: 7, "quoted parameter value is not closed", repair: "keeps the line as written")
    }

    func testAnImpossibleValueIsKeptAsWritten() throws {
        let (calendar, problems) = try read(event(["DTSTART:INVALID-DATE"]))
        XCTAssertEqual(calendar.components[0]["DTSTART"]?.value, "INVALID-DATE")
        assertRecovered(problems, at: 7, "DTSTART:INVALID-DATE is not a date that exists", repair: "keeps the value as written")
    }

    func testAParameterValueOutsideItsClosedSetIsKeptAndReportedWhereItStands() throws {
        // RFC 2445's RANGE=THISANDPRIOR, vCalendar 1.0's ENCODING=QUOTED-PRINTABLE, an RSVP folded onto
        // its own line in lower case, and a RELATED no RFC has.
        let (calendar, problems) = try read(
            event([
                "ATTENDEE;CN=A;", " rsvp=maybe:mailto:a@example.com", "RECURRENCE-ID;RANGE=THISANDPRIOR:20260102T100000Z",
                "ATTACH;ENCODING=QUOTED-PRINTABLE:x", "ATTENDEE;RSVP=true;ROLE=X-BOSS;PARTSTAT=X-MAYBE:mailto:b@example.com",
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=BEGIN:-PT5M", "END:VALARM",
            ]))
        XCTAssertEqual(
            problems.filter { $0.message.contains("allows only") }.map(\.description),
            [
                "\(problems[0].file):8:2: warning: ATTENDEE;RSVP=maybe: RFC 5545 allows only TRUE or FALSE (repair: keeps it as written; nothing in calbridge reads it)",
                "\(problems[0].file):9:15: warning: RECURRENCE-ID;RANGE=THISANDPRIOR: RFC 5545 allows only THISANDFUTURE (repair: keeps it as written; the override changes its own occurrence only)",
                "\(problems[0].file):10:8: warning: ENCODING=QUOTED-PRINTABLE, vCalendar 1.0's, which RFC 5545 does not have (it allows only 8BIT or BASE64) (repair: decodes the value)",
                "\(problems[0].file):14:9: warning: TRIGGER;RELATED=BEGIN: RFC 5545 allows only START or END (repair: keeps it as written; the alarm is set from the start, as with START)",
            ])
        XCTAssertTrue(problems.allSatisfy { $0.severity == .violation }, "\(problems)")
        XCTAssertFalse(ReadingPolicy.strict.refuses(problems), "carried through as written, as a missing DTSTAMP is")
        let text = String(decoding: written(calendar), as: UTF8.self)
        for kept in [";RSVP=maybe:", ";RANGE=THISANDPRIOR:", ";RELATED=BEGIN:"] {
            XCTAssertTrue(text.contains(kept), "\(kept) in \(text)")
        }
    }

    func testQuotedPrintableInAVersionTwoFileIsDecodedWithItsCharsetAndSoftBreaks() throws {
        // As old Nokia and Outlook exports write it: RFC 2045 quoted-printable, soft line breaks at
        // column 1 (no fold space), the producer's own iCalendar escapes inside.
        let (calendar, problems) = try read(
            event([
                "SUMMARY;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Besprechung M=C3=BCller\\, B=C3=BCro",
                "DESCRIPTION;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Zeile eins=0D=0AZeile zwei: sehr lang=",
                "e Zeile=",
                "Note: weiter",
                "LOCATION;ENCODING=QUOTED-PRINTABLE:Konferenzraum =DCbersee",
            ]))
        let event = calendar.components[0]
        XCTAssertEqual(event["SUMMARY"]?.text, "Besprechung Müller, Büro")
        XCTAssertEqual(event["DESCRIPTION"]?.value, "Zeile eins\\nZeile zwei: sehr lange ZeileNote: weiter")
        XCTAssertEqual(event["LOCATION"]?.text, "Konferenzraum Übersee", "no CHARSET: Windows-1252, as Outlook writes")
        XCTAssertEqual(event["SUMMARY"]?.parameters, [])
        XCTAssertEqual(problems.filter { $0.message.contains("QUOTED-PRINTABLE") }.map { $0.location?.line }, [7, 8, 11])
        XCTAssertFalse(problems.contains { $0.message.contains("without the leading space") }, "a soft break is no lost fold")
        XCTAssertTrue(String(decoding: written(calendar), as: UTF8.self).contains("SUMMARY:Besprechung Müller\\, Büro\r\n"))
    }

    func testADurationWithItsSignAfterThePIsReadAsMeant() throws {
        let (_, problems) = try read(event(["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:PT-2H", "END:VALARM"]))
        assertRecovered(
            problems, at: 9, "TRIGGER:PT-2H is not written as RFC 5545 says; it is read as -PT2H", repair: "keeps the value as written")
        XCTAssertEqual(CalendarDuration(reading: "PT-2H")?.totalSeconds, -7_200)
    }

    func testUTCOffsetsOutOfRangeOrMinusZeroAreReported() throws {
        let (_, problems) = try read([
            "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:X", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+5328", "TZOFFSETTO:-0000", "END:STANDARD", "END:VTIMEZONE", "END:VCALENDAR",
        ])
        assertRecovered(problems, at: 6, "TZOFFSETFROM:+5328 is not a UTC offset", repair: "keeps the value as written")
        assertRecovered(problems, at: 7, "TZOFFSETTO:-0000 is not a UTC offset", repair: "keeps the value as written")
    }

    func testALaterCalendarsPropertyLeftOutOfAMergeIsNamed() throws {
        let (calendar, problems) = try read([
            "BEGIN:VCALENDAR", "METHOD:PUBLISH", "END:VCALENDAR",
            "BEGIN:VCALENDAR", "METHOD:REQUEST", "END:VCALENDAR",
        ])
        XCTAssertEqual(calendar.properties.map(\.value), ["PUBLISH"])
        XCTAssertEqual(
            problems.map(\.description).filter { $0.contains("METHOD") },
            [problems[0].file + ":5:1: warning: METHOD of a later calendar is left out: the merged calendar keeps the first one's (line 2)"]
        )
    }

    func testRFC9253RelatedToByUIDIsAcceptedThoughLibicalRefusesIt() throws {
        let (_, problems) = try read(event(["RELATED-TO;VALUE=UID;RELTYPE=FINISHTOSTART:other-uid", "RELATED-TO;VALUE=URI:urn:uuid:1"]))
        XCTAssertEqual(problems, [])
    }

    func testAMisspeltEndClosesTheInnermostComponent() throws {
        let (calendar, problems) = try read([
            "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:t", "DTSTAMP:20260101T000000Z", "END:VTOOD",
            "BEGIN:VEVENT", "UID:e", "DTSTAMP:20260101T000000Z", "END:VEVENT", "END:VCALENDAR",
        ])
        XCTAssertEqual(calendar.components.map(\.name), ["VTODO", "VEVENT"])
        assertRecovered(problems, at: 5, "END:VTOOD where END:VTODO was expected", repair: "closes the VTODO (begun on line 2) here")
    }

    func testAMissingEndBeforeEndOfCalendarClosesTheComponentThere() throws {
        let (calendar, problems) = try read([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "BEGIN:VALARM", "ACTION:DISPLAY",
            "TRIGGER:-PT5M", "END:VCALENDAR",
        ])
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT"])
        XCTAssertEqual(calendar.components[0].components.map(\.name), ["VALARM"])
        assertRecovered(problems, at: 7, "(missing END:VALARM, END:VEVENT)", repair: "closes it there")
    }

    func testATruncatedFileKeepsEveryWholeComponentAndNamesTheCutOne() throws {
        let (calendar, problems) = try read([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:whole", "END:VEVENT",
            "BEGIN:VEVENT", "UID:cut@example.com", "SUMMARY:Half",
        ])
        XCTAssertEqual(calendar.components.compactMap { $0["UID"]?.value }, ["whole"])
        assertRecovered(
            problems, at: 7, "the VEVENT begun on line 5 (UID cut@example.com)",
            repair: "drops the unfinished VEVENT and closes the calendar")
    }

    func testBareComponentsAreReadAsOneCalendar() throws {
        let (calendar, problems) = try read(["BEGIN:VEVENT", "UID:1", "END:VEVENT", "BEGIN:VTODO", "UID:2", "END:VTODO"])
        XCTAssertEqual(calendar.components.map(\.name), ["VEVENT", "VTODO"])
        assertRecovered(
            problems, at: 1, "BEGIN:VEVENT outside a VCALENDAR", repair: "reads the components up to the end of the input as one calendar")
        XCTAssertEqual(
            problems.filter { $0.severity == .error }.count, 1,
            "no missing END:VCALENDAR is reported for a calendar that never began: \(problems)")
    }

    func testTextAroundTheCalendarIsLeftOutWithOneReportForEachRun() throws {
        let (calendar, problems) = try read([
            "<pre>", "exported:", "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "END:VEVENT",
            "END:VCALENDAR", "X-COMMENT:Cached from 2022-02-20",
        ])
        XCTAssertEqual(calendar.components.count, 1)
        assertRecovered(problems, at: 1, "2 lines of text before BEGIN:VCALENDAR, beginning '<pre>'", repair: "leaves them out")
        assertRecovered(problems, at: 8, "a line of text after END:VCALENDAR, beginning 'X-COMMENT:Cached", repair: "leaves them out")
    }

    func testTextWithNoCalendarInItIsRefusedEvenLeniently() throws {
        let (_, problems) = try read(["<html>", "<body>Not Found</body>", "</html>"])
        XCTAssertTrue(ReadingPolicy.lenient.refuses(problems))
        XCTAssertTrue(problems.contains { $0.message.contains("this is not an iCalendar file") && $0.repair == nil }, "\(problems)")
    }

    func testLenientPolicyReportsRecoveredErrorsAsWarningsBeforeTheViolations() throws {
        let (_, problems) = try read([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VEVENT", "UID:1",
            "DTSTART:INVALID-DATE", "END:VEVENT", "END:VCALENDAR",
        ])
        let warnings = ReadingPolicy.lenient.warnings(problems)
        XCTAssertEqual(warnings.map(\.severity), [.violation, .violation])
        XCTAssertTrue(warnings[0].description.contains(":6:9: warning: DTSTART:INVALID-DATE"), warnings[0].description)
        XCTAssertTrue(warnings[1].message.contains("has no DTSTAMP"), warnings[1].message)
        XCTAssertEqual(ReadingPolicy.strict.warnings(problems).map(\.message), [warnings[1].message])
    }

    func testLibicalsFoldBetweenCarriageReturnAndLineFeedLeavesNothingBehind() throws {
        // Cyrus (libical 3.0) folds a line ending in a multi-byte character between its CR and LF:
        // `…。\r` `\r\n` ` \n`. The empty line and the fold that carries nothing are removed.
        let text =
            crlf(Array(event([]).prefix(6))) + "DESCRIPTION:会议。\r\r\n \nSTATUS:CONFIRMED\r\n" + crlf(["END:VEVENT", "END:VCALENDAR"])
        let (calendar, problems) = try readCalendar(path: try temporaryFile(text))
        let event = calendar.components[0]
        XCTAssertEqual(event["DESCRIPTION"]?.value, "会议。")
        XCTAssertEqual(event["STATUS"]?.value, "CONFIRMED")
        XCTAssertFalse(event.properties.contains(where: \.isUnreadableLine), "\(event.properties)")
        XCTAssertTrue(
            problems.contains { $0.location?.line == 9 && $0.message.hasPrefix("a line of blanks only") && $0.repair == "removes it" },
            "\(problems)")
        XCTAssertFalse(ReadingPolicy.lenient.refuses(problems))
    }
}
