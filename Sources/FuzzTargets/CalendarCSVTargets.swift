import CalendarCSV
import CalendarModel

/// Google's and Outlook's calendar CSV: the `csv` entry's second reader (the entry's own target is
/// the timetable's, `timetable-csv`).
enum CalendarCSVTargets {
    /// A calendar CSV is read or refused; the events of one read, written in each form and read
    /// again, have the same summaries, times, descriptions and places.
    static let calendarCSV = FuzzTarget("calendar-csv") { bytes in
        // Slashed dates read month first, as Google's and English Outlook's forms are written back.
        let reading = CalendarCSVOptions(dateOrder: .mdy)
        guard let first = try? CalendarCSVReader.read(bytes, file: "fuzz.csv", options: reading).calendar else { return nil }
        let forms = [
            CalendarCSVOptions(style: .google), CalendarCSVOptions(style: .outlook),
            CalendarCSVOptions(style: .outlook, language: .german),
        ]
        for form in forms {
            let name = "\(form.style.rawValue) (\(form.language.rawValue))"
            let written: [UInt8]
            do {
                written = try CalendarCSVWriter.write(first, options: form).bytes
            } catch {
                return "calbridge cannot write as \(name) the calendar CSV it read: \(error)"
            }
            WrittenTrace.keep(written)
            guard let again = try? CalendarCSVReader.read(written, file: "fuzz.csv", options: reading).calendar else {
                return "calbridge refuses the \(name) CSV it wrote"
            }
            let before = eventKeys(first), after = eventKeys(again)
            if before != after {
                return
                    "the \(name) CSV calbridge wrote reads back as other events: \(before.subtracting(after).sorted().first ?? "") became \(after.subtracting(before).sorted().first ?? "")"
            }
        }
        return nil
    }

    /// What each event of a calendar CSV says, counted: an event without an end ends as it starts.
    private static func eventKeys(_ calendar: Component) -> Set<String> {
        var counts: [String: Int] = [:]
        for event in calendar.components {
            let start = event["DTSTART"]?.value ?? ""
            let fields = [
                event["SUMMARY"]?.value ?? "", start, event["DTEND"]?.value ?? start,
                event["DESCRIPTION"]?.value ?? "", event["LOCATION"]?.value ?? "",
            ]
            counts[fields.joined(separator: " | "), default: 0] += 1
        }
        return Set(counts.map { "\($0.key) ×\($0.value)" })
    }
}
