#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One physical line of a buffer: its bytes without the line ending, and how it ended.
@usableFromInline
package struct PhysicalLine {
    @usableFromInline package var range: Range<Int>
    /// The line ended with a CR alone (old Mac files), which RFC 5545 does not allow.
    @usableFromInline package var endedWithLoneCR: Bool

    @inlinable
    init(range: Range<Int>, endedWithLoneCR: Bool) {
        self.range = range
        self.endedWithLoneCR = endedWithLoneCR
    }
}

/// Splits a buffer at CRLF, LF or a lone CR, using memchr so long lines cost little.
@usableFromInline
package enum PhysicalLines {
    /// The next line starting at `start`, or `nil` at the end; a last line without an ending counts.
    /// `isFinal` says whether more bytes may follow the buffer (then an unterminated tail is not a line).
    @inlinable
    package static func next(in base: UnsafeBufferPointer<UInt8>, from start: Int, isFinal: Bool) -> (PhysicalLine, next: Int)? {
        guard start < base.count, let pointer = base.baseAddress else { return nil }
        let remaining = base.count - start
        let lf = memchr(pointer + start, 0x0A, remaining).map { UnsafeRawPointer($0) - UnsafeRawPointer(pointer) }
        let searchEnd = lf ?? base.count
        if let cr = memchr(pointer + start, 0x0D, searchEnd - start).map({ UnsafeRawPointer($0) - UnsafeRawPointer(pointer) }) {
            if cr + 1 == lf { return (PhysicalLine(range: start..<cr, endedWithLoneCR: false), cr + 2) }
            // A CR at the very end of a partial buffer may be the first half of a CRLF.
            if cr + 1 == base.count && !isFinal { return nil }
            return (PhysicalLine(range: start..<cr, endedWithLoneCR: true), cr + 1)
        }
        if let lf { return (PhysicalLine(range: start..<lf, endedWithLoneCR: false), lf + 1) }
        guard isFinal else { return nil }
        return (PhysicalLine(range: start..<base.count, endedWithLoneCR: false), base.count)
    }
}
