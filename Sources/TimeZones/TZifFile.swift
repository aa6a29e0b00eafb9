/// One kind of local time a zone can be in — an offset, whether it is daylight saving time, and its
/// abbreviation — as a TZif local time type record or one half of a POSIX TZ string describes it.
package struct ZoneTimeType: Hashable, Sendable {
    /// Seconds east of UTC.
    package var utcOffset: Int
    package var isDST: Bool
    /// `CET`, `EDT`, `+1030`: the designation without the `<>` a TZ string quotes it with.
    package var abbreviation: String

    package init(utcOffset: Int, isDST: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDST = isDST
        self.abbreviation = abbreviation
    }
}

/// Why a TZif file could not be read, and where in it the problem was found.
package struct TZifError: Error, Hashable, CustomStringConvertible {
    package var message: String
    /// Byte position in the file where reading stopped.
    package var byteOffset: Int

    package var description: String { "TZif data: \(message) (at byte \(byteOffset))" }
}

/// The contents of a TZif file (RFC 8536, updated by RFC 9636), versions 1 to 4: the transition
/// table, the local time types it refers to, and the footer TZ string that continues the rules after
/// the last transition. Version 2+ files are read from their 64-bit data block, which covers times the
/// 32-bit version 1 block cannot; the version 1 block is only skipped.
///
/// Leap-second records (the `right/` zones) are checked and skipped: calbridge counts time in POSIX
/// seconds, so their corrections are not applied.
package struct TZifFile: Hashable, Sendable {
    /// A change to local time type `typeIndex` at `utcSecond`.
    package struct Transition: Hashable, Sendable {
        package var utcSecond: Int
        package var typeIndex: Int
    }

    /// 1 for a file whose version byte is NUL, else the ASCII digit's value (2, 3, 4).
    package var version: Int
    /// Strictly ascending by `utcSecond`; every `typeIndex` is a valid index into `types`.
    package var transitions: [Transition]
    /// Never empty: type 0 also gives local time before the first transition.
    package var types: [ZoneTimeType]
    /// The POSIX TZ string of a version 2+ file (may be empty, meaning "unspecified"); nil for version 1.
    package var footer: String?
    package var leapSecondCount: Int

    package init(bytes: [UInt8]) throws {
        var reader = TZifReader(bytes: bytes)
        let firstHeader = try TZifHeader(reading: &reader)
        version = firstHeader.version
        if firstHeader.version == 1 {
            let block = try TZifDataBlock(reading: &reader, header: firstHeader, timeSize: 4)
            (transitions, types, leapSecondCount, footer) = (block.transitions, block.types, block.leapCount, nil)
            return
        }
        // A version 2+ reader uses the 64-bit block that follows; the 32-bit one only needs skipping.
        let skipped = try firstHeader.blockSize(timeSize: 4, reader: reader)
        _ = try reader.take(skipped, "version 1 data block")
        let secondHeader = try TZifHeader(reading: &reader)
        let block = try TZifDataBlock(reading: &reader, header: secondHeader, timeSize: 8)
        (transitions, types, leapSecondCount) = (block.transitions, block.types, block.leapCount)
        footer = try reader.footer()
    }
}

/// The 44-byte header that opens each data block: magic, version and the six element counts.
private struct TZifHeader {
    var version: Int
    var utIndicatorCount, standardIndicatorCount, leapCount, transitionCount, typeCount, charCount: Int

    init(reading reader: inout TZifReader) throws {
        let start = reader.position
        guard Array(try reader.take(4, "header magic")) == Array("TZif".utf8) else {
            throw TZifError(message: "not a TZif file (missing \"TZif\" magic)", byteOffset: start)
        }
        let versionByte = try reader.byte("header version")
        switch versionByte {
        case 0: version = 1
        // Later versions only add meaning to existing fields, so their layout is still readable.
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
        default:
            throw TZifError(message: "unknown version byte \(versionByte)", byteOffset: start + 4)
        }
        _ = try reader.take(15, "header reserved bytes")
        utIndicatorCount = try reader.unsigned32("isutcnt")
        standardIndicatorCount = try reader.unsigned32("isstdcnt")
        leapCount = try reader.unsigned32("leapcnt")
        transitionCount = try reader.unsigned32("timecnt")
        typeCount = try reader.unsigned32("typecnt")
        charCount = try reader.unsigned32("charcnt")
    }

    /// The size of the data block this header describes, checked against what the file still holds so
    /// that absurd counts are rejected before anything is allocated for them.
    func blockSize(timeSize: Int, reader: TZifReader) throws -> Int {
        // Each count is below 2^32, so this sum cannot overflow a 64-bit Int.
        let size =
            transitionCount * (timeSize + 1) + typeCount * 6 + charCount
            + leapCount * (timeSize + 4) + standardIndicatorCount + utIndicatorCount
        guard size <= reader.remaining else {
            throw TZifError(
                message: "truncated: the data block needs \(size) bytes but \(reader.remaining) remain",
                byteOffset: reader.position)
        }
        return size
    }
}

/// One data block, validated as RFC 8536 §3.2 requires.
private struct TZifDataBlock {
    var transitions: [TZifFile.Transition] = []
    var types: [ZoneTimeType] = []
    var leapCount: Int

    init(reading reader: inout TZifReader, header: TZifHeader, timeSize: Int) throws {
        let start = reader.position
        _ = try header.blockSize(timeSize: timeSize, reader: reader)
        guard header.typeCount > 0 else { throw TZifError(message: "typecnt is zero", byteOffset: start) }
        guard header.charCount > 0 else { throw TZifError(message: "charcnt is zero", byteOffset: start) }
        for (name, count) in [("isutcnt", header.utIndicatorCount), ("isstdcnt", header.standardIndicatorCount)]
        where count != 0 && count != header.typeCount {
            throw TZifError(message: "\(name) is \(count), neither 0 nor typecnt \(header.typeCount)", byteOffset: start)
        }
        leapCount = header.leapCount

        var times: [Int] = []
        times.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let time = try timeSize == 4 ? reader.signed32("transition time") : reader.signed64("transition time")
            if let previous = times.last, time <= previous {
                throw TZifError(
                    message: "transition \(index) is not later than the one before it",
                    byteOffset: reader.position - timeSize)
            }
            times.append(time)
        }
        for time in times {
            let typeIndex = Int(try reader.byte("transition type index"))
            guard typeIndex < header.typeCount else {
                throw TZifError(
                    message: "transition type index \(typeIndex) is not below typecnt \(header.typeCount)",
                    byteOffset: reader.position - 1)
            }
            transitions.append(TZifFile.Transition(utcSecond: time, typeIndex: typeIndex))
        }

        var records: [(offset: Int, isDST: Bool, designationIndex: Int)] = []
        for index in 0..<header.typeCount {
            let offset = try reader.signed32("local time type offset")
            let dstByte = try reader.byte("local time type isdst")
            let designationIndex = Int(try reader.byte("local time type designation index"))
            // -2^31 is excluded so that negating an offset can never overflow (RFC 8536 §3.2).
            guard offset != Int(Int32.min) else {
                throw TZifError(message: "local time type \(index) has offset -2^31", byteOffset: reader.position - 6)
            }
            guard dstByte <= 1 else {
                throw TZifError(message: "local time type \(index) has isdst \(dstByte)", byteOffset: reader.position - 2)
            }
            records.append((offset, dstByte == 1, designationIndex))
        }
        let characters = Array(try reader.take(header.charCount, "time zone designations"))
        for (index, record) in records.enumerated() {
            guard record.designationIndex < characters.count,
                let end = characters[record.designationIndex...].firstIndex(of: 0)
            else {
                throw TZifError(
                    message: "local time type \(index) has no NUL-terminated designation",
                    byteOffset: reader.position - characters.count)
            }
            let abbreviation = String(decoding: characters[record.designationIndex..<end], as: UTF8.self)
            types.append(ZoneTimeType(utcOffset: record.offset, isDST: record.isDST, abbreviation: abbreviation))
        }
        _ = try reader.take(header.leapCount * (timeSize + 4), "leap second records")
        _ = try reader.take(header.standardIndicatorCount, "standard/wall indicators")
        _ = try reader.take(header.utIndicatorCount, "UT/local indicators")
    }
}

/// Big-endian reads from the file bytes, each checked against the end of the data.
private struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func take(_ count: Int, _ what: String) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw TZifError(
                message: "truncated: \(what) needs \(count) bytes but \(remaining) remain",
                byteOffset: position)
        }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func byte(_ what: String) throws -> UInt8 {
        try take(1, what).first ?? 0
    }

    mutating func unsigned32(_ what: String) throws -> Int {
        Int(try bigEndian(4, what))
    }

    mutating func signed32(_ what: String) throws -> Int {
        Int(Int32(truncatingIfNeeded: try bigEndian(4, what)))
    }

    mutating func signed64(_ what: String) throws -> Int {
        Int(Int64(bitPattern: try bigEndian(8, what)))
    }

    private mutating func bigEndian(_ size: Int, _ what: String) throws -> UInt64 {
        try take(size, what).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The footer of a version 2+ file: a newline, a TZ string of printable ASCII, a newline.
    mutating func footer() throws -> String {
        let start = position
        guard try byte("footer") == UInt8(ascii: "\n") else {
            throw TZifError(message: "footer does not begin with a newline", byteOffset: start)
        }
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw TZifError(message: "truncated: footer has no closing newline", byteOffset: position)
        }
        let text = try take(end - position, "footer TZ string")
        if let bad = text.firstIndex(where: { $0 < 0x20 || $0 > 0x7E }) {
            throw TZifError(message: "footer TZ string has a byte that is not printable ASCII", byteOffset: bad)
        }
        position += 1
        return String(decoding: text, as: UTF8.self)
    }
}
