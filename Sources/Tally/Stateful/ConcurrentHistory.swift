import Synchronization

/// One call a client made during the concurrent part of a parallel run, and when it started and ended
/// on the run's event clock.
struct RecordedCall: Sendable {
    /// The client that made the call, from 0.
    let client: Int
    /// The call's place in the client's list of commands, from 0.
    let step: Int
    /// The event number of the call's start.
    let invoked: Int
    /// The event number of its response (`Int.max` while none came).
    var responded = Int.max
    /// The response, or what the call threw.
    var response: Result<CommandResponse, ThrownError>?
}

/// An error a command threw, as text.
struct ThrownError: Error, Sendable, CustomStringConvertible {
    let description: String
}

/// Records the calls of a parallel run's clients in the order they start and end.
///
/// Under Tally's scheduler one job runs at a time, so the order of the records is the real order of
/// the events.
final class HistoryRecorder: Sendable {
    private let state = Mutex<(clock: Int, calls: [RecordedCall])>((0, []))

    /// Records that `client` starts its `step`-th call; returns the call's number.
    func invoke(client: Int, step: Int) -> Int {
        state.withLock { state in
            state.calls.append(RecordedCall(client: client, step: step, invoked: state.clock))
            state.clock += 1
            return state.calls.count - 1
        }
    }

    /// Records the response of call `number`.
    func respond(_ number: Int, _ response: Result<CommandResponse, ThrownError>) {
        state.withLock { state in
            state.calls[number].responded = state.clock
            state.calls[number].response = response
            state.clock += 1
        }
    }

    /// The calls so far, in the order they started.
    var calls: [RecordedCall] { state.withLock { $0.calls } }
}
