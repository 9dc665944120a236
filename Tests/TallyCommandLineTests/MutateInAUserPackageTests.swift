import Foundation
import Testing

@testable import TallyCommandLine

/// `tally mutate` in a package that depends on Tally (as `Examples/` does), without building one:
/// finding the engines from what `swift package describe` says of such a package, the scratch copy's
/// manifest, and the run's temporary folder. `Scripts/example-package.sh` runs `shipping mutate` end to end.
@Suite struct MutateInAUserPackageTests {
    /// `swift package describe --type json` in `Examples/` (Swift 6.3), after SwiftPM's progress line:
    /// the spec and the tool reach Tally as products, the engine as a target.
    static let describeOutput = #"""
        Planning build
        {
          "dependencies" : [ { "identity" : "tally", "path" : "/work/tally", "type" : "fileSystem" } ],
          "name" : "ShippingExample",
          "path" : "/work/tally/Examples",
          "targets" : [
            { "c99name" : "shipping", "module_type" : "SwiftTarget", "name" : "shipping", "path" : "Sources/shipping",
              "product_dependencies" : [ "TallyCommandLine" ], "product_memberships" : [ "shipping" ],
              "sources" : [ "main.swift" ], "target_dependencies" : [ "ShippingSpec" ], "type" : "executable" },
            { "c99name" : "ShippingSpecTests", "module_type" : "SwiftTarget", "name" : "ShippingSpecTests", "path" : \#
        "Tests/ShippingSpecTests",
              "product_dependencies" : [ "Tally", "TallyTables" ], "sources" : [ "ShippingSpecTests.swift" ],
              "target_dependencies" : [ "ShippingSpec", "Shipping" ], "type" : "test" },
            { "c99name" : "ShippingSpec", "module_type" : "SwiftTarget", "name" : "ShippingSpec", \#
        "path" : "Sources/ShippingSpec",
              "product_dependencies" : [ "Tally", "TallyTables" ], "product_memberships" : [ "shipping" ],
              "sources" : [ "RatesTable.swift", "ShippingProperties.swift", "ShippingSpec.swift" ],
              "target_dependencies" : [ "Shipping" ], "type" : "library" },
            { "c99name" : "Shipping", "module_type" : "SwiftTarget", "name" : "Shipping", "path" : "Sources/Shipping",
              "product_memberships" : [ "shipping" ], "sources" : [ "Parcel.swift", \#
        "RateCard.swift" ], "type" : "library" }
          ],
          "tools_version" : "6.0"
        }
        """#

    @Test func theEngineASpecTestsIsFoundWhenTheSpecReachesTallyAsAProduct() throws {
        let package = try PackageTargets.reading(describeOutput: Self.describeOutput)
        #expect(package.root == "/work/tally/Examples")
        #expect(try package.commandLineExecutable() == "shipping")
        #expect(try package.specTargets() == ["ShippingSpec"])
        #expect(
            package.engines(testedBy: "ShippingSpec") == ["Shipping"], "Tally and TallyTables are products, not engines"
        )
        #expect(try MutateCommand.selectTargets([], package: package) == ["Shipping"])
        #expect(try MutateCommand.selectTargets(["Shipping"], package: package) == ["Shipping"])
        #expect(throws: UsageError.self, "a typo names the targets there are") {
            try MutateCommand.selectTargets(["Shiping"], package: package)
        }
        #expect(throws: UsageError.self) { try MutateCommand.selectTargets(["TallyTables"], package: package) }
    }

    @Test func localDependenciesOfTheScratchManifestAreMadeAbsolute() throws {
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            // .package(path: "commented") stays as it is.
            let package = Package(
                name: "Shipping",
                dependencies: [
                    .package(name: "Tally", path: ".."),
                    .package(path: "../Shared/Money", traits: ["Exact"]),
                    .package(path: "/opt/Absolute"),
                    .package(url: "https://example.com/algorithms.git", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "Shipping", path: "Sources/Rates"),
                    .target(name: "ShippingSpec", dependencies: ["Shipping", .product(name: \
            "Tally", package: "Tally")]),
                ]
            )
            """
        let rewritten = try ScratchManifest.rewrite(manifest, fileName: "Package.swift", root: "/work/tally/Examples")
        #expect(
            rewritten
                == manifest
                .replacingOccurrences(of: #"path: "..")"#, with: #"path: "/work/tally")"#)
                .replacingOccurrences(of: #"path: "../Shared/Money""#, with: #"path: "/work/tally/Shared/Money""#))
        #expect(
            rewritten.contains(#".target(name: "Shipping", path: "Sources/Rates")"#),
            "a target's path is inside the copy: kept")
        #expect(
            try ScratchManifest.rewrite(rewritten, fileName: "Package.swift", root: "/work/tally/Examples") == rewritten
        )
    }

    @Test func aComputedDependencyPathIsRefusedAtItsLine() throws {
        let manifest =
            "let root = \"..\"\nlet package = Package(name: \"P\", dependencies: [\n    .package(path: "
            + "root + \"/Tally\"),\n])\n"
        #expect {
            try ScratchManifest.rewrite(manifest, fileName: "Package.swift", root: "/p")
        } throws: { error in
            "\(error)".hasPrefix(
                "Package.swift:3:20: tally mutate builds a copy of this package under .tally/mutate/package")
        }
    }

    @Test func theManifestsAreThePackageFileAndItsVersionedVariants() {
        #expect(ScratchManifest.isManifest("Package.swift"))
        #expect(ScratchManifest.isManifest("Package@swift-6.0.swift"))
        #expect(!ScratchManifest.isManifest("Package.resolved"))
        #expect(!ScratchManifest.isManifest("Packages.swift"))
    }

    @Test func theTemporaryFolderLeavesNothingWhenTheRunEnds() throws {
        let root = NSTemporaryDirectory() + "tally-mutate-tmp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FileManager.default

        // A run that failed early (no engine found): nothing of .tally is left.
        MutationTemporaryFolder.begin(root: root)
        let environment = try MutationTemporaryFolder.swiftEnvironment(root: root)
        #expect(environment["TMPDIR"] == root + "/.tally/mutate/tmp")
        try Data().write(to: URL(fileURLWithPath: root + "/.tally/mutate/tmp/_root_.swiftpm.lock"))
        MutationTemporaryFolder.end(root: root)
        #expect(!files.fileExists(atPath: root + "/.tally"))

        // A run that built: its cache and scratch build stay for the next run, its temporary folder goes.
        _ = try MutationTemporaryFolder.swiftEnvironment(root: root)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/.tally/mutate/results.json"))
        MutationTemporaryFolder.end(root: root)
        #expect(try files.contentsOfDirectory(atPath: root + "/.tally/mutate") == ["results.json"])

        // What a killed run left is removed when the next one begins.
        _ = try MutationTemporaryFolder.swiftEnvironment(root: root)
        MutationTemporaryFolder.begin(root: root)
        #expect(!files.fileExists(atPath: root + "/.tally/mutate/tmp"))
        MutationTemporaryFolder.end(root: root)
    }
}
