import CardAuthorizationSpec
import ClaimsSpec
import PlantedBugsSpec
import ReferenceServicesSpec
import Foundation
import TallyCommandLine

// The catalog of every spec Tally ships; a new spec is listed here to join check, fuzz and replay.
// The planted bugs exist only to test the fuzz itself, and join only when asked for — or for `replay`,
// where a token selects exactly its own property, so that the replay line a planted failure prints
// works when pasted as it is.
let arguments = Array(CommandLine.arguments.dropFirst())
let plantedAskedFor = ProcessInfo.processInfo.environment["TALLY_PLANTED_BUGS"] == "1" || arguments.first == "replay"
let planted = plantedAskedFor ? [PlantedBugsSpec.suite] : []
let catalog = TallyCatalog(
    propertySuites: [ClaimsSpec.suite, CardAuthorizationSpec.suite, ReferenceServicesSpec.suite] + planted,
    tableSuites: [ClaimsSpec.tables, CardAuthorizationSpec.tables, ReferenceServicesSpec.tables])
exit(await TallyCommandLine.run(arguments, catalog: catalog))
