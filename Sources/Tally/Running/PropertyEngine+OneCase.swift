import Foundation

extension PropertyEngine {
    /// Runs one case drawn from a fuzzer's bytes, synchronously; `nil` for an asynchronous body.
    func runFuzzerInput(_ bytes: [UInt8]) -> (choices: ChoiceSequence, failure: String?)? {
        guard case .sync(let body) = body else { return nil }
        var source = ChoiceSource(bytes: bytes)
        let value = generator.generate(&source)
        if source.rejection != nil { return (source.sequence, nil) }
        do { try body(value) } catch { return (source.sequence, error is CaseDiscarded ? nil : describeFailure(error)) }
        return (source.sequence, nil)
    }

    /// The value `choices` make, described as a counterexample shows it.
    func describeValue(_ choices: ChoiceSequence) -> String {
        var source = ChoiceSource(replaying: choices)
        return prettyDescription(of: generator.generate(&source))
    }
}
