/// The UIDs of a collection's resources as their calendar data tells (a name another client chose
/// says nothing about the UID inside). Remembered with the etag the UID was read at, so a listing
/// fetches the data again only for resources that changed.
struct CalDAVForeignNames {
    private(set) var byPath: [String: (etag: String, uid: String)] = [:]
    private(set) var pathByUID: [String: String] = [:]
    /// Whether a listing has looked at every resource; before that, a UID missing under its own
    /// name may still be under a foreign one.
    var isComplete = false

    /// The UID of a foreign resource when it was learned at this etag.
    func uid(at path: String, etag: String) -> String? {
        guard let known = byPath[path], known.etag == etag else { return nil }
        return known.uid
    }

    mutating func record(path: String, etag: String, uid: String) {
        if let old = byPath[path], pathByUID[old.uid] == path { pathByUID[old.uid] = nil }
        byPath[path] = (etag: etag, uid: uid)
        pathByUID[uid] = path
    }

    mutating func forget(path: String) {
        guard let old = byPath.removeValue(forKey: path) else { return }
        if pathByUID[old.uid] == path { pathByUID[old.uid] = nil }
    }

    /// Keeps only the paths a complete listing still holds.
    mutating func keep(only paths: Set<String>) {
        for path in byPath.keys where !paths.contains(path) { forget(path: path) }
    }
}
