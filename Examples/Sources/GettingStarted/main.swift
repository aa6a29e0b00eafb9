import CalbridgeKit
import Foundation

// The getting-started article's steps, in its order (Sources/CalbridgeKit/Documentation.docc/
// GettingStarted.md). Run from the repository's root, writing into the folder given (the current one
// by default); every date printed is fixed, so Scripts/test checks the output word for word.
let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let berlin = TimeZone(identifier: "Europe/Berlin")!
var style = Date.ISO8601FormatStyle(timeZone: berlin)
style = style.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .colon)

// 1. Read, edit, expand, write.
var semester = try EventCalendar(contentsOfFile: "Samples/semester-informatik.ics")
print(semester.name ?? "", semester.color ?? "", semester.events.count)
semester.name = "Informatik, 3. Semester"
semester.events[0].location = "H1.14"
let firstWeek = DateInterval(start: try Date("2026-10-12T00:00:00+02:00", strategy: .iso8601), duration: 7 * 86_400)
for lecture in semester.occurrences(in: firstWeek, zone: berlin).prefix(3) {
    print(lecture.startDate.formatted(style), lecture.title ?? "", lecture.location ?? "")
}
try semester.write(to: output.appendingPathComponent("semester.jcal"))

// 2. A timetable to a calendar.
let timetable = try EventCalendar(contentsOfFile: "Samples/semester-informatik.json")
print(timetable.name ?? "", timetable.events.filter { $0.recurrenceID == nil }.count, "lectures")
try timetable.write(to: output.appendingPathComponent("timetable.ics"))

// 3. Contact birthdays.
var birthdays = try EventCalendar(contentsOfFile: "Samples/contacts-google.vcf")
for index in birthdays.events.indices {
    birthdays.events[index].alarms = [Alarm(relativeOffset: -9 * 3600, description: birthdays.events[index].title ?? "")]
}
for birthday in birthdays.events.sorted(by: { $0.title ?? "" < $1.title ?? "" }) {
    print(birthday.title ?? "", birthday.start?.icalendarText ?? "", birthday.recurrenceRules.map(\.icalendarText))
}

// 4. A calendar from scratch: a birthday and a lecture series.
var mine = EventCalendar()
mine.name = "Mine"
var ada = Event(title: "Ada Lovelace", allDayOn: CalendarDate(year: 1815, month: 12, day: 10), uid: "ada@example.org")
ada.recurrenceRules = [RecurrenceRule(.yearly)]
mine.add(ada)
var compilers = Event(title: "Compilerbau", startDate: try Date("2026-10-13T10:00:00+02:00", strategy: .iso8601),
                      endDate: try Date("2026-10-13T11:30:00+02:00", strategy: .iso8601), timeZone: berlin, uid: "compilers@example.org")
compilers.location = "H1.12"
compilers.recurrenceRules = [RecurrenceRule(.weekly, daysOfTheWeek: [.init(.tuesday)], end: .count(14))]
compilers.alarms = [Alarm(relativeOffset: -15 * 60)]
mine.add(compilers)
let december = DateInterval(start: try Date("2026-12-01T00:00:00+01:00", strategy: .iso8601), duration: 14 * 86_400)
for occurrence in mine.occurrences(in: december, zone: berlin) {
    print(occurrence.startDate.formatted(style), occurrence.title ?? "", occurrence.isAllDay ? "all day" : occurrence.location ?? "")
}
try mine.write(to: output.appendingPathComponent("mine.ics"))
