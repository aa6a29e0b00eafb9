#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LocalDateTime {
    /// The current time in UTC, to the second, for DTSTAMP.
    public static var nowUTC: LocalDateTime {
        LocalDateTime(secondsSinceEpoch: Int(time(nil)))
    }
}
