import CalendarModel
import Foundation

extension LocalDateTime {
    /// The current time in UTC, to the second, for DTSTAMP.
    static var nowUTC: LocalDateTime {
        LocalDateTime(secondsSinceEpoch: Int(Date().timeIntervalSince1970))
    }
}
