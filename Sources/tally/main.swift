import CardAuthorizationSpec
import ClaimsSpec
import Foundation
import PlantedBugsSpec
import ReferenceServicesSpec
import TallyCommandLine

// The specs Tally ships; a new spec is listed here to join check, fuzz, replay and report.
// The planted bugs exist only to test the fuzz itself, and join only when asked for — or for `replay`,
// where a token selects exactly its own property, so that the replay line a planted failure prints
// works when pasted as it is.
// `fuzz-evaluate` lists them too, for `replay`'s child (the planted spec comes last: no other
// property's index moves).
let plantedAskedFor =
    ProcessInfo.processInfo.environment["TALLY_PLANTED_BUGS"] == "1"
    || ["replay", "fuzz-evaluate"].contains(CommandLine.arguments.dropFirst().first)
let planted = plantedAskedFor ? [PlantedBugsSpec.suite, PlantedBugsSpec.slowSuite, PlantedBugsSpec.twinsSuite] : []
// The planted table shape (its engine traps) joins only when asked for; its file is one a test writes.
let plantedTables = ProcessInfo.processInfo.environment["TALLY_PLANTED_BUGS"] == "1" ? [PlantedBugsSpec.tables] : []
// Tally's own tests are tests of Tally, many of whose properties fail on purpose: the specs are the
// requirements here, so fuzz and replay leave the tests' properties out.
await TallyCommandLine.main(
    properties: [ClaimsSpec.suite, CardAuthorizationSpec.suite, ReferenceServicesSpec.suite] + planted,
    tables: [ClaimsSpec.tables, CardAuthorizationSpec.tables, ReferenceServicesSpec.tables] + plantedTables,
    testProperties: false)
