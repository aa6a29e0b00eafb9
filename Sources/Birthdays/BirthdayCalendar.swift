import CalendarModel

/// Makes a calendar of birthdays and anniversaries from contact cards: one all-day yearly event per
/// contact and date (or, with `ages`, one event a year titled with the age), with stable UIDs so a
/// re-run replaces rather than duplicates, and the contact named in X-CALBRIDGE-BIRTHDAY-CONTACT.
package struct BirthdayCalendar {
    package var options: BirthdayOptions
    /// DTSTAMP of every event; fixed by the caller so output is reproducible.
    package var timestamp: LocalDateTime

    /// The year written as DTSTART when a card leaves the year out: a leap year (so 29 February
    /// exists), and the one Apple Contacts uses for the same purpose.
    static let unknownYear = 1604

    package init(options: BirthdayOptions, timestamp: LocalDateTime) {
        self.options = options
        self.timestamp = timestamp
    }

    package func calendar(for cards: [ContactCard]) -> Component {
        var calendar = EventCalendar()
        calendar.name = BirthdayTitles(language: options.language).calendarName
        calendar.component.properties.append(Property(name: "CALSCALE", value: "GREGORIAN"))
        for card in cards {
            for date in card.dates where CalendarDate(year: date.year ?? Self.unknownYear, month: date.month, day: date.day).isValid {
                calendar.component.components += events(for: date, of: card)
            }
        }
        return calendar.component
    }

    private func events(for date: ContactDate, of card: ContactCard) -> [Component] {
        let titles = BirthdayTitles(language: options.language)
        if let ages = options.ages, let year = date.year {
            return ages.compactMap { age in
                let on = Self.day(of: date, in: year + age, rule: options.february29)
                guard let on, death(card).map({ on <= $0 }) ?? true else { return nil }
                var event = base(for: date, of: card, start: on, uidSuffix: "-\(year + age)")
                event.summary = titles.title(date.kind, card.displayName, age: age)
                return event.component
            }
        }
        let start = CalendarDate(year: date.year ?? Self.unknownYear, month: date.month, day: date.day)
        var event = base(for: date, of: card, start: start, uidSuffix: "")
        event.summary = titles.title(date.kind, card.displayName)
        event.component.properties.append(Property(name: "RRULE", value: rule(for: start, until: death(card))))
        return [event.component]
    }

    private func base(for date: ContactDate, of card: ContactCard, start: CalendarDate, uidSuffix: String) -> Event {
        var event = Event()
        event.uid = uid(for: date, of: card) + uidSuffix
        event.component.properties.append(DateValue.utc(timestamp).property(named: "DTSTAMP"))
        event.start = .date(start)
        event.end = .date(start.adding(days: 1))
        if let year = date.year { event.notes = BirthdayTitles(language: options.language).description(date.kind, year: year) }
        event.component.properties += [
            Property(name: "TRANSP", value: "TRANSPARENT"),
            Property(name: "CATEGORIES", value: date.kind == .birthday ? "Birthday" : "Anniversary"),
        ]
        event.birthdayContact = card.uid ?? card.displayName
        if let alarm = options.alarm {
            event.component.components.append(
                Component(
                    name: "VALARM",
                    properties: [
                        Property(name: "ACTION", value: "DISPLAY"), Property(name: "TRIGGER", value: alarm),
                        Property(name: "DESCRIPTION", value: TextEscaping.escape(event.summary ?? card.displayName)),
                    ]))
        }
        return event
    }

    /// A yearly rule; for 29 February the one that puts the day where `--feb29` asks in common years.
    private func rule(for start: CalendarDate, until: CalendarDate?) -> String {
        var rule = RecurrenceRule(frequency: .yearly)
        if start.month == 2 && start.day == 29 {
            switch options.february29 {
            case .leapOnly: (rule.byMonth, rule.byMonthDay) = ([2], [29])
            case .feb28: (rule.byMonth, rule.byMonthDay) = ([2], [-1])
            case .mar1: rule.byYearDay = [60]
            }
        }
        rule.until = until.map(DateValue.date)
        return rule.icalendarText
    }

    /// The day a date falls on in `year`, by the 29 February rule; `nil` when it does not fall that year.
    static func day(of date: ContactDate, in year: Int, rule: February29Rule) -> CalendarDate? {
        let exact = CalendarDate(year: year, month: date.month, day: date.day)
        if exact.isValid { return exact }
        guard date.month == 2 && date.day == 29 else { return nil }
        switch rule {
        case .leapOnly: return nil
        case .feb28: return CalendarDate(year: year, month: 2, day: 28)
        case .mar1: return CalendarDate(year: year, month: 3, day: 1)
        }
    }

    private func death(_ card: ContactCard) -> CalendarDate? {
        card.deathDate.map { CalendarDate(year: $0.year ?? Self.unknownYear, month: $0.month, day: $0.day) }
    }

    /// A UID that is the same on every run: from the card's UID (or its name and the date when it has
    /// none) and the kind of date, so birthday and anniversary of one contact differ.
    private func uid(for date: ContactDate, of card: ContactCard) -> String {
        let kind: String
        switch date.kind {
        case .birthday: kind = "birthday"
        case .anniversary: kind = "anniversary"
        case .labelled(let label): kind = "date-" + UIDSlug.make(label)
        }
        // Without a card UID the name alone would join namesakes; the date keeps them apart.
        let owner =
            card.uid.map(UIDSlug.make)
            ?? "name-" + UIDSlug.make(card.displayName) + "-"
            + CalendarDate(year: 2000, month: date.month, day: date.day).basicFormat.suffix(4)
        return "\(kind)-\(owner)@calbridge"
    }
}
