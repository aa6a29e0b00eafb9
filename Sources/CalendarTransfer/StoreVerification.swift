import CalendarModel
import CalendarStores
import CalendarWebFormats

/// `verify`'s engine: whether a target store holds what a source store holds, UID by UID, compared
/// as ``VerifiedResource`` reads them. Each store is read once as it streams (a CalDAV store in one
/// REPORT); only fingerprints are kept per UID, and the few zone texts the source repeats, so memory
/// grows with the number of resources, not their size. Only a resource whose fingerprints differ is
/// read again from both stores, to say what differs.
package struct StoreVerification {
    package let source: any CalendarStore
    package let target: any CalendarStore

    package init(source: any CalendarStore, target: any CalendarStore) {
        (self.source, self.target) = (source, target)
    }

    /// What the source's resource said, by fingerprint.
    private struct HeldResource {
        let series: VerifiedResource.Fingerprint
        let zones: [String: VerifiedResource.Fingerprint]
    }

    /// Compares the stores; throws what reading either throws (`StoreError`, a CalDAV failure), so a
    /// store that goes away part-way stops the comparison rather than reporting what was not read.
    package func compare() throws -> StoreVerificationReport {
        var held: [String: HeldResource] = [:]
        var sourceZones: [VerifiedResource.Fingerprint: Component] = [:]
        try source.contents { resource, bytes in
            let read = VerifiedResource(bytes)
            let zones = read.zoneFingerprints
            held[resource.uid] = HeldResource(series: read.seriesFingerprint, zones: zones)
            for (tzid, fingerprint) in zones where sourceZones[fingerprint] == nil { sourceZones[fingerprint] = read.zones[tzid] }
        }
        var report = StoreVerificationReport()
        var comparison = ZoneComparison()
        var differing: [String] = []
        try target.contents { resource, bytes in
            guard let kept = held.removeValue(forKey: resource.uid) else { return report.extra.append(resource.uid) }
            report.compared += 1
            let read = VerifiedResource(bytes)
            guard kept.series == read.seriesFingerprint else { return differing.append(resource.uid) }
            let tzids = Set(kept.zones.keys).union(read.zones.keys), written = read.zoneFingerprints
            guard tzids.contains(where: { kept.zones[$0] != written[$0] }) else { return }
            let times = read.zoneTimes
            let zonesAgree = tzids.allSatisfy { tzid in
                comparison.agree(source: kept.zones[tzid].flatMap { sourceZones[$0] }, target: read.zones[tzid], times: times[tzid])
            }
            if !zonesAgree { differing.append(resource.uid) }
        }
        report.missing = held.keys.sorted()
        report.extra.sort()
        report.different = try differing.sorted().map { uid in
            StoreVerificationReport.Difference(uid: uid, difference: try describe(uid, zones: &comparison))
        }
        return report
    }

    /// The first difference of a resource, read again from both stores.
    private func describe(_ uid: String, zones: inout ZoneComparison) throws -> String {
        guard let held = try source.get(uid: uid), let written = try target.get(uid: uid) else {
            return "the resource went away while verify read it"
        }
        return SeriesDifference.first(source: VerifiedResource(held.bytes), target: VerifiedResource(written.bytes), zones: &zones)
    }
}

/// What `verify` found: resources only on the source (missing on the target), only on the target
/// (extra), and on both but saying different things, each with the first difference.
package struct StoreVerificationReport: Sendable {
    /// A resource both stores hold that says different things.
    package struct Difference: Sendable, Equatable {
        package let uid: String
        package let difference: String
    }

    /// UIDs both stores hold.
    package var compared = 0
    package var missing: [String] = []
    package var extra: [String] = []
    package var different: [Difference] = []

    package var agrees: Bool { missing.isEmpty && extra.isEmpty && different.isEmpty }

    /// One line a finding: `missing UID`, `extra UID`, `differs UID: what`.
    package var text: String {
        missing.map { "missing \($0): only on the source\n" }.joined()
            + extra.map { "extra \($0): only on the target\n" }.joined()
            + different.map { "differs \($0.uid): \($0.difference)\n" }.joined()
    }

    /// One JSON object a finding: `{"uid": …, "status": "missing" | "extra" | "different", "difference": …}`.
    package var jsonLines: String {
        func line(_ uid: String, _ status: String, _ difference: String?) -> String {
            "{\"uid\": \(JSONOutput.quoted(uid)), \"status\": \"\(status)\", \"difference\": \(difference.map(JSONOutput.quoted) ?? "null")}\n"
        }
        return missing.map { line($0, "missing", nil) }.joined() + extra.map { line($0, "extra", nil) }.joined()
            + different.map { line($0.uid, "different", $0.difference) }.joined()
    }

    /// `verify: 120 compared, 118 agree, 2 differ; 1 missing on the target, 0 extra`.
    package var summary: String {
        "\(compared) on both, \(compared - different.count) agree, \(different.count) differ; "
            + "\(missing.count) missing on the target, \(extra.count) only on the target"
    }
}
