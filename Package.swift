// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "calbridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calbridge", targets: ["calbridge"]),
        // The one library product, the library's face (Sources/CalbridgeKit); the engine modules under
        // it are `package` (Benchmarks/Micro builds the ones it measures from their sources).
        .library(name: "CalbridgeKit", targets: ["CalbridgeKit"]),
        // The readers' fuzz targets, for the fuzz package under Fuzz/ (not part of the face; Scripts/api
        // leaves it out).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
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
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // NIOCore and NIOHTTP1, which the CalDAV transport names itself (async-http-client brings them too).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        // `swift package generate-documentation --target CalbridgeKit` (Sources/CalbridgeKit/Documentation.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibical", pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]),
        .systemLibrary(
            name: "CLibxml2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .target(name: "CalendarModel", swiftSettings: strict),
        .target(name: "JSONReading", swiftSettings: strict),
        .target(name: "CSVReading", dependencies: ["CalendarModel"], swiftSettings: strict),
        // The platform layer: whole-or-absent output files, input reading, the progress line, the parallel map.
        .target(name: "Platform", swiftSettings: strict),
        .target(name: "Recurrence", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(
            name: "TimeZones",
            dependencies: [
                "CalendarModel", "Recurrence", .product(name: "OrderedCollections", package: "swift-collections"),
            ], swiftSettings: strict),
        .target(name: "ContentLines", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(name: "ContactCards", dependencies: ["CalendarModel", "ContentLines"], swiftSettings: strict),
        .target(name: "VCalendar", dependencies: ["CalendarModel", "ContentLines"], swiftSettings: strict),
        .target(name: "Birthdays", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(
            name: "Schedules",
            dependencies: [
                "CalendarModel", "Recurrence", "TimeZones", "JSONReading", "CSVReading", "Platform",
            ], swiftSettings: strict),
        // libical gives its second opinion where it is installed; iOS has none (see LibicalCheck).
        .target(
            name: "ICalendar",
            dependencies: [
                "CalendarModel", "ContentLines", "Platform", .target(name: "CLibical", condition: .when(platforms: [.linux, .macOS])),
            ], swiftSettings: strict),
        .target(
            name: "CalendarWebFormats", dependencies: ["CalendarModel", "JSONReading", "CLibxml2"],
            exclude: ["Schema/xcal.rnc"], resources: [.copy("Schema/xcal.rng")], swiftSettings: strict),
        .target(
            name: "Occurrences",
            dependencies: [
                "CalendarModel", "Recurrence", "TimeZones", "ICalendar", "CalendarWebFormats", "Platform",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ], swiftSettings: strict),
        .target(
            name: "CalendarDocuments",
            dependencies: [
                "CalendarModel", "ICalendar", "CalendarWebFormats", "Birthdays", "ContactCards", "Schedules", "TimeZones",
                "Platform", "VCalendar", "JSONReading", "CSVReading", "CalendarCSV",
                "JSCalendar",
            ], swiftSettings: strict),
        .target(
            name: "CalendarCSV", dependencies: ["CalendarModel", "CSVReading", "ContentLines", "Occurrences"],
            swiftSettings: strict),
        .target(
            name: "CalendarStores",
            dependencies: [
                "CalendarModel", "ContentLines", "Platform", "CalendarWebFormats",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["CalDAV"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["CalDAV"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["CalDAV"])),
            ], swiftSettings: strict),
        .target(
            name: "CalendarTransfer",
            dependencies: [
                "CalendarModel", "ICalendar", "CalendarStores", "CalendarDocuments", "CalendarWebFormats", "Occurrences", "Schedules",
                "Platform",
                "CSVReading", "TimeZones", .product(name: "OrderedCollections", package: "swift-collections"),
            ], swiftSettings: strict),
        .target(name: "CalendarViews", dependencies: ["CalendarModel", "Recurrence", "TimeZones", "Occurrences"], swiftSettings: strict),
        .target(
            name: "JSCalendar", dependencies: ["CalendarModel", "JSONReading", "CalendarWebFormats", "TimeZones"],
            swiftSettings: strict),
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CalendarModel", "ICalendar", "Recurrence", "TimeZones", "Occurrences", "CalendarWebFormats", "ContactCards", "Schedules",
                "Platform", "CalendarDocuments", "CalendarCSV",
            ], swiftSettings: strict),
        .target(
            name: "CalbridgeKit",
            dependencies: [
                "CalendarModel", "TimeZones", "Occurrences", "CalendarDocuments", "Platform",
            ], swiftSettings: strict),
        .executableTarget(
            name: "calbridge",
            dependencies: [
                "CalendarModel", "ICalendar", "Platform", "TimeZones", "Occurrences", "Birthdays",
                "Schedules", "CalendarDocuments", "CalendarTransfer",
                "CalendarViews", "CLibical", "CLibxml2", "CalendarCSV",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLine"])),
            ], swiftSettings: strict),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel"], swiftSettings: strict),
        .testTarget(name: "ContentLinesTests", dependencies: ["ContentLines"], swiftSettings: strict),
        .testTarget(name: "JSONReadingTests", dependencies: ["JSONReading"], swiftSettings: strict),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"], swiftSettings: strict),
        .testTarget(
            name: "CalendarDocumentsTests", dependencies: ["CalendarDocuments", "CalendarModel", "ICalendar", "Platform"],
            swiftSettings: strict),
        .testTarget(
            name: "ICalendarTests", dependencies: ["ICalendar", "CalendarModel", "Platform"],
            resources: [.copy("Corpus")], swiftSettings: strict),
        .testTarget(
            name: "CalbridgeCLITests", dependencies: ["calbridge", "CalendarModel", "CalendarDocuments", "CLibxml2"],
            swiftSettings: strict),
        .testTarget(name: "RecurrenceTests", dependencies: ["Recurrence", "CalendarModel"], swiftSettings: strict),
        .testTarget(name: "TimeZonesTests", dependencies: ["TimeZones", "CalendarModel"], swiftSettings: strict),
        .testTarget(name: "BirthdaysTests", dependencies: ["Birthdays", "Occurrences", "CalendarModel"], swiftSettings: strict),
        .testTarget(
            name: "OccurrencesTests", dependencies: ["Occurrences", "CalendarModel", "ICalendar", "Platform"],
            resources: [.copy("MessySeries")], swiftSettings: strict),
        .testTarget(
            name: "RecurrenceConformanceTests", dependencies: ["Occurrences", "CalendarModel"],
            resources: [.copy("Vectors")], swiftSettings: strict),
        .testTarget(
            name: "CalendarWebFormatsTests", dependencies: ["CalendarWebFormats", "CalendarModel", "ICalendar", "Platform", "CLibxml2"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(
            name: "VCalendarTests",
            dependencies: ["VCalendar", "CalendarModel", "ICalendar", "Occurrences", "CalendarDocuments", "Platform"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .testTarget(
            name: "ContactCardsTests", dependencies: ["ContactCards", "CalendarModel"],
            resources: [.copy("Cards")], swiftSettings: strict),
        .testTarget(
            name: "SchedulesTests", dependencies: ["Schedules", "CalendarModel", "Occurrences", "ICalendar", "Recurrence"],
            exclude: ["Timetables"], swiftSettings: strict),
        .testTarget(name: "CalendarTransferTests", dependencies: ["CalendarTransfer", "CalendarModel"], swiftSettings: strict),
        .testTarget(
            name: "CalendarCSVTests", dependencies: ["CalendarCSV", "CalendarModel"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .testTarget(name: "CalendarStoresTests", dependencies: ["CalendarStores"], swiftSettings: strict),
        .testTarget(
            name: "CalendarViewsTests", dependencies: ["CalendarViews", "CalendarModel", "TimeZones"],
            swiftSettings: strict),
        .testTarget(
            name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "CalendarDocuments"],
            exclude: ["Findings", "README.md"], swiftSettings: strict),
        .testTarget(
            name: "LinearTimeTests",
            dependencies: [
                "ICalendar", "CalendarModel", "Recurrence", "TimeZones", "Occurrences", "CalendarWebFormats", "ContactCards", "Schedules",
                "Platform", "CalendarCSV", "VCalendar",
            ], swiftSettings: strict),
        .testTarget(
            name: "CalbridgeKitTests",
            dependencies: [
                "CalbridgeKit", "ICalendar", "TimeZones", "CalendarDocuments", "CalendarWebFormats", "Platform",
            ], swiftSettings: strict),
        .testTarget(
            name: "JSCalendarTests", dependencies: ["JSCalendar", "CalendarModel", "ICalendar", "Platform", "JSONReading"],
            resources: [.copy("Resources")], swiftSettings: strict),
        .testTarget(name: "CLibxml2Tests", dependencies: ["CLibxml2"], swiftSettings: strict),
        .testTarget(
            name: "CalDAVIntegrationTests", dependencies: ["CalendarStores", "calbridge"],
            swiftSettings: strict),
    ]
)
