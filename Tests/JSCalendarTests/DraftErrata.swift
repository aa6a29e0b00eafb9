import Foundation
import JSONReading
import XCTest

/// The slips in draft-ietf-calext-jscalendar-icalendar-08's figures, and the figure as its own text
/// means it. Each correction replaces exactly `count` occurrences of `wrong` in the figure's JSON
/// (or iCalendar) text with `right`; `why` says how the draft shows it is a slip. An example listed
/// here is compared in its corrected form, so it agrees once the draft is; `DraftExampleTests`
/// checks that each correction is still needed (the figure as published disagrees).
enum DraftErrata {
    struct Correction {
        var wrong: String
        var right: String
        var count = 1
        /// Whether the slip is in the iCalendar figure rather than the JSON one.
        var inICalendar = false
        var why: String
    }

    private static let due =
        "the DUE figures (§2.3.17) say \"start\" where RFC 8984 §5.2.1 and the section's text say "
        + "the Task's \"due\"; a Task's start is DTSTART"

    private static let resourceCopy =
        "the VRESOURCE figure (§2.2.5) repeats the PARTICIPANT figure's (§2.2.1) slips: "

    static let corrections: [String: [Correction]] = [
        "ical-prop-structured-data": [
            Correction(
                wrong: "\"links\": {\n  \"@type\": \"Link\",", right: "\"links\": {\"1\": {\n  \"@type\": \"Link\",",
                why: "links is an Id[Link] (RFC 8984 §4.2.7), ids to Links, as every other links figure of the draft has it; "
                    + "this one gives the Link's members to links itself, without an id"),
            Correction(wrong: "\"binary\"\n  }\n}", right: "\"binary\"\n  }\n}}", why: "the id's object closes too"),
        ],
        "ical-prop-participant-type": [
            Correction(
                wrong: "RSVP=YES", right: "RSVP=TRUE", inICalendar: true,
                why: "RSVP is TRUE or FALSE (RFC 5545 §3.2.17: rsvpparam = \"RSVP\" \"=\" (\"TRUE\" / \"FALSE\")), as the "
                    + "draft's ORGANIZER figures write it; YES is no value of it")
        ],
        "ical-comp-vresource": [
            Correction(
                wrong: "      \"description\": \"A contact\",\n", right: "",
                why: resourceCopy + "its iCalendar has no DESCRIPTION, \"A contact\" is the PARTICIPANT's"),
            Correction(
                wrong: "\"name\": \"participant\"", right: "\"name\": \"vresource\"",
                why: resourceCopy + "an ICalComponent's name is its component's in lowercase (-08 §5.1.1), here VRESOURCE"),
        ],
        "ical-prop-due-date": [Correction(wrong: "\"start\":", right: "\"due\":", why: due)],
        "ical-prop-due-float": [Correction(wrong: "\"start\":", right: "\"due\":", why: due)],
        "ical-prop-due-utc": [Correction(wrong: "\"start\":", right: "\"due\":", why: due)],
        "ical-prop-dtend-date-type": [
            Correction(
                wrong: "\"P1W2D\"", right: "\"P10D\"",
                why: "20240102 to 20240112 is ten days and P1W2D nine; P10D is the ten days (the same length as P1W3D, "
                    + "written in days as calbridge writes every duration)")
        ],
        "ical-prop-location": [
            Correction(
                wrong: "\"title\":", right: "\"name\":",
                why: "a Location has no title (RFC 8984 §4.2.5): its name is what LOCATION says (§2.3.25's table)")
        ],
        "ical-prop-styled-description": [
            Correction(
                wrong: "hello,<b>", right: "hello\\,<b>", inICalendar: true,
                why: "a COMMA in TEXT is written \\, (RFC 5545 §3.3.11); the JSON figure's description has the comma")
        ],
        "ical-prop-dtend-different-tzid": [
            Correction(
                wrong: "\"PT9H20M\"", right: "\"PT8H3M20S\"",
                why: "13:00:05 in Berlin on 2024-10-17 (CEST, +02:00) is 11:00:05Z and 02:03:25 in Bangkok (+07:00) the next "
                    + "day 19:03:25Z: the instants §2.3.14 measures between are 8 h 3 min 20 s apart")
        ],
        "ical-comp-vevent-recurrence-instances": [
            Correction(
                wrong: "\"recurrenceIdTimeZone\": \"2024-02-02T14:00:00\"", right: "\"recurrenceIdTimeZone\": \"Europe/Berlin\"",
                count: 2, why: "recurrenceIdTimeZone is a TimeZoneId (RFC 8984 §4.3.2), here the RECURRENCE-ID's TZID"),
            Correction(
                wrong: "\"start\": \"2024-01-03T14:00:00\"", right: "\"start\": \"2024-01-03T16:00:00\"",
                why: "the second instance's DTSTART is 20240103T160000, as the first's is two hours after its RECURRENCE-ID"),
        ],
    ]

    /// The example with its JSCalendar figure corrected; the example itself where nothing is listed.
    static func corrected(_ example: DraftExample) throws -> DraftExample {
        guard let corrections = corrections[example.name] else { return example }
        var json = try figureText(example.name)
        var ics = try figureText(example.name, ext: "ics")
        for correction in corrections {
            let text = correction.inICalendar ? ics : json
            let parts = text.components(separatedBy: correction.wrong)
            XCTAssertEqual(parts.count - 1, correction.count, "\(example.name): \(correction.wrong)")
            if correction.inICalendar {
                ics = parts.joined(separator: correction.right)
            } else {
                json = parts.joined(separator: correction.right)
            }
        }
        let type = DraftNotation.implicitItem(ics) == "VTODO" ? "Task" : "Event"
        return DraftExample(
            name: example.name, icalendar: DraftNotation.wholeICalendar(ics),
            shownICalendar: DraftNotation.wholeICalendar(ics, implying: false),
            json: try DraftNotation.wholeObject(json, implicitType: type))
    }

    private static func figureText(_ name: String, ext: String = "json") throws -> String {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "draft-examples", withExtension: nil, subdirectory: "Resources"))
        return try String(contentsOf: folder.appendingPathComponent(name + "." + ext), encoding: .utf8)
    }
}
