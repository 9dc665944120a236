/// A binary heap as the shrink challenge's Hypothesis twin prints it, for tests of recursive generators
/// and of the shrinker's tree passes.
indirect enum TestHeap: Equatable, Sendable, CustomStringConvertible {
    case empty
    case node(Int, TestHeap, TestHeap)

    var description: String {
        switch self {
        case .empty: "None"
        case .node(let key, let left, let right): "(\(key), \(left), \(right))"
        }
    }
}
