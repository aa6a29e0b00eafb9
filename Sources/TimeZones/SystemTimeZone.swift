import Foundation

/// A named zone of the system tz database (`Europe/Berlin`), read from its TZif file: the listed
/// transitions, and the footer's POSIX rule for instants after the last of them. Works with both
/// "fat" files (transitions listed up to 2037) and "slim" ones (the footer does the rest). The parsed
/// tables live in the value itself; nothing is cached globally.
package struct SystemTimeZone: ZoneRules {
    package let identifier: String
    /// Ascending transition instants, and the index into `types` each one switches to.
    let transitionTimes: [Int]
    let transitionTypes: [Int]
    /// Never empty; type 0 is local time before the first transition.
    let types: [ZoneTimeType]
    let footerRule: PosixTimeZoneRule?

    /// Zone files are tens of kilobytes; anything far larger is not one, and is not read into memory.
    private static let maximumFileSize = 1 << 20
    /// The longest name a zone may have: a file name's limit (NAME_MAX). The tz database's names are far
    /// shorter (America/Argentina/ComodRivadavia has 32 bytes), so a longer TZID is looked up no further.
    package static let longestIdentifier = 255

    /// The zone `identifier` from the tz database in `directory`, or nil when there is no such zone, the
    /// identifier could name a file outside the directory, or the file is not valid TZif data.
    package init?(identifier: String, directory: String = "/usr/share/zoneinfo") {
        guard Self.isPlausible(identifier),
            let handle = FileHandle(forReadingAtPath: directory + "/" + identifier)
        else { return nil }
        defer { try? handle.close() }
        // Reading fails for a directory (`America`), which is therefore not a zone either.
        guard let data = try? handle.read(upToCount: Self.maximumFileSize + 1),
            data.count <= Self.maximumFileSize,
            let zone = try? SystemTimeZone(identifier: identifier, tzif: [UInt8](data))
        else { return nil }
        self = zone
    }

    /// The zone names of the tz database in `directory` (`Europe/Berlin`, `UTC`): its files, less the
    /// tables and the `posix/` and `right/` copies. Read only to suggest a name, so not kept.
    package static func identifiers(directory: String = "/usr/share/zoneinfo") -> [String] {
        guard let files = FileManager.default.enumerator(atPath: directory) else { return [] }
        var names: [String] = []
        while let name = files.nextObject() as? String {
            guard files.fileAttributes?[.type] as? FileAttributeType != .typeDirectory else {
                if name == "posix" || name == "right" { files.skipDescendants() }
                continue
            }
            if name.first?.isUppercase == true, !name.contains("."), isPlausible(name) { names.append(name) }
        }
        return names
    }

    /// A zone from the bytes of a TZif file; throws ``TZifError`` or ``PosixTimeZoneRuleError`` for malformed data.
    package init(identifier: String, tzif bytes: [UInt8]) throws {
        let file = try TZifFile(bytes: bytes)
        self.identifier = identifier
        transitionTimes = file.transitions.map(\.utcSecond)
        transitionTypes = file.transitions.map(\.typeIndex)
        types = file.types
        // An empty footer means local time after the last transition is unspecified; the last type stays.
        if let footer = file.footer, !footer.isEmpty {
            footerRule = try PosixTimeZoneRule(footer)
        } else {
            footerRule = nil
        }
    }

    package func offset(atUTC second: Int) -> Int {
        zoneType(atUTC: second).utcOffset
    }

    /// The local time type in effect at an instant.
    package func zoneType(atUTC second: Int) -> ZoneTimeType {
        let count = transitionCount(atOrBefore: second)
        guard let last = transitionTimes.last else {
            // With no transitions at all the footer, when there is one, covers every instant (RFC 8536 §3.2).
            return footerRule?.zoneType(atUTC: second) ?? types[0]
        }
        if count == 0 { return types[0] }
        if second > last, let footerRule { return footerRule.zoneType(atUTC: second) }
        return types[transitionTypes[count - 1]]
    }

    /// Every change of UTC offset at an instant in `from..<to`, from the transition table and then the
    /// footer rule, ascending; `isDST` and `abbreviation` describe the time in effect after the change.
    package func transitions(from: Int, to: Int)
        -> [(utcSecond: Int, offsetBefore: Int, offsetAfter: Int, isDST: Bool, abbreviation: String)]
    {
        guard from < to else { return [] }
        let firstIndex = from == Int.min ? 0 : transitionCount(atOrBefore: from - 1)
        var candidates = Array(transitionTimes[firstIndex...].prefix { $0 < to })
        if let footerRule {
            // The rule only governs after the last listed transition.
            let ruleFrom = transitionTimes.last.map { $0 == Int.max ? Int.max : max(from, $0 + 1) } ?? from
            candidates += footerRule.changeInstants(from: ruleFrom, to: to)
        }
        // Table entries and rule changes may switch type without moving the offset; only offset moves count.
        return candidates.compactMap { instant in
            guard instant > Int.min else { return nil }
            let before = zoneType(atUTC: instant - 1), after = zoneType(atUTC: instant)
            guard before.utcOffset != after.utcOffset else { return nil }
            return (instant, before.utcOffset, after.utcOffset, after.isDST, after.abbreviation)
        }
    }

    /// How many transitions happen at or before `second`, by binary search.
    private func transitionCount(atOrBefore second: Int) -> Int {
        var low = 0, high = transitionTimes.count
        while low < high {
            let middle = (low + high) / 2
            if transitionTimes[middle] <= second { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `identifier` can only name a file inside the zone directory: relative, no `..`, and only
    /// the characters tz database names use.
    private static func isPlausible(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= longestIdentifier, !identifier.hasPrefix("/"),
            !identifier.contains("..")
        else { return false }
        return identifier.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || "/_-+.".utf8.contains(byte)
        }
    }
}
