import Foundation
import TallyTestSupport
import Testing

/// Only tables are run, and so only tables are named in a line to paste.
@Suite struct TableTargetTests {
    @Test func aFileThatIsNotATableIsRefused() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let readme = folder + "/README.md"
            try "# Read me\n\nNot, a, table\n".write(toFile: readme, atomically: true, encoding: .utf8)
            let result = await tally(["tables", "run", readme], tables: folder)
            #expect(result.status == 2)
            #expect(result.err == "tally tables run: error: \(readme) is not a table: Tally reads .csv tables")
            #expect(!result.out.contains("Run the failed rows again"))
        }
    }
}
