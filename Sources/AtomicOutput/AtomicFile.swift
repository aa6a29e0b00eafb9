#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output that appears whole or not at all: bytes go to a temporary file beside the destination,
/// which `commit` renames into place (or, for standard output, copies out at the end). Dropping it
/// without `commit` leaves nothing behind.
public final class AtomicFile {
    /// Why the output could not be made: it cannot be created (exit 73) or writing failed (exit 74).
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case cannotCreate(path: String, reason: String)
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .cannotCreate(let path, let reason): return "cannot create \(path): \(reason)"
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// The destination path, or `nil` for standard output.
    public let destination: String?
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false
    private static let flushSize = 1 << 20

    public init(destination: String?) throws(Failure) {
        self.destination = destination
        let template: String
        if let destination {
            let slash = destination.lastIndex(of: "/")
            let directory = slash.map { String(destination[...$0]) } ?? ""
            let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
            template = directory + "." + name + ".calbridge-XXXXXX"
        } else {
            let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            template = tmp + "/calbridge-stdout-XXXXXX"
        }
        var path = Array(template.utf8CString)
        descriptor = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        temporaryPath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: destination ?? "standard output", reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: [UInt8]) throws(Failure) {
        buffer += bytes
        if buffer.count >= Self.flushSize { try flush() }
    }

    public func write(_ text: String) throws(Failure) {
        try write(Array(text.utf8))
    }

    /// Makes the output appear: renamed into place, or copied to standard output.
    public func commit() throws(Failure) {
        try flush()
        guard let destination else {
            finished = true
            defer { close(descriptor) }
            return try copyToStandardOutput()
        }
        // fail() discards, which closes the descriptor; only a good fsync leaves it for us to close.
        guard fsync(descriptor) == 0 else { throw fail() }
        finished = true
        fchmod(descriptor, 0o644)
        close(descriptor)
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .cannotCreate(path: destination, reason: reason)
        }
    }

    /// Removes the partial output; the destination is untouched.
    public func discard() {
        finished = true
        close(descriptor)
        unlink(temporaryPath)
    }

    private func flush() throws(Failure) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw fail() }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func copyToStandardOutput() throws(Failure) {
        defer { unlink(temporaryPath) }
        lseek(descriptor, 0, SEEK_SET)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            guard got > 0 else { return }
            var offset = 0
            while offset < got {
                let written = chunk.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, got - offset) }
                guard written > 0 else { throw .cannotWrite(path: "standard output", reason: String(cString: strerror(errno))) }
                offset += written
            }
        }
    }

    private func fail() -> Failure {
        let reason = String(cString: strerror(errno))
        discard()
        return .cannotWrite(path: destination ?? "standard output", reason: reason)
    }
}
