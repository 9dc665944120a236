// swift-tools-version: 6.0
import PackageDescription

// A tiny engine, its spec and one test, and an engine its tests alone judge (Laps), for the tests of
// `tally mutate`. The test copies this folder to a temporary directory and adds Tally's own sources
// (Tally, TallyTables, DollarText, TallyCommandLine). The hyphens make the spec's and the Laps tests'
// module names differ from their target names (`Fares_Spec`, `Laps_Tests`): tally must match by module.
let package = Package(
    name: "MutationFixture",
    targets: [
        .target(name: "Tally"),
        .target(name: "DollarText"),
        .target(name: "TallyTables", dependencies: ["Tally", "DollarText"]),
        .target(name: "TallyCommandLine", dependencies: ["Tally", "TallyTables"]),
        .target(name: "Fares"),
        .target(name: "Laps"),
        .target(name: "Fares-Spec", dependencies: ["Fares", "Tally", "TallyTables"]),
        .executableTarget(name: "tally", dependencies: ["TallyCommandLine", "Fares-Spec"]),
        .testTarget(name: "FaresTests", dependencies: ["Fares"]),
        .testTarget(name: "Laps-Tests", dependencies: ["Laps"]),
    ],
    swiftLanguageModes: [.v6]
)
