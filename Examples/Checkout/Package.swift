// swift-tools-version: 6.0
import PackageDescription

// A package whose properties are its tests: a checkout engine and a `forAll` in a Swift Testing test,
// no spec and no tables. `swift test` checks the property; the three-line tool `checkout` fuzzes it,
// replays what the fuzz finds and judges mutants of the engine by the tests. It depends on Tally by
// path, so it builds the Tally of this repository; in your package, depend on Tally's URL instead.
let package = Package(
    name: "Checkout",
    dependencies: [
        .package(name: "Tally", path: "../..")
    ],
    targets: [
        // The engine knows nothing of testing.
        .target(name: "Checkout"),
        // `swift run checkout fuzz`, `replay`, `mutate`: over the properties of the tests.
        .executableTarget(name: "checkout", dependencies: [.product(name: "TallyCommandLine", package: "Tally")]),
        .testTarget(name: "CheckoutTests", dependencies: ["Checkout", .product(name: "Tally", package: "Tally")]),
    ],
    swiftLanguageModes: [.v6]
)
