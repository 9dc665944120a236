import Fares_Spec
import Foundation
import TallyCommandLine

let catalog = TallyCatalog(propertySuites: [FaresSpec.suite], tableSuites: [FaresSpec.tables])
exit(await TallyCommandLine.run(Array(CommandLine.arguments.dropFirst()), catalog: catalog))
