import CalendarModel
import TimeZones

/// Whether two VTIMEZONEs for one TZID, one from each store, say the same offsets, however their
/// text reads: a server may write its own copy of a zone (Cyrus and DAViCal keep their own), cut it
/// to the years around the events, or leave it out for the tz database to supply. Judgements are
/// kept by the pair of texts' fingerprints, since a store's thousands of resources repeat a few zones.
struct ZoneComparison {
    private let agreement = ZoneAgreement()
    private var judged: [Pair: Bool] = [:]

    private struct Pair: Hashable {
        let source: VerifiedResource.Fingerprint?
        let target: VerifiedResource.Fingerprint?
    }

    /// Whether the zones agree: equal texts, or offsets that agree wherever the narrower definition
    /// speaks (`ZoneAgreement.covers`, either way round), else at `times`, the span the resource's
    /// events use the zone (a producer's zone whose rules start in 1970 differs from the tz
    /// database's in years no event is in). An absent definition is the tz database's zone for the
    /// TZID, so it agrees with a definition the database agrees with.
    mutating func agree(source: Component?, target: Component?, times: ClosedRange<LocalDateTime>?) -> Bool {
        let pair = Pair(source: source.map(VerifiedResource.fingerprint), target: target.map(VerifiedResource.fingerprint))
        if pair.source == pair.target { return true }
        if let known = judged[pair] {
            if known { return true }
        } else {
            let verdict = agree(source, target, at: nil)
            judged[pair] = verdict
            if verdict { return true }
        }
        return times.map { agree(source, target, at: $0) } ?? false
    }

    private func agree(_ source: Component?, _ target: Component?, at times: ClosedRange<LocalDateTime>?) -> Bool {
        switch (source, target) {
        case (let source?, let target?):
            agreement.covers(source, target, at: times) || (times == nil && agreement.covers(target, source, at: nil))
        case (let source?, nil):
            agreement.sharedDefinition(for: [(definition: source, times: times)]) != nil
        case (nil, let target?):
            agreement.sharedDefinition(for: [(definition: target, times: times)]) != nil
        case (nil, nil):
            true
        }
    }
}
