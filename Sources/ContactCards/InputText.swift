/// Brings a vCard file to bytes the line reader understands: UTF-8 or an 8-bit charset, without a
/// byte order mark. Windows address books sometimes export vCards in UTF-16, where every ASCII
/// character is followed or preceded by a zero byte and no property name would match.
enum InputText {
    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf8(fromUTF16: bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf8(fromUTF16: bytes.dropFirst(2), bigEndian: true) }
        // No mark, but "B\0E\0" or "\0B\0E": UTF-16 all the same.
        if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 {
            return utf8(fromUTF16: bytes[...], bigEndian: false)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 {
            return utf8(fromUTF16: bytes[...], bigEndian: true)
        }
        return bytes
    }

    private static func utf8(fromUTF16 bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        // An odd last byte cannot be half of anything; it is dropped.
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
