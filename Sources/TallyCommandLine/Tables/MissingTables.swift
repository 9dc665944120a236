import TallyTables

extension TableRunning.Outcome {
    /// Counts each of `missing`, the tables specs declare that have no file, as a failure, printed with
    /// the message `swift test` shows for it and, for reports, as a row of its table that cannot run.
    mutating func recordMissing(_ missing: [MissingTable], keepingResults: Bool, console: Console, indent: String = "")
        async
    {
        for table in missing {
            console.out("\(indent)✘ \(table.message)")
            if keepingResults {
                let problem = TableProblem(path: "", line: 0, column: 0, message: table.message)
                results.append(
                    await TableRow.standing(for: [problem], path: table.path, binding: table.binding, name: "the table")
                        .run())
            }
        }
        self.missing += missing
    }
}
