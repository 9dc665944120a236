import Foundation
import Tally

/// The package's targets as `swift package describe` reports them, and the reading `tally mutate`
/// makes of them: which executable hosts the `tally` command line, which targets are specs (they
/// import Tally and are linked into that executable), and which engine targets each spec tests.
struct PackageTargets {
    struct Target: Decodable {
        var name: String
        var type: String
        var path: String
        /// Its module's name as SwiftPM reports it.
        private var c99name: String?
        private var listedSources: [String]?
        private var targetDependencies: [String]?
        private var productDependencies: [String]?

        var sources: [String] { listedSources ?? [] }
        /// Its module's name, as a test's id, a `#fileID` and `import` spell it (`My_Tests` for the target
        /// `My-Tests`): what every filter or match on a module uses, never the target's name.
        var moduleName: String { c99name ?? SwiftModuleName.of(target: name) }
        /// The targets of this package and the products of its dependencies that this target uses:
        /// in a package that depends on Tally, a spec reaches `Tally` as a product and its engine as a target.
        var dependencies: [String] { (targetDependencies ?? []) + (productDependencies ?? []) }

        enum CodingKeys: String, CodingKey {
            case name, type, path, c99name, listedSources = "sources"
            case targetDependencies = "target_dependencies", productDependencies = "product_dependencies"
        }
    }

    struct Description: Decodable {
        var path: String
        var targets: [Target]
    }

    /// Tally's own modules (in a package that depends on Tally, the products of that name): never
    /// mutated, never taken for a spec.
    static let tallyModules: Set<String> = ["Tally", "TallyTables", "TallyCommandLine"]

    let root: String
    let targets: [String: Target]

    /// Reads the package at `root` with `swift package describe --type json`, run with `environment`.
    static func describe(root: String, environment: [String: String]) throws -> PackageTargets {
        let result = try ChildRun.run(
            ["/usr/bin/env", "swift", "package", "--package-path", root, "describe", "--type", "json"],
            environment: environment)
        guard result.succeeded else {
            throw MutationError("swift package describe failed in \(root):\n\(result.output)")
        }
        return try reading(describeOutput: result.output)
    }

    /// The package `swift package describe --type json` printed in `output` (which may begin with
    /// SwiftPM's progress lines).
    static func reading(describeOutput output: String) throws -> PackageTargets {
        guard let start = output.firstIndex(of: "{") else {
            throw MutationError("swift package describe printed no package:\n\(output)")
        }
        let description = try JSONDecoder().decode(Description.self, from: Data(output[start...].utf8))
        return PackageTargets(
            root: description.path, targets: Dictionary(description.targets.map { ($0.name, $0) }) { first, _ in first }
        )
    }

    /// The module of the target `name` (``Target/moduleName``).
    func moduleName(of name: String) -> String {
        targets[name]?.moduleName ?? SwiftModuleName.of(target: name)
    }

    /// Every target `name` depends on, directly or not.
    func closure(of name: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = targets[name]?.dependencies ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += targets[next]?.dependencies ?? []
        }
        return seen
    }

    /// The modules of the test targets that can hold a property: those that reach one of Tally's modules.
    func testModulesUsingTally() -> [String] {
        targets.values.filter { $0.type == "test" && !closure(of: $0.name).isDisjoint(with: Self.tallyModules) }.map(
            \.moduleName
        ).sorted()
    }

    /// The executable target that runs the `tally` command line (it depends on TallyCommandLine).
    func commandLineExecutable() throws -> String {
        let candidates = targets.values.filter {
            $0.type == "executable" && closure(of: $0.name).contains("TallyCommandLine")
        }.map(\.name).sorted()
        guard let first = candidates.first(where: { $0 == "tally" }) ?? candidates.first else {
            throw MutationError(
                "no executable target of this package runs the tally command line "
                    + "(an executable target depending on TallyCommandLine)")
        }
        return first
    }

    /// The spec targets: libraries linked into the `tally` executable that depend on Tally or TallyTables.
    func specTargets() throws -> [String] {
        let linked = closure(of: try commandLineExecutable())
        return linked.filter { name in
            guard let target = targets[name], target.type == "library", !Self.tallyModules.contains(name) else {
                return false
            }
            return target.dependencies.contains("Tally") || target.dependencies.contains("TallyTables")
        }.sorted()
    }

    /// The engine targets a spec tests: its direct dependencies that are not Tally's own modules.
    func engines(testedBy spec: String) -> [String] {
        (targets[spec]?.dependencies ?? []).filter { !Self.tallyModules.contains($0) && targets[$0]?.type == "library" }
            .sorted()
    }

    /// The spec targets whose requirements reach `target`.
    func specs(testing target: String) throws -> [String] {
        try specTargets().filter { closure(of: $0).contains(target) }
    }

    /// The Swift files of `target`, relative to the package root.
    func sourceFiles(of target: String) -> [String] {
        guard let found = targets[target] else { return [] }
        return found.sources.filter { $0.hasSuffix(".swift") }.sorted().map { found.path + "/" + $0 }
    }
}

/// A failure of `tally mutate` that is not a usage error: one sentence saying what went wrong.
struct MutationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
