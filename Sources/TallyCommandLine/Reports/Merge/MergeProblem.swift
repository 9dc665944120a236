/// What keeps merged shards from standing for one whole run: a sentence naming the shard or folder.
struct MergeProblem: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
