import CalendarStores
import Foundation
import ICalendar
import InputFiles

/// Opens the STORE argument of `import`, `export` and `sync`: a local directory (the vdir layout),
/// or a CalDAV collection URL with the user from `--user` and the password from CALBRIDGE_PASSWORD.
enum StoreLocation {
    static func open(_ location: String, user: String?, creating: Bool) throws -> any CalendarStore {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw UsageProblem(message: "\(location) is not a URL") }
            let password = ProcessInfo.processInfo.environment["CALBRIDGE_PASSWORD"]
            do {
                return try CalDAVStore(collection: url, user: user, password: password,
                                       createIfMissing: creating ? (name: url.lastPathComponent, color: nil) : nil)
            } catch {
                throw StoreUnavailable(message: "\(location): \(error)")
            }
        }
        // A store directory that is not there is a missing input (66), not a server that is down.
        if !creating && !FileManager.default.fileExists(atPath: location) {
            throw InputFile.OpenError(name: location, code: ENOENT,
                                      advice: "a local store is a directory of .ics files, which import creates")
        }
        do {
            return try DirectoryStore(directory: location, create: creating)
        } catch {
            throw StoreUnavailable(message: "\(location): \(error)")
        }
    }
}

/// The store cannot be reached or opened (exit 69).
struct StoreUnavailable: Error {
    var message: String
}
