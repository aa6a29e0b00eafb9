import CalendarModel
import Foundation

/// One store of a manifest row and who to be there: the password is read from the environment
/// variable the row names, never kept in the manifest.
package struct ManifestStore: Sendable, Hashable {
    /// A CalDAV URL, or a directory resolved against the manifest's folder.
    package var location: String
    package var user: String?
    package var calendar: String?
    package var passwordVariable: String
    /// Where the row names the password variable, nil when it takes the default.
    var passwordPlace: SourceLocation?

    /// What tells this calendar apart from every other.
    var key: String { [location, user ?? "", calendar ?? ""].joined(separator: "\n") }

    /// The access for `StoreLocation.open`, the password from `environment`.
    package func access(in environment: [String: String]) -> StoreAccess {
        StoreAccess(user: user, calendar: calendar, password: environment[passwordVariable])
    }
}

/// One row of a manifest of mirror rows (`mirror --manifest`, `verify --manifest`): a source and a
/// target, as `calbridge mirror SOURCE TARGET` takes them.
package struct MirrorManifestRow: Sendable, Hashable {
    /// The row's place among the manifest's rows, from 0 (what `--shard` counts).
    package var index: Int
    /// The line of the manifest it starts on.
    package var line: Int
    package var source: ManifestStore
    package var target: ManifestStore

    /// The file name of the row's mirror state: readable (the target's user and calendar), and
    /// unique to the pair of calendars, so it survives rows being added, removed or reordered, and a
    /// row given another source starts afresh instead of finding a state that is not its own.
    package var stateName: String {
        let named = [target.user, target.calendar ?? URL(string: target.location)?.lastPathComponent].compactMap { $0 }.map(UIDSlug.make)
        let slug = String(named.filter { !$0.isEmpty }.joined(separator: "-").prefix(40))
        return (slug.isEmpty ? "" : slug + "-") + FNV1a.hex((source.key + "\n\n" + target.key).utf8) + ".mirror.json"
    }

    /// `alice Work` (the target's user and calendar, else its location), for messages.
    package var name: String {
        ([target.user, target.calendar].compactMap { $0 } + (target.calendar == nil ? [target.location] : [])).joined(separator: " ")
    }
}
