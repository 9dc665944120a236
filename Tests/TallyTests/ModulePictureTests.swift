import Foundation
import TallyTestSupport
import Testing

/// The architecture page's picture is the manifest's, and the manifest keeps the rule the page states:
/// engines import no part of Tally.
@Suite struct ModulePictureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let picture = "Sources/Tally/Tally.docc/Resources/modules.svg"

    static func manifest() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    @Test func thePictureIsDrawnFromTheManifestAsItIsNow() throws {
        let drawn = ModulePicture.svg(ModulePicture.modules(inManifest: try Self.manifest()))
        let committed = try? String(contentsOf: Self.root.appendingPathComponent(Self.picture), encoding: .utf8)
        guard committed != drawn else { return }
        let fresh = Self.root.appendingPathComponent(".build/modules.svg")
        try drawn.write(to: fresh, atomically: true, encoding: .utf8)
        Issue.record(
            """
            \(Self.picture) is not the picture of Package.swift as it is now. To take the new one: \
            cp .build/modules.svg \(Self.picture)
            """
        )
    }

    @Test func enginesImportNoPartOfTally() throws {
        let modules = ModulePicture.modules(inManifest: try Self.manifest())
        #expect(modules.count >= 12, "\(modules.map(\.name))")
        for engine in ["Claims", "CardAuthorization", "ReferenceServices", "DollarText"] {
            let module = try #require(modules.first { $0.name == engine })
            #expect(!module.imports.contains { $0.hasPrefix("Tally") }, "\(engine) imports \(module.imports)")
        }
        let tally = try #require(modules.first { $0.name == "Tally" })
        #expect(tally.imports.isEmpty, "the property engine imports no other module: \(tally.imports)")
    }
}
