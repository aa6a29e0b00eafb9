#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input opened for reading in blocks: a file, or standard input for `-`.
public final class InputFile {
    /// The name used in messages.
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes already in memory (a calendar taken out of a CalDAV answer), read from `offset` on.
    private let contents: [UInt8]?
    private var offset = 0

    /// Why an input could not be opened: it is missing (exit 66) or unreadable.
    public struct OpenError: Error, Sendable {
        public var name: String
        public var reason: String

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    public init(path: String) throws(OpenError) {
        contents = nil
        if path == "-" {
            name = "<stdin>"
            descriptor = 0
            ownsDescriptor = false
            return
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw OpenError(name: path, reason: "is a directory; name the .ics files in it")
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw OpenError(name: path, reason: String(cString: strerror(errno))) }
        name = path
        descriptor = fd
        ownsDescriptor = true
    }

    /// An input whose bytes are already in memory; `name` is what messages call it.
    public init(name: String, contents: [UInt8]) {
        self.name = name
        self.contents = contents
        descriptor = -1
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read, 0 at the end.
    public func read(into buffer: inout [UInt8], count: Int) throws(OpenError) -> Int {
        if let contents {
            let end = min(offset + count, contents.count)
            buffer += contents[offset..<end]
            defer { offset = end }
            return end - offset
        }
        let got = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { block in
            let got = Glibc.read(descriptor, block.baseAddress!, count)
            if got > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: block[0..<got])) }
            return got
        }
        guard got >= 0 else { throw OpenError(name: name, reason: String(cString: strerror(errno))) }
        return got
    }
}
