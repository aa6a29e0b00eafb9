import CalendarModel
import Platform

/// A calendar kept as a vdir, the layout vdirsyncer and khal use: one directory, one `.ics` file per
/// UID. Dot files are temporary files (ours and other tools') and are never listed.
///
/// A file's UID is the one its content declares; a file without a `UID` line belongs to the UID its
/// name encodes (see `VdirFileName`). Files other tools named arbitrarily are therefore found and
/// updated in place rather than duplicated. The etag is an FNV-1a of the bytes, so it is the same
/// in every process and changes exactly when the content does. Writes go to a temporary file that
/// is renamed into place, so a crash leaves the old file or the new one, never part of either.
///
/// Which file holds which UID is remembered between calls (see `VdirIndex`), so a UID held under a
/// foreign name costs a directory scan only when the directory changed.
///
/// Conditional writes are checked against the file as it is just before writing; another process
/// that writes in between is not locked out (a vdir has no locks), so the window is small, not nil.
package final class DirectoryStore: CalendarStore {
    /// The vdir's path, without a trailing slash.
    package let directory: String
    private var index: VdirIndex

    /// Opens the vdir at `directory`, creating it (and its parents) when it is missing and `create`
    /// is set; a path that exists but is not a directory is refused.
    package init(directory: String, create: Bool = true) throws(StoreError) {
        var path = directory
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.directory = path
        index = VdirIndex(directory: path)
        switch PosixFiles.kind(path) {
        case .directory:
            break
        case .missing where create:
            try PosixFiles.makeDirectories(path)
        case .missing:
            throw .unavailable("\(path) does not exist")
        case .regular, .other:
            throw .unavailable("\(path) is not a directory")
        }
    }

    package func list() throws(StoreError) -> [StoredResource] {
        try index.scan(rereadAll: true)
            .map { StoredResource(uid: $0.key, etag: Self.etag($0.value.bytes ?? [])) }
            .sorted { $0.uid < $1.uid }
    }

    package func get(uid: String) throws(StoreError) -> (bytes: [UInt8], etag: String)? {
        guard let file = try locate(uid) else { return nil }
        return (file.bytes, Self.etag(file.bytes))
    }

    @discardableResult
    package func put(uid: String, bytes: [UInt8], expected: String?) throws(StoreError) -> String {
        guard !uid.isEmpty else { throw .unavailable("an empty UID cannot name a file") }
        let name: String
        if let expected {
            guard let file = try locate(uid) else { throw .notFound(uid: uid) }
            guard Self.etag(file.bytes) == expected else { throw .changedElsewhere(uid: uid) }
            name = file.name
        } else {
            guard try locate(uid) == nil else { throw .alreadyExists(uid: uid) }
            name = try freeName(for: uid)
        }
        let directoryBefore = index.currentDirectoryStamp()
        do throws(AtomicFile.Failure) {
            // AtomicFile cleans up its temporary file itself when writing or renaming fails.
            let file = try AtomicFile(destination: path(name))
            try file.write(bytes)
            try file.commit()
        } catch {
            throw .unavailable(error.description)
        }
        PosixFiles.syncDirectory(directory)
        index.wrote(name, bytes: bytes, directoryBefore: directoryBefore)
        return Self.etag(bytes)
    }

    package func delete(uid: String, expected: String?) throws(StoreError) {
        guard let file = try locate(uid) else { throw .notFound(uid: uid) }
        if let expected, Self.etag(file.bytes) != expected { throw .changedElsewhere(uid: uid) }
        guard try PosixFiles.remove(path(file.name)) else { throw .notFound(uid: uid) }
        index.removed(file.name)
        PosixFiles.syncDirectory(directory)
    }

    static func etag(_ bytes: [UInt8]) -> String {
        FNV1a.hex(bytes)
    }

    private func path(_ name: String) -> String {
        directory + "/" + name
    }

    /// The file holding `uid` and its current content. The names this store would give the UID are
    /// tried first, so the common case costs a single read; only a miss scans the directory.
    private func locate(_ uid: String) throws(StoreError) -> (name: String, bytes: [UInt8])? {
        guard !uid.isEmpty else { return nil }
        for name in VdirFileName.candidates(for: uid) {
            if let file = try PosixFiles.read(path(name)), VdirIndex.uid(of: name, bytes: file.bytes) == uid {
                return (name, file.bytes)
            }
        }
        guard let name = try index.name(of: uid),
            let file = try PosixFiles.read(path(name)), VdirIndex.uid(of: name, bytes: file.bytes) == uid
        else { return nil }
        return (name, file.bytes)
    }

    /// The first of the UID's names that no file has: the plain one, unless a file of another UID
    /// (typically one another tool named) already sits there.
    private func freeName(for uid: String) throws(StoreError) -> String {
        for name in VdirFileName.candidates(for: uid) where PosixFiles.kind(path(name)) == .missing {
            return name
        }
        throw .unavailable("every file name for \(uid) holds another UID")
    }
}
