import Foundation
import TallyTables

/// Spreadsheet files among the tables (`.xlsx`, `.xls`, `.numbers`, `.ods`). Tally reads CSV only, so a
/// table saved in a spreadsheet's own format would otherwise be skipped without a word.
enum SpreadsheetTables {
    static let extensions: Set<String> = ["xlsx", "xls", "numbers", "ods"]

    /// Each spreadsheet file among `files`, sorted, the `.csv` of the same name beside it, and whether it exists.
    static func find(in files: TableFiles) -> [(path: String, csv: String, csvExists: Bool)] {
        let tables = Set(files.tables)
        return files.names.compactMap { name in
            let components = name.split(separator: "/")
            // A .numbers document is a folder: its inside is not another spreadsheet. `~$…` is Excel's lock file.
            guard let last = components.last, !last.hasPrefix("."), !last.hasPrefix("~$"),
                components.allSatisfy({ $0 == last || !isSpreadsheet($0) }), isSpreadsheet(last)
            else { return nil }
            let path = files.base + "/" + name
            let csv = String(path.dropLast(URL(fileURLWithPath: path).pathExtension.count)) + "csv"
            return (path, csv, tables.contains(csv))
        }
    }

    private static func isSpreadsheet(_ name: Substring) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

extension TableRunning.Outcome {
    /// Says once of each spreadsheet file among `files` (those `includes` keeps, by the path of their
    /// `.csv`) that it is not read: a failure when no `.csv` of the same name stands beside it, else a note.
    mutating func recordSpreadsheets(
        in files: TableFiles, console: Console, indent: String = "", includes: (String) -> Bool = { _ in true }
    ) {
        for (path, csv, csvExists) in SpreadsheetTables.find(in: files) where includes(csv) {
            if csvExists {
                console.out(
                    "\(indent)note: \(path) is not read: Tally reads .csv tables (it runs \(csv)); "
                        + "export it as CSV UTF-8 when it changes"
                )
            } else {
                console.out("\(indent)✘ \(path) is not read: Tally reads .csv tables; export it as CSV UTF-8")
                unreadSpreadsheets += 1
            }
        }
    }
}
