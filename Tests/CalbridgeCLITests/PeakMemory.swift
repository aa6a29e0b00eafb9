import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A command's exit status and peak resident memory, for the tests that hold a command to a memory bound.
struct MeasuredRun {
    var status: Int32
    var peakKilobytes: Int
}

extension Calbridge {
    /// Runs calbridge with these environment variables added, its standard output into `output`
    /// and its standard error thrown away. GNU time starts calbridge and reads the peak from
    /// `wait4`: a child spawned straight from the test process would report at least the test
    /// process's own peak, which Linux carries across `exec`, and hide what the tests look for.
    /// `CALBRIDGE_MEMORY_BINARY` holds another build (an older one) to the same bounds.
    static func runMeasuringPeak(
        _ arguments: [String], output: String = "/dev/null",
        environment: [String: String] = [:]
    ) throws -> MeasuredRun {
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let binary = ProcessInfo.processInfo.environment["CALBRIDGE_MEMORY_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.binary.path
        let argv = (["/usr/bin/time", "-f", "%M", "-o", peakFile, binary] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        XCTAssertEqual(posix_spawn(&pid, argv[0]!, &actions, nil, argv, envp), 0, "cannot start /usr/bin/time")
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid)
        // GNU time writes "Command exited with non-zero status" first when calbridge fails.
        let peak = try String(contentsOfFile: peakFile, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        return MeasuredRun(status: (status >> 8) & 0xff, peakKilobytes: try XCTUnwrap(peak, "no peak memory for \(arguments)"))
    }
}
