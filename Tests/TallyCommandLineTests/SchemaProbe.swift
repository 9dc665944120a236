import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// A source file rendered with the schemata of some of its sites, compiled with `swiftc` as the
/// scratch build compiles it, and run once per mutant.
enum SchemaProbe {
    /// Renders `source` with `sites`, compiles it in a temporary folder and passes `body` a function
    /// that runs mutant `n` (0: none) and returns what it printed. `renderer` sees the renderer first.
    static func run(
        _ source: String, tokens: [SwiftToken], sites: [MutationSite],
        renderer check: (SchemaRenderer) -> Void = { _ in },
        _ body: (_ run: (Int) throws -> String) throws -> Void
    ) throws {
        var renderer = SchemaRenderer(source: source, tokens: tokens, sites: sites, firstID: 1)
        let rendered = renderer.render()
        check(renderer)
        try withTemporaryFolder { folder in
            try rendered.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
            try SchemaSupport.source(operators: renderer.operators, addable: [], multipliable: [])
                .write(toFile: folder + "/Support.swift", atomically: true, encoding: .utf8)
            let compiled = try ChildRun.run(
                [
                    "/usr/bin/env", "swiftc", "-swift-version", "6", "-o", folder + "/probe", folder + "/main.swift",
                    folder + "/Support.swift",
                ],
                environment: ["TMPDIR": folder])
            try #require(compiled.succeeded, "\(compiled.output)")
            try body { mutant in
                try ChildRun.run([folder + "/probe"], environment: [SchemaSupport.variable: String(mutant)]).output
            }
        }
    }
}
