import CalendarDocuments
import CalendarModel
import CalendarStores
import TimeZones

/// One import of calendars into one store, as `calbridge import` runs it and as each row of an
/// import manifest runs it: the inputs read and merged, their problems judged by the reading
/// policy, one resource per UID with the VTIMEZONEs its TZIDs need, the store opened (and named
/// after the calendar), and the resources sent through an ``ImportBatch`` with the journal.
package struct StoreImport: Sendable {
    package var inputs: [String]
    /// A directory or a CalDAV URL (STORE of `import`).
    package var store: String
    package var access: StoreAccess
    package var create = false
    /// Requests at once (`--jobs`); nil lets the import find what the server takes.
    package var jobs: Int?
    package var journalPath: String?
    /// Starts from the journal at `journalPath` (a missing one records nothing yet).
    package var resume = false
    package var dryRun = false

    package init(inputs: [String], store: String, access: StoreAccess) {
        self.inputs = inputs
        self.store = store
        self.access = access
    }

    /// Runs the import; `judge` gets the inputs' problems before anything is sent, and stops the
    /// import by throwing (as a `ReadingPolicy` refuses). Throws what stops it: the inputs' and the
    /// store's errors, ``ImportInterrupted`` (the store went away part-way) after handing `interrupted`
    /// the report of what got there.
    package func run(judging judge: ([Diagnostic]) throws -> Void, interrupted: (ImportReport) -> Void) throws -> ImportReport {
        let imported = try ImportedCalendar(inputs: inputs)
        let calendar = imported.calendar
        try judge(imported.diagnostics)
        // Each resource then carries a VTIMEZONE for every TZID it uses, and its own input's PRODID.
        let (resources, withoutUID) = CalendarResources.split(
            ZoneUsage.completing(calendar), productIdentifiers: imported.productIdentifiers)
        // A dry run into a store that does not exist yet plans against an empty one.
        let named = EventCalendar(component: calendar)
        let label = CalendarLabel(name: named.name, color: named.color)
        let opened = try StoreLocation.open(store, access: access, create: create, makeDirectory: !dryRun, dryRun: dryRun, label: label)
        if !dryRun { try opened?.adopt(label) }
        let sent =
            try journalPath.flatMap { resume ? try ImportJournal.resuming(from: $0, store: store) : nil }
            ?? ImportJournal(store: store)
        let batch = ImportBatch(store: opened, journal: sent, journalPath: journalPath, dryRun: dryRun, jobs: jobs)
        do {
            return ImportReport(outcome: try batch.send(resources), withoutUID: withoutUID, dryRun: dryRun)
        } catch let stopped as ImportInterrupted {
            interrupted(ImportReport(outcome: stopped.outcome, withoutUID: [], dryRun: dryRun))
            throw stopped
        } catch StoreError.unavailable(let reason) {
            throw StoreUnavailable(message: "\(store): the store cannot be used: \(reason); nothing more was sent")
        }
    }
}
