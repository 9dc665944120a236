/// A command's response with its type erased, so that responses of different commands compare and print
/// alike.
struct CommandResponse: Sendable, Equatable, CustomStringConvertible {
    let value: any Equatable & Sendable

    init(_ value: some Equatable & Sendable) {
        self.value = value
    }

    static func == (lhs: CommandResponse, rhs: CommandResponse) -> Bool {
        func matches<Value: Equatable>(_ left: Value, _ right: Any) -> Bool { (right as? Value) == left }
        return matches(lhs.value, rhs.value)
    }

    var description: String { prettyDescription(of: value) }
}
