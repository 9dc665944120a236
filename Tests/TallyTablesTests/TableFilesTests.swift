import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// `TableFiles` walks a tables folder once: the tables of a folder inside it come from that walk, and
/// are what a walk of that folder alone would give, however the folder is spelled.
@Suite struct TableFilesTests {
    /// `Tables/` with a spec folder holding tables, a nested folder, a spreadsheet, an empty folder,
    /// and a link to a folder outside (which neither walk enters).
    private static func makeTables(in folder: String) throws -> String {
        let tables = folder + "/Tables", manager = FileManager.default
        for path in ["claims/deep", "cards", "empty"] {
            try manager.createDirectory(atPath: tables + "/" + path, withIntermediateDirectories: true)
        }
        let files = [
            "claims/visits.csv", "claims/plans.CSV", "claims/deep/steps.csv", "claims/notes.xlsx", "cards/holds.csv",
        ]
        for file in files {
            try Data("id\n".utf8).write(to: URL(fileURLWithPath: tables + "/" + file))
        }
        try manager.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try Data("id\n".utf8).write(to: URL(fileURLWithPath: folder + "/elsewhere/outside.csv"))
        try manager.createSymbolicLink(atPath: tables + "/linked", withDestinationPath: folder + "/elsewhere")
        return tables
    }

    @Test func aFolderInsideGivesWhatItsOwnWalkGives() throws {
        try withTemporaryFolder { folder in
            let tables = try Self.makeTables(in: folder)
            let files = TableFiles(under: tables)
            let targets = [
                tables, tables + "/", tables + "/claims", tables + "/claims/", tables + "/claims/deep",
                tables + "/claims/visits.csv", tables + "/claims/notes.xlsx", tables + "/empty", tables + "/linked",
                tables + "/nosuch", tables + "/./claims", tables + "/claims/../cards", tables + "//claims",
                folder + "/elsewhere", folder,
            ]
            for target in targets {
                #expect(files.tables(under: target) == TableFiles(under: target).tables, "\(target)")
            }
            #expect(
                files.tables(under: tables + "/claims/") == [
                    tables + "/claims/deep/steps.csv", tables + "/claims/plans.CSV", tables + "/claims/visits.csv",
                ])
        }
    }

    @Test func aFolderInsideIsNotWalkedAgain() throws {
        try withTemporaryFolder { folder in
            let tables = try Self.makeTables(in: folder)
            let files = TableFiles(under: tables)
            // A table added after the walk: only a second walk would see it.
            try Data("id\n".utf8).write(to: URL(fileURLWithPath: tables + "/claims/later.csv"))
            #expect(!files.tables(under: tables + "/claims").contains(tables + "/claims/later.csv"))
            #expect(TableFiles(under: tables + "/claims").tables.contains(tables + "/claims/later.csv"))
        }
    }
}
