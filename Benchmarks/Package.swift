// swift-tools-version: 6.1
import PackageDescription

// Tally's benchmarks, kept apart so that the root package stays free of dependencies.
// They compare Tally with a raw loop and with x-sheep/swift-property-based, in one process.
let package = Package(
    name: "TallyBenchmarks",
    dependencies: [
        .package(name: "Tally", path: ".."),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "csv-bench",
            dependencies: [.product(name: "TallyTables", package: "Tally")]),
        .executableTarget(
            name: "tally-bench",
            dependencies: [
                .product(name: "Tally", package: "Tally"),
                .product(name: "ClaimsSpec", package: "Tally"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
