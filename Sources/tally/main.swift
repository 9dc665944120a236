import CardAuthorizationSpec
import ClaimsSpec
import ReferenceServicesSpec
import Foundation
import TallyCommandLine

// The catalog of every spec Tally ships; a new spec is listed here to join check, fuzz and replay.
let catalog = TallyCatalog(
    propertySuites: [ClaimsSpec.suite, CardAuthorizationSpec.suite, ReferenceServicesSpec.suite],
    tableSuites: [ClaimsSpec.tables, CardAuthorizationSpec.tables, ReferenceServicesSpec.tables])
exit(await TallyCommandLine.run(Array(CommandLine.arguments.dropFirst()), catalog: catalog))
