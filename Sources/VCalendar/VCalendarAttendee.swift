import CalendarModel

/// vCalendar's ATTENDEE (`ATTENDEE;ROLE=ATTENDEE;STATUS=CONFIRMED;RSVP=YES;EXPECT=REQUIRE:John Smith
/// <jsmith@host.com>`) as RFC 5545's: the address a `mailto:` URI with the name as CN, STATUS as
/// PARTSTAT, EXPECT as ROLE, RSVP as TRUE/FALSE. An ORGANIZER or OWNER role makes it the ORGANIZER.
/// A parameter value RFC 5545 has no word for is kept under an X-VCALENDAR- name.
enum VCalendarAttendee {
    static func translate(_ line: VCalendarLine) -> Property {
        let (name, address) = nameAndAddress(line.value.trimmingBlanks)
        var parameters: [Parameter] = name.map { [Parameter(name: "CN", values: [$0])] } ?? []
        var isOrganizer = false
        for parameter in line.parameters {
            let value = parameter.values.first?.uppercased() ?? ""
            switch parameter.name {
            case "ROLE":
                switch value {
                case "ORGANIZER", "OWNER": isOrganizer = true
                case "ATTENDEE": break
                default: parameters.append(Parameter(name: "X-VCALENDAR-ROLE", values: parameter.values))
                }
            case "STATUS":
                let partstat = partStatus[value]
                parameters.append(
                    partstat.map { Parameter(name: "PARTSTAT", values: [$0]) }
                        ?? Parameter(name: "X-VCALENDAR-STATUS", values: parameter.values))
            case "EXPECT":
                let role = roles[value]
                parameters.append(
                    role.map { Parameter(name: "ROLE", values: [$0]) }
                        ?? Parameter(name: "X-VCALENDAR-EXPECT", values: parameter.values))
            case "RSVP":
                let answer = ["YES": "TRUE", "TRUE": "TRUE", "NO": "FALSE", "FALSE": "FALSE"][value]
                parameters.append(
                    answer.map { Parameter(name: "RSVP", values: [$0]) }
                        ?? Parameter(name: "X-VCALENDAR-RSVP", values: parameter.values))
            case "TYPE": continue  // vCalendar's address type (INTERNET); the mailto: URI says it
            default: parameters.append(parameter)
            }
        }
        if isOrganizer { parameters.removeAll { ["PARTSTAT", "ROLE", "RSVP"].contains($0.name) } }
        return Property(
            name: isOrganizer ? "ORGANIZER" : "ATTENDEE", parameters: parameters, value: VCalendarTranslation.carried(address),
            location: line.location)
    }

    private static let partStatus = [
        "ACCEPTED": "ACCEPTED", "NEEDS ACTION": "NEEDS-ACTION", "NEEDS-ACTION": "NEEDS-ACTION", "SENT": "NEEDS-ACTION",
        "TENTATIVE": "TENTATIVE", "CONFIRMED": "ACCEPTED", "DECLINED": "DECLINED", "COMPLETED": "COMPLETED",
        "DELEGATED": "DELEGATED",
    ]

    /// EXPECT says how much the attendee is wanted: REQUIRE and IMMEDIATE must come, REQUEST may,
    /// FYI is told only.
    private static let roles = [
        "REQUIRE": "REQ-PARTICIPANT", "IMMEDIATE": "REQ-PARTICIPANT", "REQUEST": "OPT-PARTICIPANT",
        "FYI": "NON-PARTICIPANT",
    ]

    /// `John Smith <jsmith@host.com>` → ("John Smith", "mailto:jsmith@host.com"); an address alone has
    /// no name; an address that is already a URI (`mailto:`, `urn:`) is kept. A line break in a
    /// quoted-printable name (`=0D=0A`) becomes `\n`, the one break a CN can hold (RFC 6868's `^n`).
    private static func nameAndAddress(_ value: String) -> (String?, String) {
        var name: String?
        var address = value
        if let open = value.lastIndex(of: "<"), let close = value.lastIndex(of: ">"), open < close {
            address = String(value[value.index(after: open)..<close]).trimmingBlanks
            let written = value[..<open].trimmingBlanks.trimmingCharacters("\"")
            name = written.isEmpty ? nil : written.withNewlineBreaks
        }
        let isURI = address.contains(":")
        return (name, isURI ? address : "mailto:" + address)
    }
}

extension String {
    /// The text with each line break (CRLF, CR or LF) as LF.
    var withNewlineBreaks: String {
        guard contains(where: { $0 == "\r" || $0 == "\r\n" }) else { return self }
        return String(map { $0 == "\r" || $0 == "\r\n" ? "\n" : $0 })
    }

    /// The text without the character at either end.
    func trimmingCharacters(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
