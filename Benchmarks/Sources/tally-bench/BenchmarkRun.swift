import Tally

extension RunConfiguration {
    /// A benchmark's run: from `seed`, up to `iterations` cases, saving and replaying no examples, shrinking
    /// what it finds unless `shrinks` is `false`.
    static func benchmark(seed: UInt64, iterations: Int, shrinks: Bool = true) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.seed = seed
        configuration.iterations = iterations
        configuration.exampleDirectory = nil
        configuration.shrinks = shrinks
        return configuration
    }
}
