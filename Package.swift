// swift-tools-version: 6.0
import PackageDescription

// Tally has no package dependencies: the Swift toolchain only.
let package = Package(
    name: "Tally",
    products: [
        .library(name: "Tally", targets: ["Tally"]),
        .library(name: "TallyTables", targets: ["TallyTables"]),
        .executable(name: "tally", targets: ["tally"]),
    ],
    targets: [
        .target(name: "Tally"),
        .target(name: "TallyTables", dependencies: ["Tally"]),
        .executableTarget(name: "tally", dependencies: ["Tally", "TallyTables"]),
        .testTarget(name: "TallyTests", dependencies: ["Tally"]),
        .testTarget(name: "TallyTablesTests", dependencies: ["TallyTables", "Tally"]),
    ],
    swiftLanguageModes: [.v6]
)
