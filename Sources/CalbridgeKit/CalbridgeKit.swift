// The calendar, its events, to-dos, rules, alarms and attendees are CalendarModel's views over the
// lossless component tree; this module adds reading, writing, Foundation's types and occurrences.
// They are re-exported so that `import CalbridgeKit` is the one import an app needs.
@_exported import CalendarModel
