import CalendarModel
import Occurrences
import Recurrence
import TimeZones
import ICalendar

/// Recurrence rules read, written back, and expanded.
enum RecurrenceTargets {
    /// A rule calbridge writes is one it reads as the same rule.
    static let rule = FuzzTarget("rrule") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        guard let rule = RecurrenceRuleReading(text).rule else { return nil }
        let written = rule.icalendarText
        let again = RecurrenceRuleReading(written).rule
        return again == rule ? nil : "\(text) was written as \(written), which reads as \(again.map { "\($0)" } ?? "no rule")"
    }

    /// The first line is a DTSTART value, the rest a rule. Its instances come in order, never before
    /// DTSTART and at most COUNT of them; expanded as an event over a year, every occurrence lies in
    /// the window, in order, at most COUNT of them and DTSTART.
    static let expansion = FuzzTarget("recurrence") { bytes in
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2, let start = DateValue(icalendar: String(lines[0])),
            let rule = RecurrenceRuleReading(String(lines[1])).rule
        else { return nil }
        return instanceFault(rule, start) ?? expansionFault(rule, start)
    }

    static let instanceLimit = 2_000

    private static func instanceFault(_ rule: RecurrenceRule, _ start: DateValue) -> String? {
        var previous: LocalDateTime?
        var produced = 0
        for instance in RuleInstances(rule: rule, start: start).prefix(instanceLimit) {
            produced += 1
            if instance.local < start.local { return "instance \(instance.local) before DTSTART \(start.local)" }
            if let previous, instance.local <= previous { return "instance \(instance.local) after \(previous): out of order" }
            previous = instance.local
        }
        if let count = rule.count, produced > count { return "COUNT=\(count) gave \(produced) instances" }
        return nil
    }

    private static func expansionFault(_ rule: RecurrenceRule, _ start: DateValue) -> String? {
        var event = start.property(named: "DTSTART")
        event.location = nil
        let calendar = Component(
            name: "VCALENDAR",
            components: [
                Component(
                    name: "VEVENT",
                    properties: [
                        Property(name: "UID", value: "fuzz"), event, Property(name: "DURATION", value: "PT1H"),
                        Property(name: "RRULE", value: rule.icalendarText),
                    ])
            ])
        var expansion = CalendarExpansion(calendar: calendar)
        expansion.budget = 20_000
        let utc = FixedOffsetZone(seconds: 0)
        let window = (
            LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 1)),
            LocalDateTime(date: CalendarDate(year: 2027, month: 1, day: 1))
        )
        guard let found = try? expansion.occurrences(from: window.0, to: window.1, in: utc) else { return nil }
        // DTSTART is an occurrence even when the rule does not yield it (RFC 5545 §3.8.5.3): one more.
        if let count = rule.count, found.count > count + 1 { return "COUNT=\(count) gave \(found.count) occurrences" }
        let (low, high) = (window.0.secondsSinceEpoch, window.1.secondsSinceEpoch)
        var previous = Int.min
        for occurrence in found {
            let begins = occurrence.start.orderingSecond(floatingZone: utc)
            let ends = occurrence.end.orderingSecond(floatingZone: utc)
            if begins < previous { return "an occurrence at \(occurrence.start.isoText) comes after a later one" }
            previous = begins
            let overlaps = begins < high && (ends > low || (ends <= begins && begins >= low))
            if !overlaps { return "the occurrence \(occurrence.start.isoText)–\(occurrence.end.isoText) lies outside the window" }
        }
        return nil
    }
}
