// swift-tools-version: 6.0
import PackageDescription

// What the field trials and the package trials share: a trial of code no one here wrote, as a regression
// check or as a known defect pinned to its shrunk counterexample. It depends on Tally by path.
let package = Package(
    name: "TrialSupport",
    products: [.library(name: "TrialSupport", targets: ["TrialSupport"])],
    dependencies: [.package(name: "Tally", path: "../..")],
    targets: [.target(name: "TrialSupport", dependencies: [.product(name: "Tally", package: "Tally")])],
    swiftLanguageModes: [.v6]
)
