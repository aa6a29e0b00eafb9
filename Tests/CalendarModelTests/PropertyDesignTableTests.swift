import CalendarModel
import XCTest

/// The design table against itself and against the property lists of the RFCs it follows.
final class PropertyDesignTableTests: XCTestCase {
    /// RFC 5545 §3.7 and §3.8, each property with the value type its "Value Type" line gives.
    private let rfc5545: [String: String] = [
        "CALSCALE": "text", "METHOD": "text", "PRODID": "text", "VERSION": "text",
        // §3.8.1
        "ATTACH": "uri", "CATEGORIES": "text", "CLASS": "text", "COMMENT": "text", "DESCRIPTION": "text", "GEO": "float",
        "LOCATION": "text", "PERCENT-COMPLETE": "integer", "PRIORITY": "integer", "RESOURCES": "text", "STATUS": "text",
        "SUMMARY": "text",
        // §3.8.2
        "COMPLETED": "date-time", "DTEND": "date-time", "DUE": "date-time", "DTSTART": "date-time", "DURATION": "duration",
        "FREEBUSY": "period", "TRANSP": "text",
        // §3.8.3
        "TZID": "text", "TZNAME": "text", "TZOFFSETFROM": "utc-offset", "TZOFFSETTO": "utc-offset", "TZURL": "uri",
        // §3.8.4
        "ATTENDEE": "cal-address", "CONTACT": "text", "ORGANIZER": "cal-address", "RECURRENCE-ID": "date-time",
        "RELATED-TO": "text", "URL": "uri", "UID": "text",
        // §3.8.5–3.8.8
        "EXDATE": "date-time", "RDATE": "date-time", "RRULE": "recur", "ACTION": "text", "REPEAT": "integer",
        "TRIGGER": "duration", "CREATED": "date-time", "DTSTAMP": "date-time", "LAST-MODIFIED": "date-time",
        "SEQUENCE": "integer", "REQUEST-STATUS": "text",
    ]

    /// RFC 7986 §5 (new properties and new places), RFC 9073 §6, RFC 9074 §6–7 and RFC 9253 §6–9.
    private let later: [String: String] = [
        "NAME": "text", "REFRESH-INTERVAL": "duration", "SOURCE": "uri", "COLOR": "text", "IMAGE": "uri", "CONFERENCE": "uri",
        "LOCATION-TYPE": "text", "PARTICIPANT-TYPE": "text", "RESOURCE-TYPE": "text", "CALENDAR-ADDRESS": "cal-address",
        "STYLED-DESCRIPTION": "text", "STRUCTURED-DATA": "text", "ACKNOWLEDGED": "date-time", "PROXIMITY": "text",
        "LINK": "uri", "CONCEPT": "uri", "REFID": "text",
    ]

    func testEveryPropertyOfRFC5545AndTheLaterRFCsHasItsValueType() {
        for (name, type) in rfc5545.merging(later, uniquingKeysWith: { first, _ in first }) {
            XCTAssertEqual(PropertyDesignTable.design(for: name)?.type.name, type, name)
        }
    }

    func testTheOtherTypesAreThoseTheRFCsAllow() {
        XCTAssertEqual(Set(design("DTSTART").otherTypes.map(\.name)), ["date"])
        XCTAssertEqual(Set(design("RDATE").otherTypes.map(\.name)), ["date", "period"])
        XCTAssertEqual(Set(design("TRIGGER").otherTypes.map(\.name)), ["date-time"])
        XCTAssertEqual(Set(design("ATTACH").otherTypes.map(\.name)), ["binary"])
        XCTAssertEqual(Set(design("RELATED-TO").otherTypes.map(\.name)), ["uri", "uid"], "RFC 9253 §9.1")
        XCTAssertEqual(Set(design("LINK").otherTypes.map(\.name)), ["text", "xml-reference"], "RFC 9253 §8.2")
        XCTAssertEqual(Set(design("DTSTAMP").otherTypes.map(\.name)), [], "RFC 5545 §3.8.7.2: DATE-TIME only")
    }

    func testLayoutsAndUTCOnlyAndRequiredValueParametersFollowTheRFCs() {
        XCTAssertEqual(
            Set(PropertyDesignTable.entries.filter { $0.layout == .list }.map(\.name)),
            ["CATEGORIES", "RESOURCES", "FREEBUSY", "EXDATE", "RDATE", "LOCATION-TYPE"])
        XCTAssertEqual(Set(PropertyDesignTable.entries.filter { $0.layout == .structured }.map(\.name)), ["GEO", "REQUEST-STATUS"])
        XCTAssertEqual(
            Set(PropertyDesignTable.entries.filter(\.isUTCOnly).map(\.name)),
            ["COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED", "TZUNTIL", "ACKNOWLEDGED"])
        XCTAssertEqual(
            Set(PropertyDesignTable.entries.filter(\.requiresValueParameter).map(\.name)), ["REFRESH-INTERVAL", "IMAGE", "CONFERENCE"])
        XCTAssertEqual(
            Set(PropertyDesignTable.entries.filter(\.isTimeAnchored).map(\.name)),
            ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"])
    }

    func testTheTableIsConsistentWithItself() {
        let entries = PropertyDesignTable.entries
        XCTAssertEqual(Set(entries.map(\.name)).count, entries.count, "each name once")
        let types: Set = [
            "binary", "boolean", "cal-address", "date", "date-time", "duration", "float", "integer", "period", "recur",
            "text", "time", "uri", "utc-offset", "uid", "xml-reference", "unknown",
        ]
        for design in entries {
            XCTAssertEqual(design.name, design.name.uppercased())
            XCTAssertTrue(types.isSuperset(of: ([design.type] + design.otherTypes).map(\.name)), design.name)
            XCTAssertFalse(design.otherTypes.contains(design.type), design.name)
            XCTAssertFalse(design.components.isEmpty, design.name)
            XCTAssertTrue(Set(design.allowedValues.keys).isSubset(of: design.components), design.name)
            if design.isUTCOnly { XCTAssertEqual(design.type, .dateTime, design.name) }
            XCTAssertEqual(design.name.hasPrefix("X-"), design.type == .unknown, "X- names travel as unknown: \(design.name)")
        }
        let keys = entries.compactMap(\.modelField?.key)
        XCTAssertEqual(Set(keys).count, keys.count, "each model JSON key once")
    }

    /// RFC 5545 §3.6.1's eventprop, as sabre/vobject's VEvent::getValidationRules gives it.
    func testHowOftenAnEventMayHoldEachPropertyIsRFC5545s() {
        XCTAssertEqual(design("DTSTAMP").cardinality["VEVENT"], .required)
        XCTAssertEqual(design("UID").cardinality["VEVENT"], .required)
        XCTAssertEqual(design("DTSTART").cardinality["VEVENT"], .atMostOnce, "required only without METHOD")
        XCTAssertEqual(design("ATTENDEE").cardinality["VEVENT"], .anyNumber)
        XCTAssertEqual(design("DESCRIPTION").cardinality["VEVENT"], .atMostOnce)
        XCTAssertEqual(design("DESCRIPTION").cardinality["VJOURNAL"], .anyNumber, "§3.6.3")
        XCTAssertEqual(design("CONTACT").cardinality["VFREEBUSY"], .atMostOnce, "§3.6.4")
        XCTAssertNil(design("DUE").cardinality["VEVENT"], "a to-do's alone")
    }

    func testEveryComponentsRequiredPropertiesAreRFC5545s() {
        var required: [String: Set<String>] = [:]
        for design in PropertyDesignTable.entries {
            for (component, cardinality) in design.cardinality where cardinality == .required {
                required[component, default: []].insert(design.name)
            }
        }
        XCTAssertEqual(
            required,
            [
                "VCALENDAR": ["PRODID", "VERSION"], "VEVENT": ["UID", "DTSTAMP"], "VTODO": ["UID", "DTSTAMP"],
                "VJOURNAL": ["UID", "DTSTAMP"],
                "VFREEBUSY": ["UID", "DTSTAMP"], "VTIMEZONE": ["TZID"], "STANDARD": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"],
                "DAYLIGHT": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"], "VALARM": ["ACTION", "TRIGGER"],
            ])
    }

    func testARepeatablePropertyIsOneSomeComponentMayHoldMoreThanOnce() {
        XCTAssertEqual(
            Set(PropertyDesignTable.entries.filter(\.isRepeatable).map(\.name)),
            [
                "NAME", "ATTACH", "CATEGORIES", "COMMENT", "DESCRIPTION", "RESOURCES", "FREEBUSY", "TZNAME", "TZID-ALIAS-OF", "ATTENDEE",
                "CONTACT", "RELATED-TO", "EXDATE", "RDATE", "RRULE", "EXRULE", "REQUEST-STATUS", "IMAGE", "CONFERENCE",
                "STYLED-DESCRIPTION", "STRUCTURED-DATA", "LINK", "CONCEPT", "REFID",
            ])
        for design in PropertyDesignTable.entries {
            XCTAssertEqual(Set(design.cardinality.keys), design.components, design.name)
        }
    }

    func testExpandReadsTheTimesRulesAndTextsOfAnOccurrence() {
        let roles = Dictionary(grouping: PropertyDesignTable.entries.filter { $0.expansionRole != nil }) { $0.expansionRole! }
        XCTAssertEqual(Set(roles[.time, default: []].map(\.name)), ["DTSTART", "DTEND", "DURATION", "DUE", "RECURRENCE-ID"])
        XCTAssertEqual(Set(roles[.rule, default: []].map(\.name)), ["RRULE", "RDATE", "EXDATE", "EXRULE"])
        XCTAssertEqual(Set(roles[.text, default: []].map(\.name)), ["UID", "SUMMARY", "STATUS"])
    }

    private func design(_ name: String) -> PropertyDesign {
        PropertyDesignTable.design(for: name)!
    }
}
