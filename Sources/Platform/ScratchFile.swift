#if canImport(Glibc)
import Glibc
/// The C library's write(2), named apart from `ScratchFile.append`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(descriptor, bytes, count) }
#elseif canImport(Darwin)
import Darwin
/// The C library's write(2), named apart from `ScratchFile.append`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(descriptor, bytes, count) }
#endif

/// A temporary file for what would not fit the memory a command may use (sorted runs of `expand`'s
/// occurrences, the text of events it may read again): bytes are appended, then read back by offset.
/// The file is unlinked as soon as it is made, so it leaves nothing behind however the process ends
/// (success, an error, a signal, a crash): its space is freed when the descriptor closes.
///
/// One thread appends; once `flush` has run, any thread may read what was flushed. Hence
/// `@unchecked Sendable`: the workers only read (`pread`, which shares no file position), and only
/// bytes below `written`, which the appending thread no longer changes.
package final class ScratchFile: @unchecked Sendable {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes written to the file so far; what is buffered comes after them.
    private var written = 0
    /// The bytes buffered before they are written; an append this large is written as it is, so a
    /// caller that stages this much copies its bytes once.
    package static let flushSize = 1 << 18

    /// Makes the file in `directory`, else in `$TMPDIR`, else in `/tmp`.
    package init(directory: String? = nil) throws(AtomicFile.Failure) {
        let folder = directory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var path = Array((folder + "/calbridge-scratch-XXXXXX").utf8CString)
        descriptor = mkstemp(&path)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: "a temporary file in \(folder)", reason: String(cString: strerror(errno)))
        }
        unlink(path)
    }

    deinit {
        close(descriptor)
    }

    /// How many bytes were appended: the offset the next append lands at.
    package var count: Int { written + buffer.count }

    package func append(_ bytes: [UInt8]) throws(AtomicFile.Failure) {
        if let failure = bytes.withUnsafeBytes({ bytes in Self.failure { () throws(AtomicFile.Failure) in try append(bytes) } }) {
            throw failure
        }
    }

    /// Appends bytes; a piece as large as the buffer is written as it is, not copied into it first,
    /// so that a long value (a 170 KB UID) is not held twice on its way out.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(AtomicFile.Failure) {
        if buffer.count + bytes.count >= Self.flushSize {
            try flush()
            if bytes.count >= Self.flushSize {
                try writeOut(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Writes out what is buffered, so that readers see every byte appended. The buffer is let go
    /// of: a file flushed is mostly read from then on (`expand` keeps dozens of sorted runs, each
    /// in a file of its own), and appends past the buffer's size skip it anyway.
    package func flush() throws(AtomicFile.Failure) {
        if let failure = buffer.withUnsafeBytes({ bytes in Self.failure { () throws(AtomicFile.Failure) in try writeOut(bytes) } }) {
            throw failure
        }
        buffer = []
    }

    /// What `body` failed with: the standard library's pointer closures rethrow untyped errors.
    private static func failure(_ body: () throws(AtomicFile.Failure) -> Void) -> AtomicFile.Failure? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws(AtomicFile.Failure) {
        var offset = 0
        while offset < bytes.count {
            let done = systemWrite(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]).baseAddress, bytes.count - offset)
            guard done > 0 else { throw .cannotWrite(path: "a temporary file", reason: String(cString: strerror(errno))) }
            offset += done
        }
        written += bytes.count
    }

    /// `count` flushed bytes from `offset` (fewer only past the end).
    package func read(at offset: Int, count: Int) throws(AtomicFile.Failure) -> [UInt8] {
        // Read straight into the array's storage: zeroing it first, and writing through a slice of
        // it (which copied the whole block back), cost more than the read.
        let wanted = max(0, min(count, written - offset))
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            while initialized < wanted {
                let got = pread(descriptor, buffer.baseAddress.map { $0 + initialized }, wanted - initialized, off_t(offset + initialized))
                guard got > 0 else {
                    failure = errno
                    return
                }
                initialized += got
            }
        }
        if let failure { throw .cannotWrite(path: "a temporary file", reason: String(cString: strerror(failure))) }
        return bytes
    }
}
