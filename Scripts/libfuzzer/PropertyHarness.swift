// libFuzzer harness for Tally properties: the fuzzer's bytes drive the property's generators through
// the choice buffer. The property is chosen by TALLY_LIBFUZZER_PROPERTY (its name). On a failing case
// the harness prints the replay token and aborts, so libFuzzer saves the input as a crash file.
import CardAuthorizationSpec
import ClaimsSpec
import Foundation
import PlantedBugsSpec
import ReferenceServicesSpec
import Tally

let properties =
    ClaimsSpec.suite.properties + CardAuthorizationSpec.suite.properties
    + ReferenceServicesSpec.suite.properties + PlantedBugsSpec.suite.properties
nonisolated(unsafe) var selected: Property?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if selected == nil {
        let name = ProcessInfo.processInfo.environment["TALLY_LIBFUZZER_PROPERTY"] ?? ""
        guard let property = properties.first(where: { $0.id == name }) else {
            FileHandle.standardError.write(
                Data("set TALLY_LIBFUZZER_PROPERTY to one of: \(properties.map(\.id).joined(separator: "; "))\n".utf8))
            exit(2)
        }
        selected = property
    }
    guard let property = selected,
        let outcome = property.runFuzzerInput(Array(UnsafeBufferPointer(start: data, count: size)))
    else { return 0 }
    if let failure = outcome.failure {
        let token = ReplayToken(propertyID: property.id, choices: outcome.choices)
        FileHandle.standardError.write(
            Data("Tally: \(property.id) failed: \(failure)\nReplay: swift run tally replay \(token)\n".utf8))
        abort()
    }
    return 0
}
