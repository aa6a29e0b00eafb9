import CalendarModel
import CalendarStores
import Foundation

extension CalendarListing {
    /// The calendars at `url` (a server root, .well-known/caldav, a principal, a calendar home or a
    /// calendar); a URL that is not http(s) is a usage problem, a path with nothing at it
    /// ``StoreNotFound``, any other failure (a server that does not answer too) ``StoreUnavailable``.
    package static func calendars(at url: String, access: StoreAccess) throws -> [CalDAVCalendar] {
        guard let parsed = URL(string: url), url.hasPrefix("http") else {
            throw UsageProblem(message: "\(url) is not an http or https URL")
        }
        do {
            return try CalDAVAccount.calendars(at: parsed, user: access.user, password: access.password)
        } catch CalDAVError.collectionNotFound(let missing) {
            throw StoreNotFound(message: "\(url): nothing is at \(missing)")
        } catch let error as CalDAVError {
            throw StoreUnavailable(message: "\(url): \(error)")
        } catch StoreError.unavailable(let reason) {
            // Listing is all discovery: a server that does not answer it cannot be reached (69), as
            // for import's, not one that went away part-way through a run (75).
            throw StoreUnavailable(message: "\(url): the server cannot be reached: \(reason)")
        }
    }
}
