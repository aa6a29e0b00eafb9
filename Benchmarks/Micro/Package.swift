// swift-tools-version:6.2
// Micro-benchmarks of calbridge's hot paths with ordo-one/benchmark (package-benchmark). A package of
// its own, beside the main one, so that the main build, `swift test` and CI never compile the benchmark
// framework: run them with Scripts/bench-micro. The engine modules measured are the main package's
// own sources (Engine/ links to them), built here as targets of this package: what they measure
// (the scanner, the lexer, the rule iterator, zone lookups) is `package` in calbridge, not public.
import PackageDescription

let package = Package(
    name: "calbridge-micro",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The malloc interposer only (no runtime interposer): the traits this machine's copy of 1.38.1 resolves with.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibical", path: "Engine/CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .target(name: "CalendarModel", path: "Engine/CalendarModel"),
        .target(name: "ContentLines", dependencies: ["CalendarModel"], path: "Engine/ContentLines"),
        .target(name: "Platform", path: "Engine/Platform"),
        .target(name: "ICalendar", dependencies: ["CalendarModel", "ContentLines", "Platform", "CLibical"],
                path: "Engine/ICalendar"),
        .target(name: "Recurrence", dependencies: ["CalendarModel"], path: "Engine/Recurrence"),
        .target(name: "TimeZones", dependencies: [
            "CalendarModel", "Recurrence", .product(name: "OrderedCollections", package: "swift-collections"),
        ], path: "Engine/TimeZones"),
        .executableTarget(
            name: "HotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "CalendarModel", "ICalendar", "Platform", "Recurrence", "TimeZones",
            ],
            path: "Benchmarks/HotPaths",
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
