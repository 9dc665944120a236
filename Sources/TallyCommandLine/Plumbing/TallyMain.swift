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
    /// `replay`, `promote`, `report` and `mutate` — over those specs. It runs at the root of the
    /// package it is typed in, however deep (the nearest folder holding `Package.swift` or `Tables/`):
    /// tables are those of its `Tables/`, printed paths are relative to it, and the paths typed are
    /// read from the folder they were typed in. The lines it prints name the tool (`swift run
    /// shipping replay …`).
    ///
    /// `fuzz` and `replay` also know the properties of the package's tests — every `forAll` in a Swift
    /// Testing test — found by building the tests and running them once; `testProperties: false` leaves
    /// them out, for a package whose tests' properties are not requirements (Tally's own, which fail on
    /// purpose to test Tally).
    public static func main(properties: [PropertySuite] = [], tables: [TableSuite] = [], testProperties: Bool = true)
        async -> Never
    {
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "tally"
        var catalog = TallyCatalog(propertySuites: properties, tableSuites: tables, toolName: name)
        catalog.findsTestProperties = testProperties
        let package = PackageRoot(around: FileManager.default.currentDirectoryPath)
        let moved = !package.invokedIn.isEmpty && FileManager.default.changeCurrentDirectoryPath(package.root)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        exit(
            await run(
                Array(CommandLine.arguments.dropFirst()), catalog: catalog, invokedIn: moved ? package.invokedIn : "",
                executable: FileManager.default.isExecutableFile(atPath: executable) ? executable : nil))
    }
}
