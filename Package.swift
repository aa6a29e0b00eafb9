// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "calbridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calbridge", targets: ["calbridge"]),
        // The library's face: open, edit, expand and write calendars (see Sources/CalbridgeKit).
        // The one library product; the engine modules under it are `package` (Benchmarks/Micro builds
        // the ones it measures from their sources).
        .library(name: "CalbridgeKit", targets: ["CalbridgeKit"]),
    ],
    // An app that uses only CalbridgeKit asks for no traits (`traits: []`), and SwiftPM then neither
    // resolves nor builds the argument parser or the HTTP client (SE-0450's pruning of trait-guarded
    // dependencies); building calbridge itself enables both by default.
    traits: [
        .trait(name: "CommandLine", description: "The calbridge command (swift-argument-parser).", enabledTraits: ["CalDAV"]),
        .trait(name: "CalDAV", description: "The CalDAV store (async-http-client)."),
        .default(enabledTraits: ["CommandLine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // `swift package generate-documentation --target CalbridgeKit` (Sources/CalbridgeKit/Documentation.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibical", pkgConfig: "libical",
                       providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CLibxml2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .target(name: "CalendarModel", swiftSettings: strict),
        .target(name: "JSONReading", swiftSettings: strict),
        .target(name: "AtomicOutput", swiftSettings: strict),
        .target(name: "ContactCards", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(name: "Schedules", dependencies: ["CalendarModel", "CalendarRouter", "JSONReading"], swiftSettings: strict),
        .target(name: "CalendarStores", dependencies: [
            "CalendarModel", "AtomicOutput", "CalendarWebFormats",
            .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["CalDAV"])),
        ], swiftSettings: strict),
        .target(name: "CalendarRouter", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(name: "CalendarWebFormats", dependencies: ["CalendarModel", "JSONReading", "CLibxml2"],
                exclude: ["Schema/xcal.rnc"], resources: [.copy("Schema/xcal.rng")], swiftSettings: strict),
        // libical gives its second opinion where it is installed; iOS has none (see LibicalCheck).
        .target(name: "ICalendar", dependencies: [
            "CalendarModel", .target(name: "CLibical", condition: .when(platforms: [.linux, .macOS])),
        ], swiftSettings: strict),
        .target(name: "CalbridgeKit", dependencies: [
            "CalendarModel", "ICalendar", "CalendarRouter", "CalendarWebFormats", "ContactCards", "Schedules",
        ], swiftSettings: strict),
        .executableTarget(name: "calbridge", dependencies: [
            "CalendarModel", "ICalendar", "AtomicOutput", "CalendarRouter", "CalendarWebFormats", "ContactCards",
            "Schedules", "CalendarStores", "CalbridgeKit", "CLibical", "CLibxml2",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLine"])),
        ], swiftSettings: strict),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel"], swiftSettings: strict),
        .testTarget(name: "JSONReadingTests", dependencies: ["JSONReading"], swiftSettings: strict),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "CalendarModel", "AtomicOutput"],
                    resources: [.copy("Corpus")], swiftSettings: strict),
        .testTarget(name: "CalbridgeCLITests", dependencies: ["calbridge", "CalendarModel", "ICalendar"],
                    swiftSettings: strict),
        .testTarget(name: "CalendarRouterTests", dependencies: ["CalendarRouter", "CalendarModel", "ICalendar"],
                    resources: [.copy("MessySeries")], swiftSettings: strict),
        .testTarget(name: "RecurrenceConformanceTests", dependencies: ["CalendarRouter", "CalendarModel"],
                    resources: [.copy("Vectors")], swiftSettings: strict),
        .testTarget(name: "CalendarWebFormatsTests", dependencies: ["CalendarWebFormats", "CalendarModel", "ICalendar"],
                    resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "ContactCardsTests", dependencies: ["ContactCards", "CalendarModel"],
                    resources: [.copy("Cards")], swiftSettings: strict),
        .testTarget(name: "SchedulesTests", dependencies: ["Schedules", "CalendarModel", "CalendarRouter", "ICalendar"],
                    exclude: ["Timetables"], swiftSettings: strict),
        .testTarget(name: "CalendarStoresTests", dependencies: ["CalendarStores", "CalendarModel"], swiftSettings: strict),
        .testTarget(name: "CalbridgeKitTests", dependencies: [
            "CalbridgeKit", "CalendarModel", "ICalendar", "CalendarRouter", "CalendarWebFormats",
        ], swiftSettings: strict),
        .testTarget(name: "CLibxml2Tests", dependencies: ["CLibxml2"], swiftSettings: strict),
        .testTarget(name: "CalDAVIntegrationTests", dependencies: ["CalendarStores", "CalendarModel", "CalendarWebFormats", "calbridge"],
                    swiftSettings: strict),
    ]
)
