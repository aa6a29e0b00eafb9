import CalendarModel
import Platform

/// What makes a component a member of a series, taken on the worker that read it: an event, to-do
/// or journal entry's UID, and for an override its RECURRENCE-ID with its zone, compared as written
/// (`20260105T090000Z` and the same instant written in a zone count as two instants, which still
/// catches the copies exporters and merges make); with the component's name and place, which a
/// message about it says.
struct SeriesIdentity: Sendable {
    var componentName: String
    var uid: String
    /// The RECURRENCE-ID as written, its TZID before it (`Europe/Berlin:20260105T090000`).
    var recurrenceID: String?
    var location: SourceLocation?

    /// Components whose UID names them alone (RFC 5545 §3.8.4.7).
    private static let identified: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]

    /// `nil` for a component that is no member of a series: not an event, to-do or journal entry, or without a UID.
    init?(of component: Component) {
        guard Self.identified.contains(component.name), let uid = component["UID"]?.value else { return nil }
        (componentName, self.uid, location) = (component.name, uid, component.location)
        recurrenceID = component["RECURRENCE-ID"].map { ($0[parameter: "TZID"].map { $0 + ":" } ?? "") + $0.value }
    }

    init(componentName: String, uid: String, recurrenceID: String?, location: SourceLocation?) {
        (self.componentName, self.uid, self.recurrenceID, self.location) = (componentName, uid, recurrenceID, location)
    }
}

/// A series member as the check keeps it: its identity, the input it was read from, and where among
/// the reader's diagnostics a finding about it stands (after the component's own).
struct SeriesMember {
    var identity: SeriesIdentity
    var file: String
    var slot: Int

    /// Whether `other` is the same member of the same series: the same UID and RECURRENCE-ID, compared
    /// as Swift compares strings, as the fingerprint hashes them.
    func isSameMember(as other: SeriesMember) -> Bool {
        identity.uid == other.identity.uid && identity.recurrenceID == other.identity.recurrenceID
    }

    /// The member's fingerprint: a SipHash of its UID and RECURRENCE-ID under the standard library's
    /// per-process seed, so that no file can aim two members at one fingerprint.
    static func fingerprint(uid: String, recurrenceID: String?) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(uid)
        hasher.combine(recurrenceID)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}

/// A member met a second time: the later one, the first one met, and the later one's place in the
/// order they were met.
struct SeriesRepeat {
    var member: SeriesMember
    var first: SeriesMember
    var order: UInt64
}

/// The series members met, in memory that does not grow with their number: each is a 24-byte record
/// (``SeriesMemberRecord``: its fingerprint and where its details are) and its details (texts and
/// place) written one after another. Past `runLength` records, or `heldDetails` bytes of details,
/// they go to scratch files (`ScratchFile`), the records as a run sorted by fingerprint. At the end
/// the runs are merged by fingerprint, and members whose fingerprints meet are compared by their
/// text: a repeat is never missed (a UID always has the same fingerprint) and never made up (members
/// whose fingerprints meet by chance are told apart).
struct SeriesMembers {
    private let runLength: Int
    private let heldDetails: Int
    private let fingerprint: @Sendable (_ uid: String, _ recurrenceID: String?) -> UInt64
    /// The records not yet written out, in the order met.
    private var run: [SeriesMemberRecord] = []
    /// The details not yet written out; the first stands at `spilledDetails` of all details.
    private var details: [UInt8] = []
    private var spilledDetails = 0
    private var spilled: SpilledSeriesMembers?
    /// The inputs named by the details, by number.
    private var inputs: [String] = []

    /// `fingerprint` folds a member's UID and RECURRENCE-ID into its record; a test gives a weak one to
    /// make members meet, and small bounds to make them spill.
    init(
        fingerprint: @escaping @Sendable (_ uid: String, _ recurrenceID: String?) -> UInt64 = SeriesMember.fingerprint(uid:recurrenceID:),
        runLength: Int = 1 << 14, heldDetails: Int = 1 << 16
    ) {
        self.fingerprint = fingerprint
        (self.runLength, self.heldDetails) = (runLength, heldDetails)
    }

    mutating func note(_ member: SeriesMember) throws(AtomicFile.Failure) {
        if inputs.last != member.file { inputs.append(member.file) }
        let offset = spilledDetails + details.count
        SeriesMemberDetails.append(member, input: inputs.count - 1, to: &details)
        run.append(
            SeriesMemberRecord(
                fingerprint: fingerprint(member.identity.uid, member.identity.recurrenceID), offset: UInt64(offset),
                length: UInt64(spilledDetails + details.count - offset)))
        if details.count >= heldDetails { try spillDetails() }
        if run.count >= runLength { try spillRun() }
    }

    /// Every member met after another with its UID and RECURRENCE-ID, in the order met, each with the
    /// first such member.
    mutating func repeats() throws(AtomicFile.Failure) -> [SeriesRepeat] {
        if spilled != nil { try spillRun() } else { run.sort() }
        var search = RepeatSearch()
        if let spilled {
            try spilled.merged { record throws(AtomicFile.Failure) in try search.take(record, details: details(of:)) }
        } else {
            for record in run { try search.take(record, details: details(of:)) }
        }
        return search.repeats.sorted { $0.order < $1.order }
    }

    private func details(of record: SeriesMemberRecord) throws(AtomicFile.Failure) -> SeriesMember {
        let offset = Int(record.offset), length = Int(record.length)
        guard offset < spilledDetails, let spilled else {
            return SeriesMemberDetails.read(details[(offset - spilledDetails)...].prefix(length), inputs: inputs)
        }
        return SeriesMemberDetails.read(try spilled.details.read(at: offset, count: length)[...], inputs: inputs)
    }

    private mutating func spillDetails() throws(AtomicFile.Failure) {
        let spilled = try spillFiles()
        try spilled.details.append(details)
        try spilled.details.flush()
        spilledDetails += details.count
        details.removeAll(keepingCapacity: true)
    }

    /// The scratch files, made the first time members go out.
    private mutating func spillFiles() throws(AtomicFile.Failure) -> SpilledSeriesMembers {
        if let spilled { return spilled }
        let made = try SpilledSeriesMembers()
        spilled = made
        return made
    }

    private mutating func spillRun() throws(AtomicFile.Failure) {
        let spilled = try spillFiles()
        run.sort()
        try spilled.write(run)
        run.removeAll(keepingCapacity: true)
    }
}

/// Looks through the members in fingerprint order (and in the order met within one fingerprint)
/// for those met before, reading the details only of members whose fingerprint another shares.
private struct RepeatSearch {
    private(set) var repeats: [SeriesRepeat] = []
    /// The first record of the fingerprint being looked through.
    private var first: SeriesMemberRecord?
    /// The first member of each UID and RECURRENCE-ID met under that fingerprint, once a second
    /// record has it.
    private var distinct: [SeriesMember] = []

    mutating func take(
        _ record: SeriesMemberRecord, details: (SeriesMemberRecord) throws(AtomicFile.Failure) -> SeriesMember
    ) throws(AtomicFile.Failure) {
        guard let first, first.fingerprint == record.fingerprint else {
            first = record
            distinct = []
            return
        }
        if distinct.isEmpty { distinct = [try details(first)] }
        let member = try details(record)
        if let earlier = distinct.first(where: member.isSameMember) {
            repeats.append(SeriesRepeat(member: member, first: earlier, order: record.offset))
        } else {
            distinct.append(member)
        }
    }
}

/// How a member's details are written among the others: seven 64-bit numbers (input, line + 1 or 0
/// without a place, column, slot, and the lengths of the component's name, the UID and the
/// RECURRENCE-ID + 1 or 0 without one), then the three texts' UTF-8.
enum SeriesMemberDetails {
    private static let numbers = 7

    static func append(_ member: SeriesMember, input: Int, to bytes: inout [UInt8]) {
        let identity = member.identity
        let name = identity.componentName.utf8, uid = identity.uid.utf8, recurrenceID = identity.recurrenceID?.utf8
        func number(_ value: Int) -> UInt64 { UInt64(value).littleEndian }
        // One append of the seven numbers, laid out one after another as a tuple of one type is.
        let header = (
            number(input), number(identity.location.map { $0.line + 1 } ?? 0), number(identity.location?.column ?? 0),
            number(member.slot), number(name.count), number(uid.count), number(recurrenceID.map { $0.count + 1 } ?? 0)
        )
        withUnsafeBytes(of: header) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: uid)
        if let recurrenceID { bytes.append(contentsOf: recurrenceID) }
    }

    static func read(_ bytes: ArraySlice<UInt8>, inputs: [String]) -> SeriesMember {
        bytes.withUnsafeBytes { raw in
            let number = { (index: Int) in Int(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) }
            var start = numbers * 8
            func text(_ count: Int) -> String {
                defer { start += count }
                return String(decoding: raw[start..<(start + count)], as: UTF8.self)
            }
            let line = number(1), recurrenceIDLength = number(6)
            // The texts stand in this order.
            let name = text(number(4)), uid = text(number(5))
            let recurrenceID = recurrenceIDLength == 0 ? nil : text(recurrenceIDLength - 1)
            let identity = SeriesIdentity(
                componentName: name, uid: uid, recurrenceID: recurrenceID,
                location: line == 0 ? nil : SourceLocation(line: line - 1, column: number(2)))
            return SeriesMember(identity: identity, file: inputs[number(0)], slot: number(3))
        }
    }
}
