import CardAuthorizationSpec
import ClaimsSpec
import PlantedBugsSpec
import ReferenceServicesSpec
import Foundation
import TallyCommandLine

// The catalog of every spec Tally ships; a new spec is listed here to join check, fuzz and replay.
// The planted bugs exist only to test the fuzz itself, and join only when asked for.
let planted = ProcessInfo.processInfo.environment["TALLY_PLANTED_BUGS"] == "1" ? [PlantedBugsSpec.suite] : []
let catalog = TallyCatalog(
    propertySuites: [ClaimsSpec.suite, CardAuthorizationSpec.suite, ReferenceServicesSpec.suite] + planted,
    tableSuites: [ClaimsSpec.tables, CardAuthorizationSpec.tables, ReferenceServicesSpec.tables])
exit(await TallyCommandLine.run(Array(CommandLine.arguments.dropFirst()), catalog: catalog))
