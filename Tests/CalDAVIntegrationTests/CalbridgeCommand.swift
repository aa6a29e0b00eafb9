import Foundation

/// The built `calbridge` binary, run as a user runs it, with CALBRIDGE_PASSWORD set.
enum CalbridgeCommand {
    /// The package's root folder (Samples/, Benchmarks/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("calbridge")

    /// Runs calbridge to the end and returns its exit status, standard output and standard error;
    /// `environment` sets (or with nil removes) variables, CALBRIDGE_PASSWORD among them.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let process = prepare(arguments)
        for (name, value) in environment { process.environment?[name] = value }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread: a pipe nobody reads blocks the writer once full.
        let errors = ErrorsReader(err.fileHandleForReading)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors.text())
    }

    /// Starts calbridge without waiting; standard output and error go to `log`.
    static func start(_ arguments: [String], log: URL) throws -> Process {
        let process = prepare(arguments)
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw POSIXError(.EACCES) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    private static func prepare(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["CALBRIDGE_PASSWORD": "secret"]) { _, new in new }
        return process
    }

    private final class ErrorsReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// A calendar from Benchmarks/generate_calendar.py: `events` VEVENTs with UIDs of their own, zoned,
/// UTC and all-day, a third recurring, with attendees, alarms and UTF-8 text; the same bytes for
/// the same count, every time.
enum GeneratedCalendar {
    static func write(events: Int, to file: URL) throws {
        guard let bin = CalDAVTestServer.binFolder() else {
            throw ToolFailed(description: "no .venv to run Benchmarks/generate_calendar.py")
        }
        let process = Process()
        process.executableURL = bin.appendingPathComponent("python")
        process.arguments = [
            CalbridgeCommand.root.appendingPathComponent("Benchmarks/generate_calendar.py").path, String(events), file.path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "Benchmarks/generate_calendar.py \(events) failed")
        }
    }
}

/// A helper program the tests run (python with the venv's packages) did not do its job.
struct ToolFailed: Error, CustomStringConvertible {
    var description: String
}
