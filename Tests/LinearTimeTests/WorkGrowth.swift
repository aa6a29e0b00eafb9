import Glibc
import XCTest

/// How the work of a reader grows with its input: the CPU time of reading an input of one size and
/// of eight times that size, each the least of five runs, compared in one run on one machine (so
/// no absolute time is assumed). Linear work gives a ratio of 8; quadratic work gives 64.
enum WorkGrowth {
    static let factor = 8
    /// What the ratio may reach: 8 plus room for caches and allocation, still far below 64. Issue
    /// #31's 10 holds for these readers on a quiet machine, but with builds beside them some shape
    /// or other reached 10.3–13.5 in one run of three.
    static let allowedRatio = 16.0

    /// The ratio of the CPU time `read` takes on `input(8 * size)` to that on `input(size)`.
    static func ratio(size: Int, input: (Int) -> [UInt8], read: ([UInt8]) -> Void) -> Double {
        let small = input(size)
        let large = input(size * factor)
        read(small)  // warm up: first-use costs (tables, libxml2, libical) are not the input's.
        let smallTime = leastCPUTime(5) { read(small) }
        let largeTime = leastCPUTime(5) { read(large) }
        return largeTime / max(smallTime, 1e-6)
    }

    private static func leastCPUTime(_ runs: Int, _ work: () -> Void) -> Double {
        (0..<runs).map { _ in
            let before = processCPUTime()
            work()
            return processCPUTime() - before
        }.min()!
    }

    private static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Asserts that `read` does work linear (or n log n) in its input, shaped by `input`.
func assertLinear(
    _ shape: String, size: Int, input: (Int) -> [UInt8], read: ([UInt8]) -> Void,
    file: StaticString = #filePath, line: UInt = #line
) {
    let ratio = WorkGrowth.ratio(size: size, input: input, read: read)
    XCTAssertLessThanOrEqual(
        ratio, WorkGrowth.allowedRatio,
        "\(shape): 8× the input took \(String(format: "%.1f", ratio))× the work", file: file, line: line)
    print("linear-time \(shape): \(String(format: "%.2f", ratio))×")
}

/// As many whole copies of `text` as fit in `count` bytes (at least one), so no escape is cut in two.
func repeated(_ text: String, toBytes count: Int) -> [UInt8] {
    let unit = Array(text.utf8)
    return Array(Array(repeating: unit, count: max(1, count / unit.count)).joined())
}
