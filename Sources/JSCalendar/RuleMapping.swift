import CalendarModel
import JSONReading
import TimeZones

/// RRULE and EXRULE as RFC 8984's RecurrenceRule (§4.3.3), part for part in the order written, with
/// UNTIL a LocalDateTime in the start's own form.
enum RuleMapping {
    private static let numberLists = [
        ("BYMONTHDAY", "byMonthDay"), ("BYYEARDAY", "byYearDay"), ("BYWEEKNO", "byWeekNo"),
        ("BYHOUR", "byHour"), ("BYMINUTE", "byMinute"), ("BYSECOND", "bySecond"),
        ("BYSETPOS", "bySetPosition"),
    ]
    private static let lowerCased = [("FREQ", "frequency"), ("WKST", "firstDayOfWeek"), ("RSCALE", "rscale"), ("SKIP", "skip")]

    /// The rule of `property`, when it converts back to the very same line.
    static func rule(for property: Property, form: DateForm, zones: TimeZoneResolver) -> JSONValue? {
        guard property.parameters.isEmpty, let json = rule(of: property.value, form: form, zones: zones),
            text(of: json, form: form, zones: zones) == property.value
        else { return nil }
        return json
    }

    private static func rule(of raw: String, form: DateForm, zones: TimeZoneResolver) -> JSONValue? {
        var object = JSONObject(type: "RecurrenceRule")
        for part in raw.split(separator: ";", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { return nil }
            let name = String(pieces[0]), value = String(pieces[1])
            let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let pair = lowerCased.first(where: { $0.0 == name }) {
                object[pair.1] = .string(value.lowercased())
            } else if let pair = numberLists.first(where: { $0.0 == name }) {
                guard values.allSatisfy({ Int($0) != nil }) else { return nil }
                object[pair.1] = .array(values.map { .number($0) })
            } else if name == "INTERVAL" || name == "COUNT", Int(value) != nil {
                object[name.lowercased()] = .number(value)
            } else if name == "BYMONTH" {
                object["byMonth"] = .array(values.map { .string($0) })
            } else if name == "BYDAY" {
                let days = values.compactMap(nDay)
                guard days.count == values.count else { return nil }
                object["byDay"] = .array(days)
            } else if name == "UNTIL" {
                guard let until = until(value, form: form, zones: zones) else { return nil }
                object["until"] = .string(until)
            } else {
                return nil
            }
        }
        return object.value
    }

    /// The RRULE text of a RecurrenceRule, or nil for one iCalendar cannot say.
    static func text(of json: JSONValue, form: DateForm, zones: TimeZoneResolver) -> String? {
        var parts: [String] = []
        for member in json.members where member.key != "@type" {
            if let pair = lowerCased.first(where: { $0.1 == member.key }), let value = member.value.string {
                parts.append(pair.0 + "=" + value.uppercased())
            } else if let pair = numberLists.first(where: { $0.1 == member.key }), case .array(let items) = member.value {
                parts.append(pair.0 + "=" + items.compactMap(number).joined(separator: ","))
            } else if member.key == "interval" || member.key == "count", let value = number(member.value) {
                parts.append(member.key.uppercased() + "=" + value)
            } else if member.key == "byMonth", case .array(let items) = member.value {
                parts.append("BYMONTH=" + items.compactMap(\.string).joined(separator: ","))
            } else if member.key == "byDay", case .array(let items) = member.value {
                parts.append("BYDAY=" + items.compactMap(dayText).joined(separator: ","))
            } else if member.key == "until", let text = member.value.string, let time = form.time(.string(text)) {
                guard let until = untilText(time, form: form, zones: zones) else { return nil }
                parts.append("UNTIL=" + until)
            } else {
                return nil
            }
        }
        return parts.joined(separator: ";")
    }

    private static func number(_ json: JSONValue) -> String? {
        if case .number(let literal) = json, Int(literal) != nil { return literal }
        return nil
    }

    private static func nDay(_ text: String) -> JSONValue? {
        let day = text.suffix(2)
        let nth = text.dropLast(2)
        guard day.uppercased() == day, Weekday(code: String(day)) != nil else { return nil }
        var object = JSONObject(type: "NDay")
        object["day"] = .string(day.lowercased())
        if !nth.isEmpty {
            guard let number = Int(nth) else { return nil }
            object["nthOfPeriod"] = .number(String(number))
        }
        return object.value
    }

    private static func dayText(_ json: JSONValue) -> String? {
        guard let day = json["day"]?.string else { return nil }
        let nth = json["nthOfPeriod"].flatMap(number) ?? ""
        return nth + day.uppercased()
    }

    /// UNTIL as a LocalDateTime in the start's form (RFC 8984 §4.3.3): a date for a date start, the
    /// wall-clock time for a floating one, and for a zoned start the time in its zone of the UTC
    /// instant RFC 5545 §3.3.10 writes there.
    private static func until(_ raw: String, form: DateForm, zones: TimeZoneResolver) -> String? {
        switch (DateValue(icalendar: raw), form) {
        case (.date(let date)?, .date): return LocalDateTime(date: date).isoFormat
        case (.utc(let time)?, .utc), (.floating(let time)?, .floating): return time.isoFormat
        case (.utc(let time)?, .zoned(let tzid)):
            return zones.zone(for: tzid)?.local(atUTC: time.secondsSinceEpoch).isoFormat
        default: return nil
        }
    }

    /// UNTIL as the start's form writes it: a zoned start's in UTC.
    private static func untilText(_ time: LocalDateTime, form: DateForm, zones: TimeZoneResolver) -> String? {
        switch form {
        case .date: return time.date.basicFormat
        case .utc: return DateValue.utc(time).icalendarText
        case .floating: return time.basicFormat
        case .zoned(let tzid):
            return zones.zone(for: tzid).map { DateValue.utc(LocalDateTime(secondsSinceEpoch: $0.utcSecond(forLocal: time))).icalendarText }
        }
    }
}
