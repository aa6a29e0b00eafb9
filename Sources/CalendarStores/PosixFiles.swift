#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names and which version of it: when all of these are unchanged the content
/// almost certainly is too, so the store can skip re-reading a file just to learn its UID.
struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

/// The few POSIX calls the directory store needs, with failures turned into ``StoreError``; a file
/// that vanished meanwhile is an ordinary answer (`nil`/`false`), since other tools share the vdir.
enum PosixFiles {
    enum Kind { case missing, directory, regular, other }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular
        default: return .other
        }
    }

    /// The content and stamp of a regular file; `nil` when there is none at `path`.
    static func read(_ path: String) throws(StoreError) -> (bytes: [UInt8], stamp: FileStamp)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("cannot open \(path)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot inspect \(path)") }
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { readSome(descriptor, $0) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read \(path)")
            }
            bytes += chunk[..<got]
        }
        return (bytes, FileStamp(info))
    }

    /// The stamp of a regular file, or of anything at all when `regularOnly` is off (a directory's
    /// changes whenever an entry is added, removed or renamed).
    static func stamp(_ path: String, regularOnly: Bool = true) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, !regularOnly || info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    static func names(in directory: String) throws(StoreError) -> [String] {
        guard let stream = opendir(directory) else { throw failure("cannot list \(directory)") }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw failure("cannot list \(directory)") }
                return names
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            names.append(name)
        }
    }

    /// Removes a file; `false` when it was already gone.
    static func remove(_ path: String) throws(StoreError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw failure("cannot remove \(path)")
        }
        return true
    }

    /// Creates the directory and any missing parents, as `mkdir -p` (and vdirsyncer) would.
    static func makeDirectories(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw failure("cannot create \(prefix)") }
            prefix += "/"
        }
    }

    /// Flushes the directory itself: a rename or unlink is only durable once its entry is on disk.
    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String) -> StoreError {
        .unavailable("\(what): \(String(cString: strerror(errno)))")
    }
}

/// `read(2)`, named apart so that `PosixFiles.read` does not hide it.
private func readSome(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
