import Foundation
import Tally
import TallyTables

extension TallyCommandLine {
    /// Runs the command line of the process with the specs' `properties` and `tables`, then exits with
    /// its status: the whole `main.swift` of a package's own command-line tool.
    ///
    /// ```
    /// // Sources/shipping/main.swift
    /// import ShippingSpec
    /// import TallyCommandLine
    ///
    /// await TallyCommandLine.main(properties: [ShippingSpec.suite], tables: [ShippingSpec.tables])
    /// ```
    ///
    /// The tool then has every command of `tally` — `check`, `tables lint|run|record`, `fuzz`,
    /// `replay`, `promote`, `report` and `mutate` — over those specs, with tables under `Tables/` in the folder
    /// it runs in. The lines it prints name the tool (`swift run shipping replay …`).
    public static func main(properties: [PropertySuite] = [], tables: [TableSuite] = []) async -> Never {
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "tally"
        let catalog = TallyCatalog(propertySuites: properties, tableSuites: tables, toolName: name)
        exit(await run(Array(CommandLine.arguments.dropFirst()), catalog: catalog))
    }
}
