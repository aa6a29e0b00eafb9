#if canImport(Glibc)
import Glibc
/// The C library's read(2), named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(descriptor, bytes, count)
}
#elseif canImport(Darwin)
import Darwin
/// The C library's read(2), named apart from `InputFile.read`.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(descriptor, bytes, count)
}
#endif

/// An input opened for reading in blocks: a file, or standard input for `-`.
package final class InputFile {
    /// The name used in messages.
    package let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes already in memory (a calendar taken out of a CalDAV answer), read from `offset` on.
    private let contents: [UInt8]?
    private var offset = 0
    /// Bytes `peek` read ahead, which `read` hands out first.
    private var pending: [UInt8] = []
    /// Where each read of the file lands before it is appended, kept from one read to the next: a
    /// block allocated afresh for each read was mapped and its pages cleared anew every time.
    private var block: UnsafeMutableBufferPointer<UInt8>?

    /// Why an input could not be opened: it is missing (exit 66) or unreadable; `advice` says what to
    /// do when there is more to say than for any missing file.
    package struct OpenError: Error, Sendable {
        package var name: String
        package var reason: String
        /// The system's errno, when the system refused; it, not `reason`'s wording (which follows
        /// the C library and its locale), tells a missing input.
        package var code: Int32?
        package var advice: String?

        package init(name: String, reason: String, advice: String? = nil) {
            self.name = name
            self.reason = reason
            self.advice = advice
        }

        /// The system's refusal `code`, in the system's words.
        package init(name: String, code: Int32, advice: String? = nil) {
            self.init(name: name, reason: String(cString: strerror(code)), advice: advice)
            self.code = code
        }

        /// Nothing is at the name (ENOENT).
        package var isMissing: Bool { code == ENOENT }

        /// A directory is at the name, where a file is needed (EISDIR): the SPEC counts it a missing
        /// input (66), not a failed read.
        package var isDirectory: Bool { code == EISDIR }
    }

    package init(path: String) throws(OpenError) {
        contents = nil
        if path == "-" {
            name = "<stdin>"
            descriptor = 0
            ownsDescriptor = false
            return
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw OpenError(name: path, code: EISDIR, advice: "name the files in it")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw OpenError(name: path, code: errno) }
        name = path
        descriptor = fd
        ownsDescriptor = true
    }

    /// An input whose bytes are already in memory; `name` is what messages call it.
    package init(name: String, contents: [UInt8]) {
        self.name = name
        self.contents = contents
        descriptor = -1
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        block?.deallocate()
    }

    /// The first `count` bytes not yet read (fewer at the end), which reading still returns: a
    /// format is told from them where standard input has no name to tell it by.
    package func peek(count: Int) throws(OpenError) -> [UInt8] {
        while pending.count < count {
            guard try readAhead(into: &pending, count: count - pending.count) > 0 else { break }
        }
        return pending
    }

    /// All the bytes not yet read, for formats that are read whole.
    package func readAll() throws(OpenError) -> [UInt8] {
        var bytes: [UInt8] = []
        while try read(into: &bytes, count: 1 << 20) > 0 {}
        return bytes
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read, 0 at the end.
    package func read(into buffer: inout [UInt8], count: Int) throws(OpenError) -> Int {
        guard pending.isEmpty else {
            let taken = min(count, pending.count)
            buffer += pending[..<taken]
            pending.removeFirst(taken)
            return taken
        }
        return try readAhead(into: &buffer, count: count)
    }

    private func readAhead(into buffer: inout [UInt8], count: Int) throws(OpenError) -> Int {
        if let contents {
            let end = min(offset + count, contents.count)
            buffer += contents[offset..<end]
            defer { offset = end }
            return end - offset
        }
        let block: UnsafeMutableBufferPointer<UInt8>
        if let held = self.block, held.count >= count {
            block = held
        } else {
            self.block?.deallocate()
            block = .allocate(capacity: count)
            self.block = block
        }
        let got = systemRead(descriptor, block.baseAddress, count)
        guard got >= 0 else { throw OpenError(name: name, code: errno) }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: block[..<got]))
        return got
    }
}
