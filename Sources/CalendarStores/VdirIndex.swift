/// Which file of a vdir holds which UID, kept between calls so that looking up a UID the store
/// would not have named itself does not read the whole directory every time.
///
/// The index is trusted while the directory's own stamp is unchanged (adding, removing or renaming
/// an entry changes it); the store's own writes are folded in when nobody else changed the directory
/// first, so a bulk import does not rescan after every file. What this can miss: another tool's
/// change landing within the same timestamp tick as our last look, or a UID edited in place without
/// a rename. Either way a lookup misses (nothing wrong is returned: the store checks the content it
/// reads), and the next `list()`, which reads every file, sets it right.
struct VdirIndex {
    let directory: String
    /// Per file name: its stamp and the UID it held when read.
    private var files: [String: (stamp: FileStamp, uid: String?)] = [:]
    /// Per UID: the file that is its resource.
    private var names: [String: String] = [:]
    /// The directory's stamp when `names` was last brought up to date; `nil` when it never was.
    private var directoryStamp: FileStamp?

    init(directory: String) {
        self.directory = directory
    }

    /// The file name holding `uid`, rescanning first when the directory changed behind our back.
    mutating func name(of uid: String) throws(StoreError) -> String? {
        if directoryStamp == nil || currentDirectoryStamp() != directoryStamp {
            _ = try scan(rereadAll: false)
        }
        return names[uid]
    }

    /// One file per UID. With `rereadAll` every file is read and comes with its bytes; without,
    /// files whose stamp is unchanged keep the UID read last time and come without bytes.
    mutating func scan(rereadAll: Bool) throws(StoreError) -> [String: (name: String, bytes: [UInt8]?)] {
        // Taken before reading the entries, so a change made while we read shows up next time.
        let stampBefore = currentDirectoryStamp()
        let entries = try PosixFiles.names(in: directory)
            .filter { $0.hasSuffix(VdirFileName.suffix) && !$0.hasPrefix(".") }
            .sorted()
        var chosen: [String: (name: String, bytes: [UInt8]?)] = [:]
        var stillThere: [String: (stamp: FileStamp, uid: String?)] = [:]
        for name in entries {
            let uid: String?
            var bytes: [UInt8]?
            if !rereadAll, let known = files[name], PosixFiles.stamp(path(name)) == known.stamp {
                uid = known.uid
                stillThere[name] = known
            } else if let file = try PosixFiles.read(path(name)) {
                uid = Self.uid(of: name, bytes: file.bytes)
                bytes = file.bytes
                stillThere[name] = (file.stamp, uid)
            } else {
                continue
            }
            guard let uid else { continue }
            if let other = chosen[uid], !Self.prefers(name, over: other.name, for: uid) { continue }
            chosen[uid] = (name, bytes)
        }
        files = stillThere
        names = chosen.mapValues(\.name)
        directoryStamp = stampBefore
        return chosen
    }

    /// Records the store's own write of `name`, given the directory's stamp just before it.
    mutating func wrote(_ name: String, bytes: [UInt8], directoryBefore: FileStamp?) {
        let uid = Self.uid(of: name, bytes: bytes)
        if let stamp = PosixFiles.stamp(path(name)) { files[name] = (stamp, uid) }
        if let uid, names[uid].map({ Self.prefers(name, over: $0, for: uid) }) ?? true { names[uid] = name }
        if directoryBefore == directoryStamp { directoryStamp = currentDirectoryStamp() }
    }

    /// Records the store's own removal of `name`. Another file may hold the same UID and now be its
    /// resource, so the next lookup rescans.
    mutating func removed(_ name: String) {
        if let uid = files[name]?.uid, names[uid] == name { names[uid] = nil }
        files[name] = nil
        directoryStamp = nil
    }

    func currentDirectoryStamp() -> FileStamp? {
        PosixFiles.stamp(directory, regularOnly: false)
    }

    /// A file's UID: the one its content declares, else the one its name encodes.
    static func uid(of name: String, bytes: [UInt8]) -> String? {
        ICalendarUIDScanner.firstUID(in: bytes) ?? VdirFileName.decode(name)
    }

    /// When two files claim one UID (a copy another tool made), the one ``DirectoryStore`` tries first
    /// wins, then the first by name, so listing and reading agree on which file is the resource.
    static func prefers(_ name: String, over other: String, for uid: String) -> Bool {
        let candidates = VdirFileName.candidates(for: uid)
        let rank = candidates.firstIndex(of: name) ?? candidates.count
        let otherRank = candidates.firstIndex(of: other) ?? candidates.count
        return rank != otherRank ? rank < otherRank : name < other
    }

    private func path(_ name: String) -> String {
        directory + "/" + name
    }
}
