import CalendarModel
import CalendarStores
import Foundation
import Platform

/// What a mirror knows between runs: where the source's next change listing starts, and for each
/// UID copied the source's href and etag and the target's (href and) etag as they were then.
/// Saved atomically after every chunk of writes and at the end, so a killed run loses at most a
/// chunk's records, and those are settled by what the target holds (the same content is recorded,
/// not written again).
package struct MirrorState: Codable, Hashable, Sendable {
    /// One resource copied.
    package struct Entry: Codable, Hashable, Sendable {
        package var sourceHref: String
        package var sourceEtag: String
        /// Where the target keeps it, when the target says (a CalDAV path).
        package var targetHref: String?
        /// Nil when the target's deletion of it was kept (`--on-conflict target`).
        package var targetEtag: String?
        /// Removed from the source but kept on the target (a run without --delete): listed again,
        /// and deleted by the first run with --delete.
        package var deletedAtSource: Bool?

        package init(sourceHref: String, sourceEtag: String, targetHref: String?, targetEtag: String?) {
            self.sourceHref = sourceHref
            self.sourceEtag = sourceEtag
            self.targetHref = targetHref
            self.targetEtag = targetEtag
        }
    }

    package static let formatName = "calbridge-mirror-state"

    package var format = MirrorState.formatName
    package var version = 1
    package var source: String
    package var target: String
    /// Where the next run's change listing starts; nil until a run has ended without failures.
    package var mark: ChangeMark?
    /// By UID.
    package var resources: [String: Entry]

    package init(source: String, target: String, mark: ChangeMark? = nil, resources: [String: Entry] = [:]) {
        self.source = source
        self.target = target
        self.mark = mark
        self.resources = resources
    }

    /// The UID each source href holds, as far as the state knows.
    package var uidsBySourceHref: [String: String] {
        Dictionary(resources.map { ($0.value.sourceHref, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// The state at `path`, or a fresh one when there is none yet; one written for another pair
    /// of stores is refused (65), since its etags say nothing about these.
    package static func load(from path: String, source: String, target: String) throws -> MirrorState {
        guard let data = FileManager.default.contents(atPath: path) else { return MirrorState(source: source, target: target) }
        guard let loaded = try? decoder.decode(MirrorState.self, from: data), loaded.format == formatName else {
            throw MirrorStateRefused(message: "\(path) is not a calbridge mirror state; give another --state")
        }
        guard loaded.source == source, loaded.target == target else {
            throw MirrorStateRefused(
                message:
                    "\(path) records a mirror of \(loaded.source) to \(loaded.target), not \(source) to \(target); give another --state")
        }
        return loaded
    }

    /// Writes the state whole or not at all.
    package func save(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try AtomicFile.write(Array(try encoder.encode(self)), to: path)
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

/// A state file that is no mirror's, or another pair of stores' (65): its etags say nothing here.
package struct MirrorStateRefused: ExplainedFailure {
    package var message: String
    package var kind: FailureKind { .invalidData }
}
