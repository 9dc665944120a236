// swift-tools-version: 6.0
import PackageDescription

// A tiny engine, its spec and one test, and an engine its tests alone judge (Laps), for the tests of
// `tally mutate`. The test copies this folder to a temporary directory and adds Tally's own sources
// (Tally, TallyTables, DollarText, TallyCommandLine).
let package = Package(
    name: "MutationFixture",
    targets: [
        .target(name: "Tally"),
        .target(name: "DollarText"),
        .target(name: "TallyTables", dependencies: ["Tally", "DollarText"]),
        .target(name: "TallyCommandLine", dependencies: ["Tally", "TallyTables"]),
        .target(name: "Fares"),
        .target(name: "Laps"),
        .target(name: "FaresSpec", dependencies: ["Fares", "Tally", "TallyTables"]),
        .executableTarget(name: "tally", dependencies: ["TallyCommandLine", "FaresSpec"]),
        .testTarget(name: "FaresTests", dependencies: ["Fares"]),
        .testTarget(name: "LapsTests", dependencies: ["Laps"]),
    ],
    swiftLanguageModes: [.v6]
)
