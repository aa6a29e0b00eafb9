#if canImport(Glibc)
import Glibc
/// The C library's write(2), named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(descriptor, bytes, count) }
#elseif canImport(Darwin)
import Darwin
/// The C library's write(2), named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(descriptor, bytes, count) }
#endif

/// An output that appears whole or not at all: bytes go to a temporary file, which `commit` renames
/// onto the destination. A destination that is not a regular file (standard output, `/dev/null`, a
/// named pipe, a terminal) cannot be replaced, so the finished bytes are copied into it at the end; a
/// symbolic link is followed, and the file it points to is replaced. Dropping the output without
/// `commit` leaves nothing behind.
package final class AtomicFile {
    /// Why the output could not be made: it cannot be created (exit 73) or writing failed (exit 74).
    package enum Failure: Error, Sendable, CustomStringConvertible {
        case cannotCreate(path: String, reason: String)
        case cannotWrite(path: String, reason: String)

        package var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot create \(path): \(reason)"
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Where the finished bytes go.
    private enum Target {
        /// A regular file (or none yet) at this path, replaced by renaming.
        case file(String)
        /// Something written into, not replaced: a device, a pipe, standard output (`nil`).
        case stream(String?)
    }

    /// The destination path, or `nil` for standard output (which `-` names too).
    package let destination: String?
    private let target: Target
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false
    /// Where the temporary path waits to be removed if the process is interrupted.
    private var cleanupSlot: Int?
    private static let flushSize = 1 << 20

    /// `destination` `-` is standard output, as for every command's `-o` (SPEC: "Commands"), never a
    /// file of that name.
    package init(destination given: String?) throws(Failure) {
        let destination = given == "-" ? nil : given
        self.destination = destination
        target = destination.map(Self.target(for:)) ?? .stream(nil)
        let template: String
        if case .file(let path) = target {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            template = directory + "." + name + ".calbridge-XXXXXX"
        } else {
            let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            template = tmp + "/calbridge-output-XXXXXX"
        }
        var path = Array(template.utf8CString)
        descriptor = mkstemp(&path)
        temporaryPath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: destination ?? "standard output", reason: String(cString: strerror(errno)))
        }
        cleanupSlot = InterruptCleanup.remember(temporaryPath)
    }

    /// How `path` is written: a symbolic link by the file it leads to (which may not exist yet), an
    /// existing file that is not a regular one by writing into it.
    private static func target(for path: String) -> Target {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR { return .stream(path) }
            return .file(resolved(path) ?? path)
        }
        return .file(danglingLinkTarget(path) ?? path)
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Where a symbolic link that leads to nothing yet points, relative to the link's directory.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &link, link.count - 1)
        guard length > 0 else { return nil }
        let pointee = String(decoding: link.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !pointee.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return pointee }
        return String(path[...slash]) + pointee
    }

    deinit {
        if !finished { discard() }
    }

    package func write(_ bytes: [UInt8]) throws(Failure) {
        buffer += bytes
        if buffer.count >= Self.flushSize { try flush() }
    }

    package func write(_ text: String) throws(Failure) {
        try write(Array(text.utf8))
    }

    /// Makes the output appear: renamed into place, or copied into the device, pipe or standard output.
    package func commit() throws(Failure) {
        try flush()
        guard case .file(let path) = target else {
            finished = true
            defer { close(descriptor) }
            return try copyOut()
        }
        // fail() discards, which closes the descriptor; only a good fsync leaves it for us to close.
        guard fsync(descriptor) == 0 else { throw fail() }
        finished = true
        fchmod(descriptor, 0o644)
        close(descriptor)
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            removeTemporaryFile()
            throw .cannotCreate(path: destination ?? path, reason: reason)
        }
        forgetTemporaryFile()
    }

    /// Writes `bytes` as the whole of `destination` (standard output when `nil`): all of them or nothing.
    package static func write(_ bytes: [UInt8], to destination: String?) throws(Failure) {
        let sink = try AtomicFile(destination: destination)
        try sink.write(bytes)
        try sink.commit()
    }

    /// Removes the partial output; the destination is untouched.
    package func discard() {
        finished = true
        close(descriptor)
        removeTemporaryFile()
    }

    private func flush() throws(Failure) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw fail() }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Copies the finished bytes into the stream target, opened only now so that a failed run leaves
    /// it untouched.
    private func copyOut() throws(Failure) {
        defer { removeTemporaryFile() }
        let name = destination ?? "standard output"
        var out: Int32 = 1
        if case .stream(let path?) = target {
            out = open(path, O_WRONLY)
            guard out >= 0 else { throw .cannotCreate(path: name, reason: String(cString: strerror(errno))) }
        }
        defer { if out != 1 { close(out) } }
        lseek(descriptor, 0, SEEK_SET)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard got > 0 else { return }
            var offset = 0
            while offset < got {
                let written = chunk[offset..<got].withUnsafeBytes { systemWrite(out, $0.baseAddress, $0.count) }
                guard written > 0 else { throw .cannotWrite(path: name, reason: String(cString: strerror(errno))) }
                offset += written
            }
        }
    }

    private func removeTemporaryFile() {
        unlink(temporaryPath)
        forgetTemporaryFile()
    }

    /// The temporary path is gone (removed or renamed): an interruption has nothing to remove.
    private func forgetTemporaryFile() {
        if let slot = cleanupSlot { InterruptCleanup.forget(slot) }
        cleanupSlot = nil
    }

    private func fail() -> Failure {
        let reason = String(cString: strerror(errno))
        discard()
        return .cannotWrite(path: destination ?? "standard output", reason: reason)
    }
}
