import CalendarModel
import Foundation
import ICalendar
import TimeZones

/// How an event or to-do is kept to be read again: its text, or the component itself when it came
/// from a format read whole (JSON, xCal, jCal).
enum Kept: Sendable {
    case text(RawComponent)
    case component(Component)

    /// The component, read again from its text with the properties in `selection`.
    func component(_ selection: PropertySelection?) -> Component? {
        switch self {
        case .component(let component): return component
        case .text(let raw):
            var reader = ComponentReader(file: "", checksWithLibical: false)
            reader.selection = selection
            return reader.read(raw).component
        }
    }
}

/// Components expanded as one series; `ordinal` is the series' place in the file (first appearance).
struct SeriesUnit: Sendable {
    var ordinal: Int
    var key: SeriesKey
    /// `key`'s hash, which the occurrences carry (see `OccurrenceRecord.seriesHash`).
    var seriesHash: Int
    var members: [Kept]
}

/// What one worker needs to expand and format series: all of it read-only.
struct SeriesFormatting: Sendable {
    var window: SeriesExpansion.Window
    var format: OccurrenceOutput
    var selection: PropertySelection?
    var display: (any ZoneRules)?
    var resolver: TimeZoneResolver
    var budget: InstanceBudget
    /// The formatted bytes a worker holds before it writes them out as a sorted run of its own: one
    /// series may have more occurrences than memory should hold.
    var memoryBudget: Int

    /// One series expanded, not yet formatted; `nil` occurrences when it ran over the budget.
    struct Expanded {
        var ordinal: Int
        var seriesHash: Int
        var occurrences: [Occurrence]?
        /// The texts every occurrence shares when the series is one component.
        var alone: OccurrenceTexts?
        var instances: Int
    }

    /// The unit's occurrences and the rule instances they used (-1 when over the budget).
    func expand(_ unit: SeriesUnit) -> Expanded {
        let components = unit.members.compactMap { $0.component(selection) }
        var expansion = SeriesExpansion()
        components.forEach { expansion.add($0) }
        let allowed = budget.remaining
        var remaining = allowed
        guard let occurrences = try? expansion.occurrences(in: window, resolver: resolver, budget: &remaining) else {
            budget.spend(allowed + 1)
            return Expanded(ordinal: unit.ordinal, seriesHash: unit.seriesHash, occurrences: nil, alone: nil, instances: -1)
        }
        budget.spend(allowed - remaining)
        // A series of one component describes every occurrence with it: read its texts once.
        let alone = components.count == 1 ? occurrences.first.map { OccurrenceTexts($0, for: format) } : nil
        return Expanded(
            ordinal: unit.ordinal, seriesHash: unit.seriesHash, occurrences: occurrences, alone: alone,
            instances: allowed - remaining)
    }

    /// Expands a worker's units, then formats them into `chunk` (unsorted: it is sorted as it is
    /// written out or handed over) unless the batch went over the budget (it fails then whatever the
    /// series hold, and formatting millions of flooding occurrences would be waste); returns each
    /// unit's rule instances, -1 over budget.
    func expandAndFormat(_ units: [SeriesUnit], into chunk: inout OccurrenceChunk) -> [Int] {
        let expanded = units.map(expand)
        guard !budget.isOverspent else { return expanded.map { _ in -1 } }
        for series in expanded {
            let occurrences = series.occurrences ?? []
            // Formatted in the output's order, so that what one series spills makes one run.
            let seconds = occurrences.map { $0.start.orderingSecond(floatingZone: window.zone) }
            let order = occurrences.indices.sorted { (seconds[$0], occurrences[$0].uid, $0) < (seconds[$1], occurrences[$1].uid, $1) }
            for position in order {
                let occurrence = occurrences[position]
                chunk.append(
                    second: seconds[position], uid: occurrence.uid, series: series.ordinal, position: position,
                    seriesHash: series.seriesHash
                ) { bytes in
                    OccurrenceFormat.append(
                        occurrence, series.alone ?? OccurrenceTexts(occurrence, for: format), as: format, shownIn: display, to: &bytes)
                }
                if chunk.size > memoryBudget { chunk.spill() }
            }
        }
        return expanded.map(\.instances)
    }
}

/// The rule instances a batch may still generate, shared by its workers: each series may use what
/// is left when it starts, so a batch of flooding rules stops after about one budget per worker
/// rather than one per series. `@unchecked Sendable`: its fields are read and written only under `lock`.
final class InstanceBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private var overspent = false

    init(_ instances: Int) {
        left = instances
    }

    var remaining: Int {
        lock.lock()
        defer { lock.unlock() }
        return left
    }

    /// More was spent than there was: the batch as a whole is over the budget.
    var isOverspent: Bool {
        lock.lock()
        defer { lock.unlock() }
        return overspent
    }

    func spend(_ instances: Int) {
        lock.lock()
        overspent = overspent || instances > left
        left = max(0, left - instances)
        lock.unlock()
    }
}
