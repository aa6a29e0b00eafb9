import CalendarDocuments
import CalendarModel
import CalendarStores
import Foundation
import Platform

/// Who to be on a CalDAV server and which of the account's calendars to use: `--user`, `--calendar`
/// and the password (the environment's CALBRIDGE_PASSWORD, never a command-line argument).
package struct StoreAccess: Sendable {
    package var user: String?
    package var calendar: String?
    package var password: String?

    package init(
        user: String?, calendar: String? = nil,
        password: String? = ProcessInfo.processInfo.environment["CALBRIDGE_PASSWORD"]
    ) {
        (self.user, self.calendar, self.password) = (user, calendar, password)
    }
}

/// Opens the store a location names (the STORE of `import`, `export` and `sync`): a local directory
/// (the vdir layout), or a CalDAV URL, which `CalDAVAccount` resolves to one collection.
package enum StoreLocation {
    /// The store; a missing directory is made when `makeDirectory`, a missing CalDAV collection only
    /// with `create` (`--create`), else 66 with the account's calendars listed.
    package static func open(_ location: String, access: StoreAccess, create: Bool, makeDirectory: Bool) throws -> any CalendarStore {
        guard
            let store = try open(
                location, access: access, create: create, makeDirectory: makeDirectory, dryRun: false,
                label: CalendarLabel())
        else {
            throw StoreNotFound(message: "\(location) is not there")
        }
        return store
    }

    /// The store, or nil for a dry run into one that does not exist yet (it plans against an empty
    /// one); `label` names and colours a collection it makes.
    package static func open(
        _ location: String, access: StoreAccess, create: Bool, makeDirectory: Bool,
        dryRun: Bool, label: CalendarLabel
    ) throws -> (any CalendarStore)? {
        guard location.hasPrefix("http://") || location.hasPrefix("https://") else {
            if dryRun && !FileManager.default.fileExists(atPath: location) { return nil }
            return try openDirectory(location, creating: makeDirectory)
        }
        guard let url = URL(string: location) else { throw UsageProblem(message: "\(location) is not a URL") }
        do {
            let choice = try CalDAVAccount.collection(
                url, named: access.calendar, user: access.user, password: access.password,
                create: create, label: label, dryRun: dryRun)
            if dryRun && !choice.exists { return nil }
            guard let collection = URL(string: choice.url) else { throw CalDAVError.collectionNotFound(choice.url) }
            return try CalDAVStore(
                collection: collection, user: access.user, password: access.password,
                found: choice.calendar)
        } catch let error as CalDAVError {
            switch error {
            case .noSuchCalendar, .collectionNotFound: throw StoreNotFound(message: "\(location): \(error)")
            case .calendarNotNamed: throw UsageProblem(message: "\(error)")
            default: throw StoreUnavailable(message: "\(location): \(error)")
            }
        } catch {
            throw StoreUnavailable(message: "\(location): \(error)")
        }
    }

    private static func openDirectory(_ location: String, creating: Bool) throws -> any CalendarStore {
        // A store directory that is not there is a missing input (66), not a server that is down.
        if !creating && !FileManager.default.fileExists(atPath: location) {
            throw InputFile.OpenError(
                name: location, code: ENOENT,
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
package struct StoreUnavailable: ExplainedFailure, Sendable {
    package var message: String
    package var kind: FailureKind { .unavailable }

    package init(message: String) {
        self.message = message
    }
}

/// The CalDAV collection named is not there and was not to be made (exit 66).
package struct StoreNotFound: ExplainedFailure, Sendable {
    package var message: String
    package var kind: FailureKind { .missingInput }

    package init(message: String) {
        self.message = message
    }
}
