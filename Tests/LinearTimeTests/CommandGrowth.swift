import Foundation
import Glibc
import XCTest

/// How a whole command's work and memory grow with its input: calbridge (the debug build beside the
/// tests, or `CALBRIDGE_LINEAR_BINARY` to hold an older build to the same bounds) runs as a child on
/// a file of one size and of eight times that size. Start-up is in both runs, so linear work gives a
/// CPU ratio of at most 8.
///
/// The peak memory comes from `wait4`'s resource usage, taken by GNU time, which starts calbridge:
/// a child spawned straight from the test process would report at least the test process's own
/// peak (Linux carries the high-water mark of the memory a process is spawned from across `exec`).
enum CommandGrowth {
    /// What the larger input's peak may pass the smaller one's by, beyond eight times the input it
    /// adds: allocator and page noise between two runs of the same program.
    static let memorySlack = 2 << 20
    /// What the CPU ratio may reach (issue #31: 8× the input costs at most 10× the time). Start-up,
    /// in both runs, keeps a command's ratio further from its bound than a reader's.
    static let allowedRatio = 10.0

    struct Measure {
        var cpuSeconds: Double
        var peakBytes: Int
    }

    static var binary: String {
        ProcessInfo.processInfo.environment["CALBRIDGE_LINEAR_BINARY"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calbridge").path
    }

    /// The least CPU time and the least peak memory of `runs` runs of calbridge with `arguments`.
    static func measure(_ arguments: [String], environment: [String: String], runs: Int) -> Measure {
        let measures = (0..<runs).map { _ in run(arguments, environment: environment) }
        return Measure(cpuSeconds: measures.map(\.cpuSeconds).min()!, peakBytes: measures.map(\.peakBytes).min()!)
    }

    /// One run, its outputs thrown away: its CPU time (with GNU time's own, a few hundred
    /// microseconds) and calbridge's peak resident memory.
    private static func run(_ arguments: [String], environment: [String: String]) -> Measure {
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = (["/usr/bin/time", "-f", "%M", "-o", peakFile, binary] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        XCTAssertEqual(posix_spawn(&pid, argv[0]!, &actions, nil, argv, envp), 0, "cannot start /usr/bin/time")
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // GNU time puts "Command exited with non-zero status" first when calbridge refuses the input.
        let peakKilobytes = (try? String(contentsOfFile: peakFile, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) }
        XCTAssertNotNil(peakKilobytes, "no peak memory for \(binary) \(arguments)")
        return Measure(cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakBytes: (peakKilobytes ?? 0) * 1024)
    }
}

/// Asserts that calbridge, run as `command(inputPath)` on `input(size)` and on `input(8 * size)`,
/// takes at most `CommandGrowth.allowedRatio` times the CPU time on the larger input, and peak memory at
/// most `memoryPerByte` (issue #31: eight) times the input it adds, plus `CommandGrowth.memorySlack`. A cost linear in the input
/// but times something else (every zone name) keeps the ratio at 8; `plain`, the same input with the
/// text where nothing looks at it, shows it: the larger input may cost at most the allowed ratio
/// times the plain one of its size.
func assertCommandLinear(
    _ shape: String, size: Int, fileName: String, memoryPerByte: Int = 8, input: (Int) -> [UInt8],
    plain: ((Int) -> [UInt8])? = nil, environment: [String: String] = [:], command: (String) -> [String],
    file: StaticString = #filePath, line: UInt = #line
) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linear-\(UUID().uuidString)")
    XCTAssertNoThrow(try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true))
    defer { try? FileManager.default.removeItem(at: directory) }
    func measure(_ bytes: [UInt8], _ name: String) -> CommandGrowth.Measure {
        let path = directory.appendingPathComponent("\(name)-\(fileName)").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        _ = CommandGrowth.measure(command(path), environment: environment, runs: 1)  // warm the page cache
        return CommandGrowth.measure(command(path), environment: environment, runs: 3)
    }
    let smallInput = input(size), largeInput = input(size * WorkGrowth.factor)
    let small = measure(smallInput, "small"), large = measure(largeInput, "large")
    let ratio = large.cpuSeconds / max(small.cpuSeconds, 1e-6)
    let grown = large.peakBytes - small.peakBytes,
        allowed = memoryPerByte * (largeInput.count - smallInput.count) + CommandGrowth.memorySlack
    XCTAssertLessThanOrEqual(
        ratio, CommandGrowth.allowedRatio,
        "\(shape): 8× the input took \(String(format: "%.1f", ratio))× the CPU time", file: file, line: line)
    XCTAssertLessThanOrEqual(
        grown, allowed, "\(shape): \(largeInput.count - smallInput.count) more bytes of input took \(grown) more bytes of memory",
        file: file, line: line)
    var report =
        "linear-time command \(shape): \(String(format: "%.2f", ratio))× CPU (\(String(format: "%.3f", small.cpuSeconds)) s → "
        + "\(String(format: "%.3f", large.cpuSeconds)) s), peak \(small.peakBytes >> 10) → \(large.peakBytes >> 10) KB"
    if let plain {
        let plainTime = measure(plain(size * WorkGrowth.factor), "plain").cpuSeconds
        XCTAssertLessThanOrEqual(
            large.cpuSeconds, CommandGrowth.allowedRatio * plainTime,
            "\(shape): took \(String(format: "%.3f", large.cpuSeconds)) s "
                + "where the same text nowhere looked at took \(String(format: "%.3f", plainTime)) s", file: file, line: line)
        report += ", plain \(String(format: "%.3f", plainTime)) s"
    }
    print(report)
}
