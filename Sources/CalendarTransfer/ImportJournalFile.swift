import CalendarModel
import CalendarStores
import Foundation
import Platform

extension ImportJournal {
    /// The journal of an interrupted import into `store`, saved at `path`, to resume it; one that is
    /// missing, not a journal, or for another store is refused.
    package static func resuming(from path: String, store: String) throws -> ImportJournal {
        // No journal yet (killed before its first save): nothing recorded, the store's contents tell.
        guard let data = FileManager.default.contents(atPath: path) else { return ImportJournal(store: store) }
        guard let loaded = try? JSONDecoder().decode(ImportJournal.self, from: data), loaded.format == ImportJournal.formatName else {
            throw InvalidCalendarData(diagnostics: [Diagnostic(.error, file: path, at: nil, "is not a calbridge import journal")])
        }
        guard loaded.store == store else {
            throw InvalidCalendarData(diagnostics: [
                Diagnostic(
                    .error, file: path, at: nil,
                    "records an import into \(loaded.store), not \(store); use the journal of this store")
            ])
        }
        return loaded
    }
}
