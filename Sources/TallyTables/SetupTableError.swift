/// Why a setup table's thing cannot be had: its name is unknown, its rows have problems, or its
/// builder refused them. Builders throw it too, to explain a refusal in the table's terms.
public struct SetupTableError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file, line or column where it can be fixed.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
