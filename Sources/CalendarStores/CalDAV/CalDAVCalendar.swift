import CalendarWebFormats

/// A calendar collection of a CalDAV account, as discovery finds it: what `calbridge calendars`
/// lists and what `--calendar NAME` is matched against.
package struct CalDAVCalendar: Hashable, Sendable {
    /// The collection's URL without credentials, ending in `/`.
    package var url: String
    /// `displayname`, when the server keeps one.
    package var displayName: String?
    /// Apple's `calendar-color` (`#RRGGBB` or `#RRGGBBAA`), when set.
    package var color: String?
    /// `supported-calendar-component-set` (`VEVENT`, `VTODO`); empty when the server does not say,
    /// which RFC 4791 §5.2.3 reads as "any".
    package var components: [String]

    package init(url: String, displayName: String?, color: String?, components: [String]) {
        self.url = url
        self.displayName = displayName
        self.color = color
        self.components = components
    }

    /// The last segment of the URL, the name a user sees in it.
    package var pathName: String {
        CalDAVPath.lastSegment(url)
    }

    /// Whether `name` names this calendar: its display name or the last segment of its URL,
    /// exactly or, failing that, ignoring case.
    func isNamed(_ name: String, ignoringCase: Bool) -> Bool {
        let names = [displayName, pathName].compactMap { $0 }
        return ignoringCase ? names.contains { $0.lowercased() == name.lowercased() } : names.contains(name)
    }

    /// One line for a list in a message: `Work (https://host/cal/work/)`.
    package var summary: String {
        "\(displayName.map { $0.isEmpty ? pathName : $0 } ?? pathName) (\(url))"
    }

    /// The properties discovery asks of each calendar.
    static let properties: [DAVPropertyName] = [.resourceType, .displayName, .calendarColor, .supportedCalendarComponentSet]

    init(_ response: DAVResponse, url: String) {
        self.url = url
        displayName = response[.displayName]
        color = response[.calendarColor].flatMap { $0.isEmpty ? nil : $0 }
        components = response.supportedComponents
    }
}
