import CalbridgeKit
import Foundation

// The README's five lines. Scripts/test gives "now" (ISO 8601) and the zone (TZ) so that what they
// print can be checked; without an argument "now" is now.
let now = CommandLine.arguments.dropFirst().first.flatMap { ISO8601DateFormatter().date(from: $0) } ?? .now

var calendar = try EventCalendar(contentsOfFile: "Samples/semester-informatik.ics")
let lectures = Array(calendar.occurrences(in: DateInterval(start: now, duration: 7 * 86_400)))
for lecture in lectures { print(lecture.startDate.formatted(date: .abbreviated, time: .shortened), lecture.title ?? "", lecture.location ?? "") }
if let first = lectures.first { calendar.move(first, to: first.startDate + 86_400) }
try calendar.write(to: URL(fileURLWithPath: "semester.ics"))
