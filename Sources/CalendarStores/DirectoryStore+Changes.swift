extension DirectoryStore {
    /// Every `.ics` file by name, its etag the file's stamp (inode, size, modification time to the
    /// nanosecond), as vdirsyncer's own filesystem storage tells a changed file: a listing reads
    /// no file, so a mirror from a large vdir reads only the files changed since its last run. What
    /// it cannot see is a rewrite in place to the same size within the clock tick of the stamp it
    /// last saw. A directory has no mark: the listing is always complete.
    package func changes(after mark: ChangeMark?) throws -> StoreChanges {
        let names = try PosixFiles.names(in: directory).filter { $0.hasSuffix(VdirFileName.suffix) && !$0.hasPrefix(".") }.sorted()
        let versions = names.compactMap { name -> ResourceVersion? in
            guard let stamp = PosixFiles.stamp(directory + "/" + name) else { return nil }
            return ResourceVersion(href: name, etag: Self.tag(stamp))
        }
        return StoreChanges(changed: versions, removed: [], mark: nil, isCompleteListing: true)
    }

    /// The files named `hrefs`, each with the UID its content declares (else the one its name
    /// encodes) and the stamp `changes(after:)` gives as its etag; a file gone since is left out.
    /// Two files holding one UID come out with the one `get` would read first.
    package func fetch(_ hrefs: [String], _ body: (_ resource: FetchedResource) throws -> Void) throws {
        var read: [FetchedResource] = []
        for name in hrefs {
            guard let file = try PosixFiles.read(directory + "/" + name), let uid = VdirIndex.uid(of: name, bytes: file.bytes) else {
                continue
            }
            read.append(FetchedResource(href: name, etag: Self.tag(file.stamp), uid: uid, bytes: file.bytes))
        }
        read.sort { $0.uid != $1.uid ? $0.uid < $1.uid : VdirIndex.prefers($0.href, over: $1.href, for: $0.uid) }
        try read.forEach(body)
    }

    private static func tag(_ stamp: FileStamp) -> String {
        "\(stamp.inode)-\(stamp.size)-\(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds)"
    }
}
