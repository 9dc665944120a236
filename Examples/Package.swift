// swift-tools-version: 6.0
import PackageDescription

// An example of a package that uses Tally: a small shipping-rates engine, its spec (three invariants and a
// requirement table), its own command-line tool, and tests. It depends on Tally by path, so it builds
// the Tally of this repository; in your package, depend on Tally's repository URL instead.
let package = Package(
    name: "ShippingExample",
    dependencies: [
        .package(name: "Tally", path: "..")
    ],
    targets: [
        // The engine knows nothing of testing.
        .target(name: "Shipping"),
        // The executable requirements: invariants and table shapes.
        .target(
            name: "ShippingSpec",
            dependencies: [
                "Shipping", .product(name: "Tally", package: "Tally"), .product(name: "TallyTables", package: "Tally"),
            ]),
        // `swift run shipping check`, `fuzz`, `replay`, `report`… over the shipping spec.
        .executableTarget(
            name: "shipping",
            dependencies: [
                "ShippingSpec", .product(name: "TallyCommandLine", package: "Tally"),
            ]),
        .testTarget(
            name: "ShippingSpecTests",
            dependencies: [
                "ShippingSpec", "Shipping", .product(name: "Tally", package: "Tally"),
                .product(name: "TallyTables", package: "Tally"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
