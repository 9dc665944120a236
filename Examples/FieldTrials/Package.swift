// swift-tools-version: 6.0
import PackageDescription

// Field trials: Tally's properties pointed at code no one here wrote — the Foundation that ships with the
// Swift toolchain. Every defect found is pinned by a test with `withKnownIssue` and listed in FINDINGS.md;
// every property that finds nothing stays as a regression check. It depends on Tally by path, so it
// builds the Tally of this repository.
let package = Package(
    name: "FieldTrials",
    dependencies: [
        .package(name: "Tally", path: "../.."),
        .package(path: "../TrialSupport"),
    ],
    targets: [
        .testTarget(
            name: "FieldTrialsTests",
            dependencies: [
                .product(name: "Tally", package: "Tally"), .product(name: "TrialSupport", package: "TrialSupport"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
