// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "calbridge",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calbridge", targets: ["calbridge"]),
        .library(name: "CalendarModel", targets: ["CalendarModel"]),
        .library(name: "ICalendar", targets: ["ICalendar"]),
        .library(name: "CalendarRouter", targets: ["CalendarRouter"]),
        .library(name: "CalendarWebFormats", targets: ["CalendarWebFormats"]),
        .library(name: "ContactCards", targets: ["ContactCards"]),
        .library(name: "Schedules", targets: ["Schedules"]),
        // The readers' fuzz targets, for the fuzz package under Fuzz/ and the regression replay.
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
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
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ], swiftSettings: strict),
        .target(name: "CalendarRouter", dependencies: ["CalendarModel"], swiftSettings: strict),
        .target(name: "CalendarWebFormats", dependencies: ["CalendarModel", "JSONReading", "CLibxml2"],
                exclude: ["Schema/xcal.rnc"], resources: [.copy("Schema/xcal.rng")], swiftSettings: strict),
        .target(name: "ICalendar", dependencies: ["CalendarModel", "CLibical"], swiftSettings: strict),
        .target(name: "FuzzTargets", dependencies: [
            "CalendarModel", "ICalendar", "CalendarRouter", "CalendarWebFormats", "ContactCards", "Schedules",
        ], swiftSettings: strict),
        .executableTarget(name: "calbridge", dependencies: [
            "CalendarModel", "ICalendar", "AtomicOutput", "CalendarRouter", "CalendarWebFormats", "ContactCards",
            "Schedules", "CalendarStores", "CLibical", "CLibxml2",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets"],
                    exclude: ["Findings", "README.md"], swiftSettings: strict),
        .testTarget(name: "LinearTimeTests", dependencies: [
            "ICalendar", "CalendarModel", "CalendarRouter", "CalendarWebFormats", "ContactCards", "Schedules",
        ], swiftSettings: strict),
        .testTarget(name: "CLibxml2Tests", dependencies: ["CLibxml2"], swiftSettings: strict),
        .testTarget(name: "CalDAVIntegrationTests", dependencies: ["CalendarStores", "CalendarModel", "CalendarWebFormats", "calbridge"],
                    swiftSettings: strict),
    ]
)
