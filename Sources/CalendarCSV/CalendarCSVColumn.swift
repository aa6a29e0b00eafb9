/// One column of the calendar CSV that Google Calendar and Outlook read and write, by its meaning;
/// the header text depends on the producer and the language it was localized to.
package enum CalendarCSVColumn: CaseIterable, Sendable {
    case subject, startDate, startTime, endDate, endTime, allDay
    case reminderOn, reminderDate, reminderTime
    case organizer, requiredAttendees, optionalAttendees, resources, billing
    case categories, description, location, mileage, priority, isPrivate, sensitivity, showTimeAs

    /// Outlook's English header (its own capitalization). Google's help spells two of them with
    /// capitals ("All Day Event"); headers are matched without regard to case.
    package var english: String {
        switch self {
        case .subject: "Subject"
        case .startDate: "Start Date"
        case .startTime: "Start Time"
        case .endDate: "End Date"
        case .endTime: "End Time"
        case .allDay: "All day event"
        case .reminderOn: "Reminder on/off"
        case .reminderDate: "Reminder Date"
        case .reminderTime: "Reminder Time"
        case .organizer: "Meeting Organizer"
        case .requiredAttendees: "Required Attendees"
        case .optionalAttendees: "Optional Attendees"
        case .resources: "Meeting Resources"
        case .billing: "Billing Information"
        case .categories: "Categories"
        case .description: "Description"
        case .location: "Location"
        case .mileage: "Mileage"
        case .priority: "Priority"
        case .isPrivate: "Private"
        case .sensitivity: "Sensitivity"
        case .showTimeAs: "Show time as"
        }
    }

    /// German Outlook's header.
    package var german: String {
        switch self {
        case .subject: "Betreff"
        case .startDate: "Beginnt am"
        case .startTime: "Beginnt um"
        case .endDate: "Endet am"
        case .endTime: "Endet um"
        case .allDay: "Ganztägiges Ereignis"
        case .reminderOn: "Erinnerung Ein/Aus"
        case .reminderDate: "Erinnerung am"
        case .reminderTime: "Erinnerung um"
        case .organizer: "Besprechungsplanung"
        case .requiredAttendees: "Erforderliche Teilnehmer"
        case .optionalAttendees: "Optionale Teilnehmer"
        case .resources: "Besprechungsressourcen"
        case .billing: "Abrechnungsinformationen"
        case .categories: "Kategorien"
        case .description: "Beschreibung"
        case .location: "Ort"
        case .mileage: "Reisekilometer"
        case .priority: "Priorität"
        case .isPrivate: "Privat"
        case .sensitivity: "Vertraulichkeit"
        case .showTimeAs: "Zeitspanne zeigen als"
        }
    }

    /// The columns Google Calendar's help lists for its CSV import, in its order.
    package static let google: [CalendarCSVColumn] = [
        .subject, .startDate, .startTime, .endDate, .endTime, .allDay, .description, .location, .isPrivate,
    ]

    /// The columns Outlook exports, in its order: the first nine fixed, the rest sorted by their
    /// localized names, which is why German Outlook puts Beschreibung before Kategorien.
    package static func outlook(_ language: CalendarCSVLanguage) -> [CalendarCSVColumn] {
        let fixed: [CalendarCSVColumn] = [
            .subject, .startDate, .startTime, .endDate, .endTime, .allDay,
            .reminderOn, .reminderDate, .reminderTime,
        ]
        let named: [CalendarCSVColumn] = [.organizer, .requiredAttendees, .optionalAttendees, .resources]
        let sorted = allCases.filter { !fixed.contains($0) && !named.contains($0) }
            .sorted { $0.header(language).lowercased() < $1.header(language).lowercased() }
        return fixed + named + sorted
    }

    /// The header in `language`.
    package func header(_ language: CalendarCSVLanguage) -> String {
        language == .german ? german : english
    }
}

/// The language of a calendar CSV's header row and of its words (booleans) and date forms.
package enum CalendarCSVLanguage: String, CaseIterable, Sendable {
    case english = "en", german = "de"
}
