import CalendarModel
import CalendarStores
import Foundation

extension CalendarListing {
    /// The calendars at `url` (a server root, .well-known/caldav, a principal, a calendar home or a
    /// calendar); a URL that is not http(s) is a usage problem, a path with nothing at it
    /// `StoreNotFound`, any other failure `StoreUnavailable`.
    package static func calendars(at url: String, access: StoreAccess) throws -> [CalDAVCalendar] {
        guard let parsed = URL(string: url), url.hasPrefix("http") else { throw UsageProblem(message: "\(url) is not an http or https URL") }
        do {
            return try CalDAVAccount.calendars(at: parsed, user: access.user, password: access.password)
        } catch CalDAVError.collectionNotFound(let missing) {
            throw StoreNotFound(message: "\(url): nothing is at \(missing)")
        } catch let error as CalDAVError {
            throw StoreUnavailable(message: "\(url): \(error)")
        }
    }
}
