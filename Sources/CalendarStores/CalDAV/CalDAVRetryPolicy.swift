import Foundation

/// How long to wait before trying a request again after a passing failure (5xx, 429, a timeout, a
/// dropped connection): exponential backoff, or the server's own `Retry-After`, within a budget of
/// tries and seconds, so a server that stays down makes calbridge give up in bounded time instead
/// of hanging a sync.
struct CalDAVRetryPolicy: Sendable {
    /// Tries in all, the first included.
    var maximumTries = 5
    /// Seconds from the first try after which no further try starts.
    var budget: Double = 30
    /// The wait after the first failure; each later wait doubles it.
    var firstDelay: Double = 0.25
    /// Seconds one try has until its whole answer is in: 120, or `CALBRIDGE_REQUEST_TIMEOUT` (tests
    /// of stalled servers set a few seconds rather than wait minutes for each stall).
    var requestSeconds: Double = Self.requestSecondsFromEnvironment
    /// Seconds a try has whose answer streams into the caller (a whole calendar's REPORT): long
    /// enough for a large calendar over a slow line, still an end for a server that trickles.
    var streamSeconds: Double = 1_800

    private static let requestSecondsFromEnvironment: Double = {
        guard let text = ProcessInfo.processInfo.environment["CALBRIDGE_REQUEST_TIMEOUT"], let seconds = Double(text),
            seconds > 0
        else { return 120 }
        return seconds
    }()

    /// The seconds to wait before try number `tries + 1`, or nil when the budget is spent. A
    /// `Retry-After` beyond the budget gives up at once: waiting less would be refused again.
    func delay(afterTries tries: Int, elapsed: Double, retryAfter: Double?) -> Double? {
        guard tries < maximumTries else { return nil }
        let wait = retryAfter ?? firstDelay * pow(2, Double(tries - 1))
        guard elapsed + wait <= budget else { return nil }
        return wait
    }

    /// `Retry-After` (RFC 9110 §10.2.3) in seconds from `now`: delay-seconds or an HTTP-date.
    static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return Double(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
