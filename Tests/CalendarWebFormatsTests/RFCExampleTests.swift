import CalendarModel
@testable import CalendarWebFormats
import Foundation
import ICalendar
import Platform
import XCTest

/// The example pairs of RFC 6321 Appendix B (iCalendar and xCal) and RFC 7265 Appendix B (iCalendar
/// and jCal), kept in `Fixtures/rfc6321` and `Fixtures/rfc7265` as published, with corrected copies
/// where the RFC itself is wrong (`Fixtures/rfc6321/README.md`, `Fixtures/rfc7265/README.md` say
/// what was changed and why), and the value examples of RFC 6321 §3 and §5.
final class RFCExampleTests: XCTestCase {
    // MARK: RFC 6321 Appendix B

    func testRFC6321B1XCalReadsAsItsICalendarExampleWithErratum3892Applied() throws {
        let xcal = try XCalReader().calendars(from: fixture("rfc6321/b1.xml"))
        XCTAssertEqual(xcal.count, 1)
        let ics = try readICalendar(url("rfc6321/b1-corrected.ics"))
        XCTAssertTrue(semantic(xcal[0]) == semantic(ics), difference(semantic(xcal[0]), semantic(ics)))
        XCTAssertEqual(xcal[0].components.first?["DTSTART"]?.value, "20081006")
        XCTAssertEqual(xcal[0].components.first?["DTSTART"]?.parameters, [Parameter("VALUE", "DATE")])
    }

    /// B.1.1 as published writes `DTSTART:20081006`: a DATE without VALUE=DATE, where DTSTART's
    /// default type is DATE-TIME (erratum 3892). B.1.2 gives `<date>`, so that is the one difference.
    /// B.1.1 writes `DTSTART:20081006` without VALUE=DATE (erratum 3892); calbridge types the bare
    /// date as the date it is, so the example reads like its xCal and is written with `<date>`.
    func testRFC6321B1AsPublishedReadsLikeItsXCalWithTheBareDateTypedAsDate() throws {
        let xcal = try XCalReader().calendars(from: fixture("rfc6321/b1.xml"))[0]
        let ics = try readICalendar(url("rfc6321/b1.ics"))
        let found = differences(semantic(xcal), semantic(ics))
        XCTAssertEqual(found.onlyInFirst, [])
        XCTAssertEqual(found.onlyInSecond, [])
        let written = String(decoding: XCalWriter().document(for: ics), as: UTF8.self)
        XCTAssertTrue(written.contains("<date>2008-10-06</date>"), written)
    }

    /// B.2.1 as published starts at VERSION:2.0, without BEGIN:VCALENDAR (erratum 2929).
    func testRFC6321B2ICalendarAsPublishedIsReadAsBareComponentsWithItsLeadingLinesLeftOut() throws {
        var reader = CalendarStreamReader()
        var names: [String] = []
        try reader.read(try InputFile(path: url("rfc6321/b2.ics").path)) { event in
            if case .component(let read) = event, let component = read.component { names.append(component.name) }
        }
        XCTAssertEqual(names, ["VTIMEZONE", "VEVENT", "VEVENT"])
        let errors = reader.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map { $0.location?.line }, [1, 3], "\(reader.diagnostics)")
        XCTAssertTrue(errors[0].message.contains("2 lines of text before BEGIN:VCALENDAR, beginning 'VERSION:2.0'"), "\(errors)")
        XCTAssertTrue(errors[1].message.contains("BEGIN:VTIMEZONE outside a VCALENDAR"), "\(errors)")
        XCTAssertFalse(ReadingPolicy.lenient.refuses(reader.diagnostics))
        XCTAssertTrue(ReadingPolicy.strict.refuses(reader.diagnostics))
    }

    func testRFC6321B2XCalReadsAsItsICalendarExampleWithBothCorrected() throws {
        let xcal = try XCalReader().calendars(from: fixture("rfc6321/b2-corrected.xml"))
        XCTAssertEqual(xcal.count, 1)
        let ics = try readICalendar(url("rfc6321/b2-corrected.ics"))
        XCTAssertEqual(ics.components.map(\.name), ["VTIMEZONE", "VEVENT", "VEVENT"])
        XCTAssertTrue(semantic(xcal[0]) == semantic(ics), difference(semantic(xcal[0]), semantic(ics)))
        let event = xcal[0].components[1]
        XCTAssertEqual(event["RDATE"]?.value, "20060102T150000/PT2H")
        XCTAssertEqual(
            event["RDATE"]?.parameters.sorted { $0.name < $1.name },
            [Parameter("TZID", "US/Eastern"), Parameter("VALUE", "PERIOD")])
        XCTAssertEqual(event["RRULE"]?.value, "FREQ=DAILY;COUNT=5")
        XCTAssertEqual(xcal[0].components[0].components[1]["TZOFFSETTO"]?.value, "-0500")
    }

    /// B.2.2 wraps the DESCRIPTION's text element over four lines: in XML those line ends belong to
    /// the value, so the published document carries three line breaks B.2.1 does not have.
    func testRFC6321B2PublishedDescriptionKeepsTheLineBreaksOfTheRFCsWrapping() throws {
        let xcal = try XCalReader().calendars(from: fixture("rfc6321/b2.xml"))[0]
        XCTAssertEqual(
            xcal.components[1]["DESCRIPTION"]?.value,
            "We are having a meeting all this week at 12\\npm for one hour\\, with an additional meeting on the first day"
                + "\\n2 hours long.\\nPlease bring your own lunch for the 12 pm\\nmeetings.")
        let corrected = try XCalReader().calendars(from: fixture("rfc6321/b2-corrected.xml"))[0]
        XCTAssertEqual(
            corrected.components[1]["DESCRIPTION"]?.value,
            "We are having a meeting all this week at 12 pm for one hour\\, with an additional meeting on the first day"
                + " 2 hours long.\\nPlease bring your own lunch for the 12 pm meetings.")
    }

    /// B.2.2 writes the VTIMEZONE's `<tzid>US/Eastern</tzid>` without a value element; the schema
    /// says so at that line.
    func testSchemaFlagsRFC6321B2sTzidWithoutAValueElement() throws {
        let problems = try XCalSchema.problems(in: fixture("rfc6321/b2.xml"))
        XCTAssertTrue(problems.contains { $0.hasPrefix("line 18:") }, "\(problems)")
        XCTAssertEqual(try XCalSchema.problems(in: fixture("rfc6321/b2-corrected.xml")), [])
        XCTAssertEqual(try XCalSchema.problems(in: fixture("rfc6321/b1.xml")), [])
    }

    /// A property element holding bare text instead of a value element (RFC 6321 B.2.2's
    /// `<tzid>US/Eastern</tzid>`) must not become an empty value: either the text is kept or the
    /// document is refused at that line. Losing the TZID silently unhooks every TZID=US/Eastern.
    func testPropertyWithBareTextInsteadOfAValueElementIsNotReadAsEmpty() {
        do {
            let xcal = try XCalReader().calendars(from: fixture("rfc6321/b2.xml"))[0]
            XCTAssertEqual(xcal.components[0]["TZID"]?.value, "US/Eastern")
        } catch {
            XCTAssertEqual((error as? DocumentError)?.line, 18, "\(error)")
        }
    }

    // MARK: RFC 7265 Appendix B

    func testRFC7265B1JCalReadsAsItsICalendarExampleWithDTSTARTTypedAsDate() throws {
        let jcal = try JCalReader().calendars(from: fixture("rfc7265/b1.json"))
        XCTAssertEqual(jcal.count, 1)
        let ics = try readICalendar(url("rfc7265/b1-corrected.ics"))
        XCTAssertTrue(semantic(jcal[0]) == semantic(ics), difference(semantic(jcal[0]), semantic(ics)))
        let published = differences(semantic(jcal[0]), semantic(try readICalendar(url("rfc7265/b1.ics"))))
        XCTAssertEqual(published.onlyInFirst, [], "the bare date of B.1.1 is typed as the date it is")
        XCTAssertEqual(published.onlyInSecond, [])
    }

    /// B.2.2 says itself that its comment and string concatenation are not JSON.
    func testRFC7265B2JCalAsPublishedIsRefusedAtItsComment() {
        XCTAssertThrowsError(try JCalReader().calendars(from: fixture("rfc7265/b2.json"))) { error in
            XCTAssertEqual((error as? DocumentError)?.line, 70, "\(error)")
            XCTAssertEqual((error as? DocumentError)?.column, 11, "\(error)")
        }
    }

    /// With only its JSON syntax repaired, B.2.2 still differs from B.2.1 in three values, each the
    /// RFC's mistake: the STANDARD rule's BYDAY (1SU for -1SU), the exception's DTSTART (the 2nd for
    /// the 4th) and its SUMMARY ("Event #2" for "Event #2 bis").
    func testRFC7265B2JCalDiffersFromItsICalendarExampleExactlyWhereTheRFCErrs() throws {
        let jcal = try JCalReader().calendars(from: fixture("rfc7265/b2-json-syntax-fixed.json"))[0]
        let ics = try readICalendar(url("rfc7265/b2.ics"))
        let found = differences(semantic(jcal), semantic(ics))
        XCTAssertEqual(
            found.onlyInFirst,
            [
                "/VCALENDAR/VEVENT DTSTART;TZID=US/Eastern:20060102T140000",
                "/VCALENDAR/VEVENT SUMMARY:Event #2",
                "/VCALENDAR/VTIMEZONE/STANDARD RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10",
            ])
        XCTAssertEqual(
            found.onlyInSecond,
            [
                "/VCALENDAR/VEVENT DTSTART;TZID=US/Eastern:20060104T140000",
                "/VCALENDAR/VEVENT SUMMARY:Event #2 bis",
                "/VCALENDAR/VTIMEZONE/STANDARD RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
            ])
    }

    func testRFC7265B2CorrectedJCalReadsAsItsICalendarExample() throws {
        let jcal = try JCalReader().calendars(from: fixture("rfc7265/b2-corrected.json"))
        XCTAssertEqual(jcal.count, 1)
        let ics = try readICalendar(url("rfc7265/b2.ics"))
        XCTAssertTrue(semantic(jcal[0]) == semantic(ics), difference(semantic(jcal[0]), semantic(ics)))
        XCTAssertEqual(jcal[0].components[1]["RRULE"]?.value, "FREQ=DAILY;COUNT=5")
        XCTAssertEqual(
            jcal[0].components[1]["DESCRIPTION"]?.value,
            "We are having a meeting all this week at 12 pm for one hour\\, with an additional meeting on the first day"
                + " 2 hours long.\\nPlease bring your own lunch for the 12 pm meetings.")
    }

    // MARK: Writing the examples

    private let writableExamples = [
        "rfc6321/b1.ics", "rfc6321/b1-corrected.ics", "rfc6321/b2-corrected.ics",
        "rfc7265/b1.ics", "rfc7265/b2.ics",
    ]

    func testEveryICalendarExampleWrittenAsXCalReadsBackTheSame() throws {
        for name in writableExamples {
            let ics = try readICalendar(url(name))
            let back = try XCalReader().calendars(from: XCalWriter().document(for: ics))
            XCTAssertEqual(back.count, 1, name)
            XCTAssertTrue(semantic(back[0]) == semantic(ics), name + ": " + difference(semantic(back[0]), semantic(ics)))
        }
    }

    func testEveryICalendarExampleWrittenAsJCalReadsBackTheSame() throws {
        for name in writableExamples {
            let ics = try readICalendar(url(name))
            let back = try JCalReader().calendars(from: JCalWriter().document(for: ics))
            XCTAssertEqual(back.count, 1, name)
            XCTAssertTrue(semantic(back[0]) == semantic(ics), name + ": " + difference(semantic(back[0]), semantic(ics)))
        }
    }

    func testWrittenXCalOfEveryCorrectedICalendarExampleValidates() throws {
        for name in ["rfc6321/b1-corrected.ics", "rfc6321/b2-corrected.ics", "rfc7265/b1-corrected.ics", "rfc7265/b2.ics"] {
            let xml = XCalWriter().document(for: try readICalendar(url(name)))
            XCTAssertEqual(try XCalSchema.problems(in: xml), [], name)
        }
    }

    /// B.1.1 as published (`DTSTART:20081006`) holds a DATE where DTSTART's default type is DATE-TIME.
    /// libical and python icalendar read it as a DATE (python icalendar writes `"date"` in jCal), and
    /// B.1.2 of both RFCs shows `date`; calbridge writes `<date-time>2008-10-06</date-time>` and
    /// `"date-time","2008-10-06"`, which its own schema rejects.
    func testDateOnlyDTSTARTWithoutValueParameterIsWrittenAsADate() throws {
        let ics = try readICalendar(url("rfc6321/b1.ics"))
        let xml = compact(String(decoding: XCalWriter().document(for: ics), as: UTF8.self))
        XCTAssertTrue(xml.contains("<dtstart><date>2008-10-06</date></dtstart>"), xml)
        XCTAssertEqual(try XCalSchema.problems(in: XCalWriter().document(for: ics)), [])
        let json = String(decoding: JCalWriter().document(for: ics), as: UTF8.self)
        XCTAssertTrue(json.contains(#"["dtstart",{},"date","2008-10-06"]"#), json)
    }

    /// With erratum 3892 applied, calbridge's xCal of B.1.1 is B.1.2 element for element, and its
    /// jCal is RFC 7265's B.1.2 value for value.
    func testRFC6321AndRFC7265B1AreWhatCalbridgeWritesForTheirCorrectedICalendar() throws {
        let ics = try readICalendar(url("rfc6321/b1-corrected.ics"))
        XCTAssertEqual(
            compact(String(decoding: XCalWriter().document(for: ics), as: UTF8.self)),
            compact(String(decoding: fixture("rfc6321/b1.xml"), as: UTF8.self)))
        let written = try JSONSerialization.jsonObject(with: Data(JCalWriter().document(for: ics)))
        let published = try JSONSerialization.jsonObject(with: Data(fixture("rfc7265/b1.json")))
        XCTAssertTrue((written as? NSArray)?.isEqual(published) ?? false, "\(written)")
    }

    // MARK: RFC 6321 §3 and §5 value examples

    /// The element calbridge writes for one property, without whitespace between tags.
    private func element(_ property: Property) -> String {
        let calendar = Component(name: "VCALENDAR", components: [Component(name: "VEVENT", properties: [property])])
        let xml = compact(String(decoding: XCalWriter().document(for: calendar), as: UTF8.self))
        let name = property.name.lowercased()
        guard let start = xml.range(of: "<\(name)>"), let end = xml.range(of: "</\(name)>", range: start.upperBound..<xml.endIndex) else {
            return xml
        }
        return String(xml[start.lowerBound..<end.upperBound])
    }

    private func readsBack(_ property: Property, file: StaticString = #filePath, line: UInt = #line) throws {
        let calendar = Component(name: "VCALENDAR", components: [Component(name: "VEVENT", properties: [property])])
        let back = try XCalReader().calendars(from: XCalWriter().document(for: calendar))
        XCTAssertEqual(back.first?.components.first?.properties.first?.value, property.value, file: file, line: line)
    }

    /// RFC 9074's PROXIMITY and RFC 7986's CONFERENCE are typed in xCal and jCal by their entries in
    /// the design table alone; CONFERENCE's required VALUE comes back.
    func testPropertiesOfTheDesignTableAreTypedInXCalAndJCalByTheirEntryAlone() throws {
        let proximity = Property(name: "PROXIMITY", value: "ARRIVE")
        XCTAssertEqual(element(proximity), "<proximity><text>ARRIVE</text></proximity>")
        try readsBack(proximity)
        let conference = Property(
            name: "CONFERENCE", parameters: [Parameter("VALUE", "URI")], value: "https://chat.example.com/audio?id=123456")
        XCTAssertEqual(element(conference), "<conference><uri>https://chat.example.com/audio?id=123456</uri></conference>")
        let calendar = Component(name: "VCALENDAR", components: [Component(name: "VEVENT", properties: [proximity, conference])])
        let json = String(decoding: JCalWriter().document(for: calendar), as: UTF8.self)
        XCTAssertTrue(json.contains(#"["proximity",{},"text","ARRIVE"]"#), json)
        let back = try JCalReader().calendars(from: JCalWriter().document(for: calendar))
        XCTAssertEqual(back.first?.components.first?["CONFERENCE"]?.parameters, [Parameter("VALUE", "URI")])
    }

    /// A number JSON cannot write as it is (`+51.76882`, as fablab-cottbus' GEO has it) goes as a string
    /// and comes back as written; the jCal stays JSON.
    func testANumberJSONCannotCarryIsWrittenAsAStringAndReadBackAsWritten() throws {
        let geo = Property(name: "GEO", value: "+51.76882;+14.32321")
        let calendar = Component(name: "VCALENDAR", components: [Component(name: "VEVENT", properties: [geo])])
        let json = String(decoding: JCalWriter().document(for: calendar), as: UTF8.self)
        XCTAssertTrue(json.contains(#"["geo",{},"float",["+51.76882","+14.32321"]]"#), json)
        let back = try JCalReader().calendars(from: Array(json.utf8))
        XCTAssertEqual(back.first?.components.first?["GEO"]?.value, "+51.76882;+14.32321")
    }

    func testDateIsWrittenWithHyphensAsRFC6321Section3_6_4Shows() throws {
        let dtstart = Property(name: "DTSTART", parameters: [Parameter("VALUE", "DATE")], value: "20110517")
        XCTAssertEqual(element(dtstart), "<dtstart><date>2011-05-17</date></dtstart>")
        try readsBack(dtstart)
    }

    func testDateTimeIsWrittenWithHyphensAndColonsAsRFC6321Section3_6_5Shows() throws {
        let dtstart = Property(name: "DTSTART", value: "20110517T120000")
        XCTAssertEqual(element(dtstart), "<dtstart><date-time>2011-05-17T12:00:00</date-time></dtstart>")
        try readsBack(dtstart)
    }

    /// §3.6.9's example duration `P1H` is not an RFC 5545 duration (it would be `PT1H`); calbridge
    /// carries a period's duration as written.
    func testPeriodIsWrittenAsStartAndDurationAsRFC6321Section3_6_9Shows() throws {
        let rdate = Property(name: "RDATE", parameters: [Parameter("VALUE", "PERIOD")], value: "20110517T120000/P1H")
        XCTAssertEqual(element(rdate), "<rdate><period><start>2011-05-17T12:00:00</start><duration>P1H</duration></period></rdate>")
        try readsBack(rdate)
        let freebusy = Property(name: "FREEBUSY", value: "20110517T120000Z/20110517T130000Z")
        XCTAssertEqual(
            element(freebusy),
            "<freebusy><period><start>2011-05-17T12:00:00Z</start><end>2011-05-17T13:00:00Z</end></period></freebusy>")
        try readsBack(freebusy)
    }

    /// A period with nothing before its '/' is no period: written as a `<period>`, its second half
    /// (a date-time and a duration, with a '/' of their own) came back as a mangled end.
    func testAPeriodWithAnEmptyStartIsCarriedAsUnknownText() throws {
        let rdate = Property(name: "RDATE", parameters: [Parameter("VALUE", "PERIOD")], value: "/00301002T150000/PT1H")
        XCTAssertEqual(
            element(rdate),
            "<rdate><parameters><value><text>PERIOD</text></value></parameters><unknown>/00301002T150000/PT1H</unknown></rdate>")
        try readsBack(rdate)
    }

    /// A duration with two signs is neither a duration nor an end: the check once took it for a
    /// duration (it dropped every sign) and the writer for an end (it takes one), whose '-' the
    /// reader then dropped as ISO punctuation.
    func testAPeriodWhoseDurationHasTwoSignsIsCarriedAsUnknownText() throws {
        let rdate = Property(name: "RDATE", parameters: [Parameter("VALUE", "PERIOD")], value: "20060102T150000/--P1H")
        XCTAssertEqual(
            element(rdate),
            "<rdate><parameters><value><text>PERIOD</text></value></parameters><unknown>20060102T150000/--P1H</unknown></rdate>")
        try readsBack(rdate)
    }

    func testRecurIsWrittenAsOneElementPerRulePartAsRFC6321Section3_6_10Shows() throws {
        let rrule = Property(name: "RRULE", value: "FREQ=YEARLY;COUNT=5;BYDAY=-1SU;BYMONTH=10")
        XCTAssertEqual(
            element(rrule),
            "<rrule><recur><freq>YEARLY</freq><count>5</count><byday>-1SU</byday><bymonth>10</bymonth></recur></rrule>")
        try readsBack(rrule)
    }

    func testUTCOffsetIsWrittenWithAColonAsRFC6321Section3_6_14Shows() throws {
        let offset = Property(name: "TZOFFSETFROM", value: "-0500")
        XCTAssertEqual(element(offset), "<tzoffsetfrom><utc-offset>-05:00</utc-offset></tzoffsetfrom>")
        try readsBack(offset)
    }

    func testGeoIsWrittenAsLatitudeAndLongitudeAsRFC6321Section3_4_1_2Shows() throws {
        let geo = Property(name: "GEO", value: "37.386013;-122.082932")
        XCTAssertEqual(element(geo), "<geo><latitude>37.386013</latitude><longitude>-122.082932</longitude></geo>")
        try readsBack(geo)
    }

    func testRequestStatusIsWrittenAsCodeAndDescriptionWithoutEmptyDataAsRFC6321Section3_4_1_3Shows() throws {
        let status = Property(name: "REQUEST-STATUS", value: "2.0;Success")
        XCTAssertEqual(element(status), "<request-status><code>2.0</code><description>Success</description></request-status>")
        try readsBack(status)
    }

    func testTextParameterIsWrittenAsATextElementAsRFC6321Section3_5Shows() throws {
        let attendee = Property(name: "ATTENDEE", parameters: [Parameter("PARTSTAT", "NEEDS-ACTION")], value: "mailto:cyrus@example.com")
        XCTAssertEqual(
            element(attendee),
            "<attendee><parameters><partstat><text>NEEDS-ACTION</text></partstat></parameters>"
                + "<cal-address>mailto:cyrus@example.com</cal-address></attendee>")
        try readsBack(attendee)
    }

    /// A parameter's bare text, like B.2.2's bare `<tzid>`, is read in the parameter's type: RSVP's
    /// boolean in upper case, as from `<boolean>`. A value that is no boolean keeps its case and is
    /// written as `<unknown>`, so it reads back the same (fuzzing the xCal round trip found a bare `w`
    /// coming back `W`, then a `\nn  rd` coming back `\nN  RD`).
    func testABareBooleanParameterIsReadAsItsBooleanElementIs() throws {
        let xcal =
            #"<icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><components><vevent><properties>"#
            + "<attendee><parameters><rsvp>true</rsvp><cn>Ann</cn></parameters><cal-address>mailto:a@example.com</cal-address></attendee>"
            + "<attendee><parameters><rsvp>w</rsvp></parameters><cal-address>mailto:b@example.com</cal-address></attendee>"
            + "<attendee><parameters><rsvp><boolean>False</boolean></rsvp></parameters><cal-address>mailto:c@example.com</cal-address></attendee>"
            + "<attendee><parameters><rsvp>\nn  rd</rsvp></parameters><cal-address>mailto:d@example.com</cal-address></attendee>"
            + "</properties></vevent></components></vcalendar></icalendar>"
        let read = try XCalReader().calendars(from: Array(xcal.utf8))[0]
        func attendees(_ calendar: Component) -> [Property] { calendar.components[0].properties.filter { $0.name == "ATTENDEE" } }
        XCTAssertEqual(attendees(read).map { $0[parameter: "RSVP"] }, ["TRUE", "w", "FALSE", "\nn  rd"])
        XCTAssertEqual(attendees(read)[0][parameter: "CN"], "Ann", "a bare text parameter stays as written")
        let written = String(decoding: XCalWriter().document(for: read), as: UTF8.self)
        let tags = written.filter { !$0.isWhitespace }
        XCTAssertTrue(tags.contains("<rsvp><boolean>true</boolean></rsvp>"), written)
        XCTAssertTrue(tags.contains("<rsvp><unknown>w</unknown></rsvp>"), written)
        let again = try XCalReader().calendars(from: Array(written.utf8))[0]
        XCTAssertEqual(attendees(again).map { $0[parameter: "RSVP"] }, ["TRUE", "w", "FALSE", "\nn  rd"])
    }

    func testUnknownPropertyIsWrittenAsUnknownAsRFC6321Section5Shows() throws {
        let unknown = Property(name: "X-PROPERTY", value: "20110512T120000Z")
        XCTAssertEqual(element(unknown), "<x-property><unknown>20110512T120000Z</unknown></x-property>")
        try readsBack(unknown)
    }

    /// RFC 6321 §5: "Any unrecognized property parameter MUST be converted using the value type XML
    /// element IC:unknown". calbridge writes `<x-param><text>PT30M</text></x-param>`.
    func testUnrecognizedParameterIsWrittenAsUnknownAsRFC6321Section5Shows() throws {
        let dtstart = Property(name: "DTSTART", parameters: [Parameter("X-PARAM", "PT30M")], value: "20110512T130000Z")
        XCTAssertEqual(
            element(dtstart),
            "<dtstart><parameters><x-param><unknown>PT30M</unknown></x-param></parameters>"
                + "<date-time>2011-05-12T13:00:00Z</date-time></dtstart>")
        try readsBack(dtstart)
    }

    /// RFC 6321 §5 and RFC 7265 §5: a value of type unknown goes into iCalendar as written, and "the
    /// containing property MUST NOT have a VALUE property parameter" — also when the property is one
    /// calbridge knows (python icalendar writes RFC 7986's COLOR and NAME as unknown).
    func testUnknownValueOfAKnownPropertyIsReadWithoutAValueParameter() throws {
        let xcal =
            #"<icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><properties>"#
            + "<color><unknown>darkorange</unknown></color></properties></vcalendar></icalendar>"
        let fromXCal = try XCalReader().calendars(from: Array(xcal.utf8))[0]["COLOR"]
        XCTAssertEqual(fromXCal?.value, "darkorange")
        XCTAssertEqual(fromXCal?.parameters, [])
        let jcal = #"["vcalendar",[["color",{},"unknown","darkorange"]],[]]"#
        let fromJCal = try JCalReader().calendars(from: Array(jcal.utf8))[0]["COLOR"]
        XCTAssertEqual(fromJCal?.value, "darkorange")
        XCTAssertEqual(fromJCal?.parameters, [])
    }

    // MARK: Helpers

    private func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    private func fixture(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: url(name)))) ?? []
    }

    /// An XML document without its declaration and without whitespace between tags.
    private func compact(_ xml: String) -> String {
        var text = xml
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
        return text.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

}
