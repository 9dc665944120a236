/// A drawn parallel program: a sequential prefix, then clients that each run a short list of commands,
/// all clients at once.
public struct ParallelProgram<Model: Sendable, System>: Sendable {
    /// The model before the prefix.
    public let start: Model
    /// The steps run one after another before the clients start.
    public let prefix: [Program<Model, System>.Step]
    /// Each client's steps, in the order that client runs them.
    public let clients: [[Program<Model, System>.Step]]

    /// The model after the prefix, where every client's commands were drawn from.
    var afterPrefix: Model { prefix.last?.model ?? start }
}
