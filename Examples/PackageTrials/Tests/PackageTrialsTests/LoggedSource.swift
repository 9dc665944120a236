/// A base for the buffer and combineLatest trials: it yields before each element (a suspension point the
/// scheduler may switch at), then writes down the element in the run's one log of events and returns it;
/// at the end it writes down its end (or its failure, and throws). The scheduler runs one job at a time, and
/// both algorithms hand what a base returns to their state machine in the same job, so the log's order is
/// the order in which the algorithm saw the elements: a model replays it to say what must come out.
struct LoggedSource: AsyncSequence, Sendable {
    /// What happened, in the run's order.
    enum Event: Sendable, Equatable, CustomStringConvertible {
        /// Source `source` returned `value` from `next()`.
        case produced(source: Int, value: Int)
        /// Source `source` returned nil.
        case ended(source: Int)
        /// Source `source` threw ``Thrown``.
        case threw(source: Int)
        /// The consumer called `next()` on the algorithm.
        case demanded

        var description: String {
            switch self {
            case .produced(let source, let value): "S\(source + 1) \(value)"
            case .ended(let source): "S\(source + 1) ends"
            case .threw(let source): "S\(source + 1) throws"
            case .demanded: "next()"
            }
        }
    }

    /// What a failing source throws.
    struct Thrown: Error, Equatable, CustomStringConvertible {
        let source: Int
        var description: String { "S\(source + 1)'s failure" }
    }

    typealias Log = ScheduledLog<[Event]>

    let index: Int
    let values: [Int]
    /// How many times it yields before each element and before its end.
    let yields: Int
    /// Throws ``Thrown`` after its values, rather than returning nil.
    let fails: Bool
    let log: Log

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: LoggedSource
        var position = 0
        var ended = false

        mutating func next() async throws -> Int? {
            guard !ended else { return nil }
            await yield(times: source.yields)
            let index = source.index
            guard position < source.values.count else {
                ended = true
                if source.fails {
                    source.log.update { $0.append(.threw(source: index)) }
                    throw Thrown(source: index)
                }
                source.log.update { $0.append(.ended(source: index)) }
                return nil
            }
            let value = source.values[position]
            position += 1
            source.log.update { $0.append(.produced(source: index, value: value)) }
            return value
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: self)
    }
}
