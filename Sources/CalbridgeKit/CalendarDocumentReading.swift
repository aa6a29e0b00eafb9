import CalendarDocuments
import Foundation
import Platform

/// Reads one input into a VCALENDAR component and the problems found in it through the command's own
/// reading (`CalendarInputs`): a calendar opened here is the one `calbridge convert` writes.
struct CalendarDocumentReading {
    /// What problems call the input: its path, or the name given for bytes.
    var name: String
    var format: CalendarFileFormat?

    /// Reads the file at `path`.
    func read(path: String) throws(CalendarReadingError) -> (Component, [Diagnostic]) {
        do {
            let (calendar, diagnostics) = try CalendarInputs(paths: [path], format: format?.documentFormat).readCalendar()
            return (calendar, diagnostics.map { named($0, from: path) })
        } catch let error as InvalidCalendarData {
            throw CalendarReadingError(
                problems: error.diagnostics.map { ReadingProblem(named($0, from: path), isError: $0.severity == .error) })
        } catch let error as InputFile.OpenError {
            throw refusal("cannot be read: " + error.reason)
        } catch {
            throw refusal("\(error)")
        }
    }

    /// Reads bytes in memory, through a file named like the input so that its name tells the format.
    func read(_ data: Data) throws(CalendarReadingError) -> (Component, [Diagnostic]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw refusal("cannot be kept in a temporary file to be read: \(error.localizedDescription)")
        }
        return try read(path: file.path)
    }

    /// A problem found in `path` as it is named to the caller.
    private func named(_ diagnostic: Diagnostic, from path: String) -> Diagnostic {
        var renamed = diagnostic
        if renamed.file == path { renamed.file = name }
        return renamed
    }

    private func refusal(_ message: String) -> CalendarReadingError {
        CalendarReadingError(problems: [ReadingProblem(Diagnostic(.error, file: name, at: nil, message), isError: true)])
    }
}
