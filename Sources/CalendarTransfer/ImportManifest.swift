import CSVReading
import CalendarModel
import Foundation
import Platform

/// The rows of an import manifest (`import --manifest FILE.csv`): a header naming the columns, then
/// one import a row. `input` (one or more paths separated by `;`, files or directories) and `store`
/// (a directory or a CalDAV URL) are required; `user`, `calendar` and `password_env` (the name of
/// the environment variable holding the row's password, CALBRIDGE_PASSWORD when empty) may be
/// left out or empty. Relative paths are relative to the manifest's folder, so a manifest and its
/// inputs move together. Lines starting with `#` and empty lines are skipped; fields are RFC 4180
/// CSV (quotes for a `,` or a line break), with `;` as the delimiter where the header has no comma.
///
/// A header with `source` and `target` makes a manifest of mirror rows (`mirror --manifest`): each
/// row one store pair, with `source_user`, `source_calendar`, `source_password_env` and the same
/// three for the target (see ``MirrorManifestRow``).
///
/// Every problem is a `Diagnostic` at the cell's line and column, and all of them are found before
/// anything is sent: two rows that import into the same calendar (they would race each other and
/// share a journal) are one of them.
package struct ImportManifest: Sendable {
    package static let columns = ["input", "store", "user", "calendar", "password_env"]
    package static let mirrorColumns = [
        "source", "target", "source_user", "source_calendar", "source_password_env",
        "target_user", "target_calendar", "target_password_env",
    ]
    package static let defaultPasswordVariable = "CALBRIDGE_PASSWORD"

    /// The manifest's path, as given (its diagnostics name it so).
    package var path: String
    package var rows: [ManifestRow]
    /// The rows of a manifest of mirror rows (then `rows` is empty, and the other way round).
    package var mirrorRows: [MirrorManifestRow] = []

    /// Reads the manifest at `path`; throws `InvalidCalendarData` with every problem found, or the
    /// file's open error.
    package static func read(_ path: String) throws -> ImportManifest {
        try read(InputFile(path: path).readAll(), path: path)
    }

    /// Reads manifest bytes, with paths relative to the folder of `path`.
    package static func read(_ bytes: [UInt8], path: String) throws(InvalidCalendarData) -> ImportManifest {
        var reader = ManifestReader(file: path, folder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        switch CSVScanner.lines(bytes) {
        case .failure(let problem):
            reader.problem(at: SourceLocation(line: problem.row), problem.message)
        case .success(let lines):
            reader.read(lines)
        }
        guard reader.problems.isEmpty else { throw Self.refusal(reader.problems, path: path) }
        return ImportManifest(path: path, rows: reader.rows, mirrorRows: reader.mirrorRows)
    }

    /// What stops the manifest before anything is sent (exit 65).
    static func refusal(_ problems: [Diagnostic], path: String) -> InvalidCalendarData {
        InvalidCalendarData(diagnostics: problems, advice: "nothing was sent; correct \(path) and run the same command again")
    }

    /// Problems of mirror rows only the machine running them can see: a password variable named but not set.
    package static func check(_ rows: [MirrorManifestRow], file: String, environment: [String: String]) -> [Diagnostic] {
        rows.flatMap { [$0.source, $0.target] }.compactMap { end in
            guard let place = end.passwordPlace, environment[end.passwordVariable] == nil else { return nil }
            return Diagnostic(
                .error, file: file, at: place, "the environment variable \(end.passwordVariable) is not set; set it to this row's password")
        }
    }

    /// Problems of the rows about to be imported that only the machine running them can see: an
    /// input that is not there, a password variable named but not set.
    package static func check(_ rows: [ManifestRow], file: String, environment: [String: String]) -> [Diagnostic] {
        rows.flatMap { row -> [Diagnostic] in
            var found = row.inputs.filter { !FileManager.default.fileExists(atPath: $0) }.map {
                Diagnostic(
                    .error, file: file, at: row.inputPlace,
                    "\($0) is not there; check the name and the path (relative to the manifest's folder)")
            }
            if let place = row.passwordPlace, environment[row.passwordVariable] == nil {
                found.append(
                    Diagnostic(
                        .error, file: file, at: place,
                        "the environment variable \(row.passwordVariable) is not set; set it to this row's password"))
            }
            return found
        }
    }
}

/// One import of a manifest: its inputs into its store.
package struct ManifestRow: Sendable, Hashable {
    /// The row's place among the manifest's rows, from 0 (what `--shard` counts).
    package var index: Int
    /// The line of the manifest it starts on.
    package var line: Int
    /// Paths resolved against the manifest's folder.
    package var inputs: [String]
    /// A CalDAV URL, or a directory resolved against the manifest's folder.
    package var store: String
    package var user: String?
    package var calendar: String?
    package var passwordVariable: String
    var inputPlace: SourceLocation
    /// Where `password_env` names a variable, nil when the row takes the default.
    var passwordPlace: SourceLocation?

    /// What tells the row's calendar apart from every other row's.
    var target: String { [store, user ?? "", calendar ?? ""].joined(separator: "\n") }

    /// The file name of the row's journal: readable, and unique to the calendar it imports into,
    /// so it survives rows being added, removed or reordered.
    package var journalName: String {
        let named = [user, calendar ?? URL(string: store)?.lastPathComponent].compactMap { $0 }.map(UIDSlug.make)
        let slug = String(named.filter { !$0.isEmpty }.joined(separator: "-").prefix(40))
        return (slug.isEmpty ? "" : slug + "-") + FNV1a.hex(target.utf8) + ".journal"
    }
}

/// Turns a manifest's CSV lines into rows, collecting every problem at its cell.
private struct ManifestReader {
    let file: String
    let folder: String
    var problems: [Diagnostic] = []
    var rows: [ManifestRow] = []
    var mirrorRows: [MirrorManifestRow] = []
    private var columns: [String: Int] = [:]
    /// Whether the header names a source and a target: a manifest of mirror rows.
    private var isMirror = false
    /// The line of the row that first imports into each calendar.
    private var targets: [String: Int] = [:]

    init(file: String, folder: String) {
        self.file = file
        self.folder = folder
    }

    mutating func problem(at place: SourceLocation, _ message: String) {
        problems.append(Diagnostic(.error, file: file, at: place, message))
    }

    mutating func read(_ lines: [CSVLine]) {
        let records = lines.compactMap { line -> (fields: [String], starts: [SourceLocation])? in
            if case .record(_, let fields, let starts) = line { (fields, starts) } else { nil }
        }
        guard let header = records.first else {
            return problem(
                at: SourceLocation(line: 1),
                "the manifest has no header; its first row names the columns: "
                    + ImportManifest.columns.joined(separator: ","))
        }
        readHeader(header.fields, header.starts)
        guard problems.isEmpty else { return }
        if records.count == 1 { problem(at: header.starts[0], "the manifest has a header but no rows") }
        for record in records.dropFirst() { readRow(record.fields, record.starts) }
    }

    private mutating func readHeader(_ fields: [String], _ starts: [SourceLocation]) {
        isMirror = fields.contains { ["source", "target"].contains($0.lowercased()) }
        let known = isMirror ? ImportManifest.mirrorColumns : ImportManifest.columns
        for (index, written) in fields.enumerated() {
            let name = written.lowercased()
            if ["password", "source_password", "target_password"].contains(name) {
                problem(
                    at: starts[index],
                    "a manifest does not hold passwords; name an environment variable that holds one in a column \(name)_env")
            } else if !known.contains(name) {
                problem(at: starts[index], "unknown column \(written); the columns are " + known.joined(separator: ", "))
            } else if columns[name] != nil {
                problem(at: starts[index], "the column \(name) appears twice")
            } else {
                columns[name] = index
            }
        }
        for required in isMirror ? ["source", "target"] : ["input", "store"] where columns[required] == nil {
            problem(at: starts[0], "the header has no column \(required); the columns are " + known.joined(separator: ", "))
        }
    }

    private mutating func readRow(_ fields: [String], _ starts: [SourceLocation]) {
        if fields.count > columns.count {
            return problem(
                at: starts[columns.count],
                "the row has \(fields.count) cells but the header names \(columns.count) columns; quote a cell that holds the delimiter")
        }
        let columns = columns
        func cell(_ name: String) -> (text: String, place: SourceLocation)? {
            guard let index = columns[name] else { return nil }
            // A spreadsheet leaves out a row's empty cells at its end.
            return index < fields.count ? (fields[index], starts[index]) : ("", starts[starts.count - 1])
        }
        guard !isMirror else { return readMirrorRow(cell, line: starts[0].line) }
        let before = problems.count
        // Rows are read only when the header holds the required columns (`readHeader` reports a missing one).
        let input = cell("input")!, store = cell("store")!
        let inputs = input.text.split(separator: ";").map { CSVScanner.trim($0) }.filter { !$0.isEmpty }
        if inputs.isEmpty { problem(at: input.place, "the row has no input; give a calendar file or folder (several separated by ;)") }
        let location = storeLocation(store.text, at: store.place)
        let password = passwordCell(cell("password_env"))
        guard problems.count == before, let location else { return }
        let row = ManifestRow(
            index: rows.count, line: starts[0].line, inputs: inputs.map(resolved), store: location,
            user: nonEmpty(cell("user")?.text), calendar: nonEmpty(cell("calendar")?.text),
            passwordVariable: password?.text ?? ImportManifest.defaultPasswordVariable,
            inputPlace: input.place, passwordPlace: password?.place)
        if let first = targets[row.target] {
            return problem(
                at: store.place,
                "this row imports into the same calendar as line \(first); put both rows' inputs in one row, separated by ;")
        }
        targets[row.target] = row.line
        rows.append(row)
    }

    /// A mirror row: a source and a target, each with its user, calendar and password variable; no
    /// two rows mirror into one calendar.
    private mutating func readMirrorRow(_ cell: (String) -> (text: String, place: SourceLocation)?, line: Int) {
        let before = problems.count
        func end(_ role: String) -> ManifestStore? {
            // The header holds the required columns, source and target, or no row is read.
            let store = cell(role)!
            let location = storeLocation(store.text, at: store.place)
            let password = passwordCell(cell(role + "_password_env"))
            return location.map {
                ManifestStore(
                    location: $0, user: nonEmpty(cell(role + "_user")?.text), calendar: nonEmpty(cell(role + "_calendar")?.text),
                    passwordVariable: password?.text ?? ImportManifest.defaultPasswordVariable, passwordPlace: password?.place)
            }
        }
        let (source, target) = (end("source"), end("target"))
        guard problems.count == before, let source, let target else { return }
        let row = MirrorManifestRow(index: mirrorRows.count, line: line, source: source, target: target)
        if let first = targets[target.key] {
            // The header holds the target column, or no row is read.
            return problem(
                at: cell("target")!.place, "this row mirrors into the same calendar as line \(first); each calendar takes one source")
        }
        targets[target.key] = line
        mirrorRows.append(row)
    }

    /// A `password_env` cell that names a variable, nil when empty (the default variable).
    private mutating func passwordCell(_ cell: (text: String, place: SourceLocation)?) -> (text: String, place: SourceLocation)? {
        guard let cell, !cell.text.isEmpty else { return nil }
        if !Self.isVariableName(cell.text) {
            problem(
                at: cell.place, "\(cell.text) is not the name of an environment variable (letters, digits and _, not starting with a digit)"
            )
        }
        return cell
    }

    /// The store a cell names: a CalDAV URL as written, or a directory resolved against the folder.
    private mutating func storeLocation(_ text: String, at place: SourceLocation) -> String? {
        if text.isEmpty {
            problem(at: place, "the row has no store; give a directory or a CalDAV URL")
            return nil
        }
        guard text.contains("://") else { return URL(fileURLWithPath: resolved(text)).standardizedFileURL.path }
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text), url.host != nil else {
            problem(at: place, "\(text) is not a CalDAV URL (http:// or https://) nor a directory")
            return nil
        }
        return text
    }

    private func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }

    private func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func isVariableName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
