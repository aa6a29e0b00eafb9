import CalendarModel
import ICalendar
import Platform
import TimeZones

/// One store resource as `verify` compares it: its series (events, tasks, their overrides and
/// alarms) and its VTIMEZONEs, each reduced to what it says. What servers rewrite says nothing:
/// the calendar properties (PRODID, VERSION), DTSTAMP (the time the server wrote the resource),
/// the order of properties and parameters, line folding, and the spellings ``StoredSeries`` sees
/// through. A zone is compared by its offsets, not its text (see `ZoneComparison`).
package struct VerifiedResource {
    /// The series in canonical form.
    package let series: Component
    /// The resource's VTIMEZONEs by TZID, LAST-MODIFIED (which says only when) left out.
    package let zones: [String: Component]

    /// Properties a server writes for itself, whatever the client sent: DTSTAMP is "when this
    /// copy was made" (RFC 5545 §3.8.7.2), which a server restamps as it stores the resource.
    static let rewrittenProperties: Set<String> = ["DTSTAMP"]

    /// Reads a resource; one that cannot be read at all is compared by its bytes, as one property.
    package init(_ bytes: [UInt8]) {
        var reader = CalendarStreamReader(encodes: false)
        reader.checksWithLibical = false
        var components: [Component] = []
        var zones: [String: Component] = [:]
        do {
            try reader.read(InputFile(name: "resource", contents: bytes)) { event in
                guard case .component(let read) = event, let component = read.component else { return }
                if component.name == "VTIMEZONE", let tzid = component["TZID"]?.text {
                    var zone = component.canonicalForm
                    zone.set("LAST-MODIFIED", nil)
                    zones[tzid] = zone
                } else {
                    components.append(Self.withoutRewrites(component))
                }
            }
        } catch {
            components = [
                Component(name: "UNREADABLE", properties: [Property(name: "DATA", value: String(decoding: bytes, as: UTF8.self))])
            ]
            zones = [:]
        }
        series = StoredSeries.canonical(components)
        self.zones = zones
    }

    /// The span of wall-clock times in each TZID the series uses (to the horizon for a rule
    /// without end), over which a zone must agree.
    package var zoneTimes: [String: ClosedRange<LocalDateTime>] {
        var uses = CalendarZoneUses(lastInstance: ZoneAgreement.lastInstance)
        series.components.forEach { uses.record($0) }
        return uses.uses.mapValues { $0.earliest...max($0.earliest, $0.latest ?? ZoneAgreement.horizon) }
    }

    /// What the series says, as a short fingerprint: the FNV-1a hash of its iCalendar text and that
    /// text's length. Two different series share one by accident about once in 2^64 comparisons;
    /// what the fingerprint says differs is then told apart property by property.
    package var seriesFingerprint: Fingerprint { Self.fingerprint(series) }

    /// The zones' fingerprints by TZID: equal ones are the same text; unequal ones may still agree.
    package var zoneFingerprints: [String: Fingerprint] { zones.mapValues(Self.fingerprint) }

    /// A hash and a length, kept per resource instead of its text, so that memory grows by a few
    /// bytes a resource whatever the store holds.
    package struct Fingerprint: Hashable, Sendable {
        let hash: UInt64
        let length: Int
    }

    static func fingerprint(_ component: Component) -> Fingerprint {
        var writer = ICalendarWriter()
        writer.write(component)
        let text = writer.takeBytes()
        return Fingerprint(hash: FNV1a.hash(text), length: text.count)
    }

    private static func withoutRewrites(_ component: Component) -> Component {
        var copy = component
        copy.properties.removeAll { rewrittenProperties.contains($0.name) }
        copy.components = component.components.map(withoutRewrites)
        return copy
    }
}
