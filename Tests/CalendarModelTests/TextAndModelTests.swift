import CalendarModel
import Foundation
import XCTest

final class TextAndModelTests: XCTestCase {
    func testUIDSlugKeepsLettersOfAnyScriptAndDigitsAndMakesTheRestHyphens() {
        XCTAssertEqual(UIDSlug.make("Sören Müller-Lüdenscheidt 2"), "sören-müller-lüdenscheidt-2")
        XCTAssertNotEqual(UIDSlug.make("Sören"), UIDSlug.make("Søren"))
        XCTAssertEqual(UIDSlug.make("ÅSA_o'Brien@EXAMPLE.org"), "åsa-o-brien-example-org")
        XCTAssertEqual(UIDSlug.make("Ива́н 李小龍 ٣"), "ива-н-李小龍--")
    }

    func testTextEscapesRoundTrip() {
        let text = "Hallo, Welt; a\\b\nzweite Zeile"
        XCTAssertEqual(TextEscaping.escape(text), "Hallo\\, Welt\\; a\\\\b\\nzweite Zeile")
        XCTAssertEqual(TextEscaping.unescape(TextEscaping.escape(text)), text)
        XCTAssertEqual(TextEscaping.unescape("a\\Nb"), "a\nb")
    }

    func testEveryKindOfLineBreakBecomesOneEscapedNewline() {
        XCTAssertEqual(TextEscaping.escape("lf\ncrlf\r\ncr\rend"), "lf\\ncrlf\\ncr\\nend")
        XCTAssertEqual(TextEscaping.escape("two\r\rbreaks\r"), "two\\n\\nbreaks\\n")
    }

    func testCategoriesSplitOnlyAtUnescapedCommas() {
        let property = Property(name: "CATEGORIES", value: "Work,Team\\, Berlin")
        XCTAssertEqual(property.textList, ["Work", "Team, Berlin"])
    }

    func testEventViewWritesTypedFieldsAndKeepsEverythingElse() {
        var event = Event(
            component: Component(
                name: "VEVENT",
                properties: [
                    Property(name: "X-MICROSOFT-CDO-BUSYSTATUS", value: "BUSY"),
                    Property(name: "SUMMARY", parameters: [Parameter("LANGUAGE", "de")], value: "Alt"),
                ]))
        event.summary = "Vorlesung, Raum 1"
        event.start = .zoned(LocalDateTime(date: CalendarDate(year: 2026, month: 10, day: 12), hour: 8, minute: 15), tzid: "Europe/Berlin")
        event.birthdayContact = "card-42"
        XCTAssertEqual(event.component.properties.first?.name, "X-MICROSOFT-CDO-BUSYSTATUS")
        XCTAssertEqual(event.component["SUMMARY"]?.value, "Vorlesung\\, Raum 1")
        XCTAssertEqual(event.summary, "Vorlesung, Raum 1")
        XCTAssertEqual(event.component["DTSTART"]?[parameter: "TZID"], "Europe/Berlin")
        XCTAssertEqual(event.birthdayContact, "card-42")
    }

    func testCalendarKeepsColourSourceAndVisibility() {
        var calendar = EventCalendar()
        calendar.name = "Informatik 3. Semester"
        calendar.color = "#1E90FF"
        calendar.source = .service("Exchange")
        calendar.isHidden = true
        let reread = EventCalendar(component: calendar.component)
        XCTAssertEqual(reread.name, "Informatik 3. Semester")
        XCTAssertEqual(reread.color, "#1E90FF")
        XCTAssertEqual(reread.source, .service("Exchange"))
        XCTAssertTrue(reread.isHidden)
        XCTAssertEqual(reread.component["X-CALBRIDGE-SOURCE"]?.value, "service:Exchange")
    }

    func testModelJSONIsTypedWhereExactAndRawElsewhere() throws {
        let event = Component(
            name: "VEVENT",
            properties: [
                Property(name: "UID", value: "a@example.org"),
                Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20261012T081500"),
                Property(name: "SUMMARY", parameters: [Parameter("LANGUAGE", "de")], value: "Datenbanken"),
                Property(name: "ATTENDEE", parameters: [Parameter("CN", "Doe, John")], value: "mailto:j@example.org"),
                Property(name: "X-FOO", value: "bar"),
            ], components: [Component(name: "X-CUSTOM", properties: [Property(name: "X-A", value: "1")])])
        let calendar = Component(name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")], components: [event])
        let data = try JSONEncoder().encode(ModelJSON(calendar))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let first = try XCTUnwrap((object["components"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["uid"] as? String, "a@example.org")
        XCTAssertEqual((first["start"] as? [String: String])?["timeZone"], "Europe/Berlin")
        XCTAssertEqual((first["start"] as? [String: String])?["dateTime"], "2026-10-12T08:15:00")
        XCTAssertNil(first["summary"], "SUMMARY with LANGUAGE cannot be typed without losing the parameter")
        XCTAssertEqual((first["properties"] as? [[String: Any]])?.count, 2)
        let back = try JSONDecoder().decode(ModelJSON.self, from: data).component
        XCTAssertEqual(back.canonicalForm, calendar.canonicalForm)
    }

    func testCanonicalFormIgnoresOrderButNotContent() {
        let a = Component(name: "VEVENT", properties: [Property(name: "UID", value: "1"), Property(name: "SUMMARY", value: "x")])
        let b = Component(name: "VEVENT", properties: [Property(name: "SUMMARY", value: "x"), Property(name: "UID", value: "1")])
        let c = Component(name: "VEVENT", properties: [Property(name: "SUMMARY", value: "y"), Property(name: "UID", value: "1")])
        XCTAssertEqual(a.canonicalForm, b.canonicalForm)
        XCTAssertNotEqual(a.canonicalForm, c.canonicalForm)
    }
}
