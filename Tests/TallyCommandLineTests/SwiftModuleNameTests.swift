import Foundation
import Testing

@testable import TallyCommandLine

/// A target's module name, as test ids, `#fileID`s and `--filter`s spell it: `tally mutate` and `tally fuzz`
/// match tests and properties by it, so a target named `My-Tests` whose name was used instead matched nothing.
@Suite struct SwiftModuleNameTests {
    /// SwiftPM's own cases for its rule (swift-tools-support-core's StringConversionTests), and the names
    /// `swift package describe` (Swift 6.3.1) printed as `c99name` for `My-Tests`, `Ünï-Tests` and `1Foo-Bar baz`.
    @Test(arguments: [
        ("foo", "foo"), ("", ""), ("_", "_"), ("\n", "_"), ("_-", "__"), ("foo-bar", "foo_bar"),
        ("1", "_"), ("1foo", "_foo"), ("٠٠٠", "_٠٠"), ("12 3", "_2_3"),
        ("My-Tests", "My_Tests"), ("My Tests", "My_Tests"), ("Ünï-Tests", "Ünï_Tests"),
        ("1Foo-Bar baz", "_Foo_Bar_baz"),
    ])
    func aCharacterAnIdentifierCannotHoldWhereItStandsBecomesAnUnderscore(target: String, module: String) {
        #expect(SwiftModuleName.of(target: target) == module)
    }

    /// SwiftPM's `c99name` is the module's name; the rule stands in only where a description lacks it.
    @Test func thePackageDescriptionNamesTheModuleAndTheRuleStandsInWithoutIt() throws {
        let described = """
            {"path": "/shop", "targets": [
              {"name": "Shop-Tests", "c99name": "Shop_Tests", "type": "test", "path": "Tests/Shop-Tests",
               "target_dependencies": ["Shop"]},
              {"name": "Shop Spec", "type": "library", "path": "Sources/Shop Spec", "target_dependencies": ["Shop"]},
              {"name": "Shop", "c99name": "Shop", "type": "library", "path": "Sources/Shop"}]}
            """
        let package = try PackageTargets.reading(describeOutput: described)
        #expect(package.moduleName(of: "Shop-Tests") == "Shop_Tests")
        #expect(package.moduleName(of: "Shop Spec") == "Shop_Spec")
        #expect(package.moduleName(of: "Shop") == "Shop")
        #expect(
            MutationTests.testTargets(reaching: "Shop", in: package) == ["Shop-Tests"],
            "the test targets themselves, by name; their modules are what filters use")
    }
}
