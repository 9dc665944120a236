// swift-tools-version: 6.0
import PackageDescription

// Package trials: Tally's properties pointed at Swift packages that Swift developers depend on — a YAML
// coder, an XML coder, two CSV libraries, big integers, swift-collections, and swift-async-algorithms run
// under Tally's scheduler. Every defect found is pinned by
// a test with `withKnownIssue` and listed in FINDINGS.md; every property that finds nothing stays as a
// regression check. Each package is named by its usual URL and an exact version, so a finding names the
// release it was found in. It depends on Tally by path, so it builds the Tally of this repository.
let package = Package(
    name: "PackageTrials",
    dependencies: [
        .package(name: "Tally", path: "../.."),
        .package(path: "../TrialSupport"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        .package(url: "https://github.com/attaswift/BigInt", exact: "6.0.1"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    ],
    targets: [
        .testTarget(
            name: "PackageTrialsTests",
            dependencies: [
                .product(name: "Tally", package: "Tally"),
                .product(name: "TrialSupport", package: "TrialSupport"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "BitCollections", package: "swift-collections"),
                .product(name: "HashTreeCollections", package: "swift-collections"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
