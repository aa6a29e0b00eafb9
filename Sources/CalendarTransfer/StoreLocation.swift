import CalendarDocuments
import CalendarStores
import Foundation
import InputFiles

/// Opens the store a location names (the STORE of `import`, `export` and `sync`): a local directory
/// (the vdir layout), or a CalDAV collection URL with `user` and `password` (by default the
/// environment's CALBRIDGE_PASSWORD, never a command-line argument).
public enum StoreLocation {
    public static func open(_ location: String, user: String?, creating: Bool,
                            password: String? = ProcessInfo.processInfo.environment["CALBRIDGE_PASSWORD"]) throws -> any CalendarStore {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw UsageProblem(message: "\(location) is not a URL") }
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
public struct StoreUnavailable: Error, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
