// swift-tools-version:6.2
// Micro-benchmarks of calbridge's hot paths with ordo-one/benchmark (package-benchmark). A package of
// its own, beside the main one, so that the main build, `swift test` and CI never compile the benchmark
// framework: run them with Scripts/bench-micro. The main package comes in by path.
import PackageDescription

let package = Package(
    name: "calbridge-micro",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "calbridge", path: "../.."),
        // The malloc interposer only (no runtime interposer): the traits this machine's copy of 1.38.1 resolves with.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CalendarModel", package: "calbridge"),
                .product(name: "ICalendar", package: "calbridge"),
                .product(name: "Recurrence", package: "calbridge"),
                .product(name: "TimeZones", package: "calbridge"),
            ],
            path: "Benchmarks/HotPaths",
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
