import CalendarStores
import OrderedCollections

/// Who wins when a resource was changed on the mirror's target since the last run: `--on-conflict`.
package enum ConflictChoice: String, CaseIterable, Sendable {
    /// The source's version is written over the target's (or the deletion goes through).
    case source
    /// The target's version stays and is taken as the mirror's from now on.
    case target
    /// Nothing is written and nothing recorded: listed again by every run until decided.
    case skip
}

/// A resource changed on the target since the last run, and what became of it.
package struct MirrorConflict: Hashable, Sendable {
    /// What the target did to the resource, and the source besides; the raw value is what the
    /// report says.
    package enum Change: String, Sendable {
        case changedOnTarget = "changed on the target since the last run"
        case deletedOnTarget = "deleted on the target since the last run"
        case changedOnBoth = "changed on the source and on the target since the last run"
        case deletedOnSource = "deleted on the source and changed on the target since the last run"
    }

    package var uid: String
    package var change: Change
    package var choice: ConflictChoice
}

/// What one mirror run is to do, decided from the state, the source's changes and the target's
/// etags before anything is written: in two steps, since which source resources are read depends
/// on the first and what each is depends on the UID its data declares.
package struct MirrorPlan: Sendable {
    /// Source resources to read: changed since the last run, or to be written over a conflict.
    package var hrefsToRead: [String] = []
    /// UIDs gone from the source since the last run.
    package var removedUIDs: Set<String> = []
    /// What to write: each resource with the source version it was read at.
    package var writes: [(resource: CalendarResource, source: ResourceVersion)] = []
    /// Deletions on the target with the etag each must still have.
    package var deletions: [(uid: String, etag: String)] = []
    /// Deleted on the source but kept on the target (no --delete).
    package var keptDeletions: [String] = []
    package var conflicts: [MirrorConflict] = []
    /// The state's entries as they are to be whatever the writes do (nil: forget the UID).
    package var recorded: [String: MirrorState.Entry?] = [:]

    let state: MirrorState
    let targetEtags: [String: String]
    let choice: ConflictChoice
    let deletes: Bool

    /// The first step: which source resources to read, and the conflicts that need no reading.
    package init(state: MirrorState, changes: StoreChanges, targetEtags: [String: String], choice: ConflictChoice, deletes: Bool) {
        (self.state, self.targetEtags, self.choice, self.deletes) = (state, targetEtags, choice, deletes)
        let uidAt = state.uidsBySourceHref
        var toRead = OrderedSet<String>()
        for version in changes.changed {
            let known = uidAt[version.href].flatMap { state.resources[$0] }
            if let known, known.sourceEtag == version.etag, known.deletedAtSource != true { continue }
            toRead.append(version.href)
        }
        if changes.isCompleteListing {
            let listed = Set(changes.changed.map(\.href))
            removedUIDs = Set(state.resources.filter { !listed.contains($0.value.sourceHref) }.keys)
        } else {
            removedUIDs = Set(changes.removed.compactMap { uidAt[$0] })
                .union(state.resources.filter { $0.value.deletedAtSource == true }.keys)
        }
        // A resource the source left alone and the target changed: read only when the source wins.
        for (uid, entry) in state.resources.sorted(by: { $0.key < $1.key })
        where !removedUIDs.contains(uid) && !toRead.contains(entry.sourceHref) && targetEtags[uid] != entry.targetEtag {
            if choice == .source {
                toRead.append(entry.sourceHref)
            } else {
                decide(uid, targetEtags[uid] == nil ? .deletedOnTarget : .changedOnTarget, entry: entry, source: nil)
            }
        }
        hrefsToRead = Array(toRead)
    }

    /// The second step: the resources read (by UID) become writes or conflicts; the removals
    /// deletions, kept deletions or conflicts.
    package mutating func add(read resources: [(resource: CalendarResource, source: ResourceVersion)]) {
        var seen = Set<String>()
        for read in resources {
            let uid = read.resource.uid
            seen.insert(uid)
            guard let entry = state.resources[uid], targetEtags[uid] != entry.targetEtag else {
                writes.append(read)
                continue
            }
            let change: MirrorConflict.Change =
                targetEtags[uid] == nil
                ? .deletedOnTarget
                : entry.sourceEtag == read.source.etag && entry.sourceHref == read.source.href ? .changedOnTarget : .changedOnBoth
            if choice == .source { writes.append(read) }
            decide(uid, change, entry: entry, source: read.source)
        }
        for uid in removedUIDs.subtracting(seen).sorted() {
            guard let entry = state.resources[uid] else { continue }
            guard let held = targetEtags[uid] else {
                recorded[uid] = .some(nil)
                continue
            }
            if held != entry.targetEtag {
                decide(uid, .deletedOnSource, entry: entry, source: nil)
                guard choice == .source else { continue }
            }
            remove(uid, etag: held, entry: entry)
        }
    }

    /// A deletion on the source: carried out with --delete, else kept and remembered.
    private mutating func remove(_ uid: String, etag: String, entry: MirrorState.Entry) {
        if deletes {
            deletions.append((uid, etag))
        } else {
            keptDeletions.append(uid)
            var kept = entry
            kept.deletedAtSource = true
            recorded[uid] = kept
        }
    }

    /// Lists the conflict; the target winning is recorded at once (the source's writes come later).
    private mutating func decide(_ uid: String, _ change: MirrorConflict.Change, entry: MirrorState.Entry, source: ResourceVersion?) {
        conflicts.append(MirrorConflict(uid: uid, change: change, choice: choice))
        guard choice == .target else { return }
        guard change != .deletedOnSource else {
            recorded[uid] = .some(nil)
            return
        }
        // A deletion on the target is kept as an entry without a target etag: a source that lists
        // everything each run would otherwise find the UID new and copy it again.
        recorded[uid] = MirrorState.Entry(
            sourceHref: source?.href ?? entry.sourceHref, sourceEtag: source?.etag ?? entry.sourceEtag,
            targetHref: entry.targetHref, targetEtag: targetEtags[uid])
    }
}
