/// Whether the calls of a concurrent run are explained by some sequential order of them: an order in
/// which each call comes after every call that finished before it started, and in which the model,
/// applying the calls one by one, predicts every response the system gave (Herlihy and Wing's
/// linearizability, checked as quickcheck-state-machine does).
/// With a few clients of a few calls each there are at most a few thousand orders, so a depth-first
/// search over them is enough.
struct Linearizability<Model> {
    /// The calls, in the order they started; each has a response.
    let calls: [RecordedCall]
    /// For each call, the model's prediction: the model after it and the response it expects.
    let expectations: [(Model) -> (Model, CommandResponse)]

    /// A sequential order that explains every response, with the model after it.
    struct Order {
        let calls: [Int]
        let model: Model
    }

    /// The furthest a failed search got: calls in an order that explains them, then one the model
    /// disagrees with.
    struct Disagreement: Sendable {
        let explained: [Int]
        let call: Int
        let expected: CommandResponse
    }

    /// Orders that explain the run, up to `limit` of them with different final models (the machine's
    /// invariant decides among them), or the disagreement where the search got furthest.
    func check(from start: Model, limit: Int = 16) -> Result<[Order], DisagreementError> {
        var search = Search(limit: limit)
        var remaining = Array(calls.indices)
        explore(start, &remaining, &search)
        if search.orders.isEmpty { return .failure(DisagreementError(disagreement: search.deepest)) }
        return .success(search.orders)
    }

    private struct Search {
        let limit: Int
        var path: [Int] = []
        var orders: [Order] = []
        var finalModels: Set<String> = []
        var deepest: Disagreement?
        var isDone: Bool { orders.count == limit }
    }

    /// The reason no order exists, as the search saw it.
    struct DisagreementError: Error {
        let disagreement: Disagreement?
    }

    private func explore(_ model: Model, _ remaining: inout [Int], _ search: inout Search) {
        guard !remaining.isEmpty else {
            if search.limit == 1 || search.finalModels.insert(String(describing: model)).inserted {
                search.orders.append(Order(calls: search.path, model: model))
            }
            return
        }
        let firstResponse = remaining.map { calls[$0].responded }.min()!
        for (position, call) in remaining.enumerated() where calls[call].invoked < firstResponse {
            let (next, expected) = expectations[call](model)
            guard case .success(let actual)? = calls[call].response, actual == expected else {
                if search.deepest.map({ search.path.count > $0.explained.count }) ?? true {
                    search.deepest = Disagreement(explained: search.path, call: call, expected: expected)
                }
                continue
            }
            remaining.remove(at: position)
            search.path.append(call)
            explore(next, &remaining, &search)
            search.path.removeLast()
            remaining.insert(call, at: position)
            if search.isDone { return }
        }
    }
}
