// swift-tools-version: 6.0
import PackageDescription

// Tally has no package dependencies: the Swift toolchain only.
let package = Package(
    name: "Tally",
    products: [
        .library(name: "Tally", targets: ["Tally"]),
        .executable(name: "tally", targets: ["tally"]),
    ],
    targets: [
        .target(name: "Tally"),
        .executableTarget(name: "tally", dependencies: ["Tally"]),
        .testTarget(name: "TallyTests", dependencies: ["Tally"]),
    ],
    swiftLanguageModes: [.v6]
)
