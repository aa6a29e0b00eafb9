// swift-tools-version:6.2
// The fuzz executable, kept out of calbridge's own build: it is built only by Scripts/fuzz, with
// libFuzzer and AddressSanitizer, into .build-fuzz. It holds no reader code of its own: the targets
// live in calbridge's FuzzTargets library, which the test suite also uses to replay findings.
import Foundation
import PackageDescription

// A package found by path is named after its folder (calbridge, main, a worktree's name).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "calbridge-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "calbridge-fuzz", dependencies: [
            .product(name: "FuzzTargets", package: root.lastPathComponent),
        ]),
    ]
)
