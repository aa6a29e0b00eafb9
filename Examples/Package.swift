// swift-tools-version:6.2
// What the README and the getting-started article (Sources/CalbridgeKit/Documentation.docc) show,
// as programs: a package of its own that uses calbridge as an app would, through its library product
// by path. Scripts/test builds and runs them and checks what they print, so the documented code
// cannot rot; what it resolves shows what an app that uses CalbridgeKit fetches.
import PackageDescription

let package = Package(
    name: "calbridge-examples",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // No traits: only what CalbridgeKit needs is resolved (no argument parser, no HTTP client).
        .package(name: "calbridge", path: "..", traits: []),
    ],
    targets: [
        .executableTarget(name: "NextWeek", dependencies: [.product(name: "CalbridgeKit", package: "calbridge")],
                          swiftSettings: [.treatAllWarnings(as: .error)]),
        .executableTarget(name: "GettingStarted", dependencies: [.product(name: "CalbridgeKit", package: "calbridge")],
                          swiftSettings: [.treatAllWarnings(as: .error)]),
    ]
)
