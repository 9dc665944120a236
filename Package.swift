// swift-tools-version: 6.0
import PackageDescription

// Tally has no package dependencies: the Swift toolchain only.
let package = Package(
    name: "Tally",
    products: [
        .library(name: "Tally", targets: ["Tally"]),
        .library(name: "TallyTables", targets: ["TallyTables"]),
        .library(name: "ClaimsSpec", targets: ["ClaimsSpec"]),
        .executable(name: "tally", targets: ["tally"]),
    ],
    targets: [
        .target(name: "Tally"),
        .target(name: "DollarText"),
        .target(name: "TallyTables", dependencies: ["Tally", "DollarText"]),
        .target(name: "Claims", dependencies: ["DollarText"]),
        .target(name: "ClaimsSpec", dependencies: ["Claims", "Tally", "TallyTables"]),
        .target(name: "CardAuthorization", dependencies: ["DollarText"]),
        .target(name: "CardAuthorizationSpec", dependencies: ["CardAuthorization", "Tally", "TallyTables"]),
        .target(name: "ReferenceServices"),
        .target(name: "PlantedBugsSpec", dependencies: ["Tally"]),
        .target(name: "ReferenceServicesSpec", dependencies: ["ReferenceServices", "Tally", "TallyTables"]),
        .target(name: "TallyCommandLine", dependencies: ["Tally", "TallyTables"]),
        .executableTarget(name: "tally", dependencies: ["TallyCommandLine", "ClaimsSpec", "CardAuthorizationSpec", "ReferenceServicesSpec", "PlantedBugsSpec"]),
        .testTarget(name: "TallyTests", dependencies: ["Tally"]),
        .target(name: "TallyTestSupport", dependencies: ["TallyTables", "Tally"], path: "Tests/TallyTestSupport"),
        .testTarget(name: "TallyTablesTests", dependencies: ["TallyTables", "Tally", "TallyTestSupport"]),
        .testTarget(name: "ClaimsTests", dependencies: ["Claims"]),
        .testTarget(name: "ClaimsSpecTests", dependencies: ["ClaimsSpec", "Claims", "Tally", "TallyTables"]),
        .testTarget(name: "CardAuthorizationSpecTests", dependencies: ["CardAuthorizationSpec", "CardAuthorization", "Tally", "TallyTables"]),
        .testTarget(name: "ReferenceServicesSpecTests", dependencies: ["ReferenceServicesSpec", "ReferenceServices", "Tally", "TallyTables"]),
        .testTarget(name: "TallyCommandLineTests", dependencies: ["TallyCommandLine", "TallyTables", "Tally", "TallyTestSupport", "tally"]),
    ],
    swiftLanguageModes: [.v6]
)
