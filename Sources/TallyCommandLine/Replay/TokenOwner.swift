import Tally

/// A replay token given on the command line, with the catalog's property that owns it: what `tally
/// replay` and `tally promote` start from.
struct TokenOwner {
    let suite: String
    let property: Property
    /// Where ``property`` stands in the catalog's property list, as `tally fuzz-evaluate --property` counts.
    let index: Int
    let token: ReplayToken

    /// The choices the token replays, made in this process: a token of a random state runs the
    /// generator, which may trap and end it. A child process makes them where that may happen.
    var choices: ChoiceSequence { property.choices(of: token) }

    /// The owner of `token` in `catalog`, or `nil` when no property there owns it.
    init?(of token: ReplayToken, in catalog: TallyCatalog) {
        guard let index = catalog.properties.firstIndex(where: { token.belongs(to: $0.property.id) }) else {
            return nil
        }
        let (suite, property) = catalog.properties[index]
        self.index = index
        self.suite = suite
        self.property = property
        self.token = token
    }

    /// Why no property owns `token`, in the words of every command that takes one: where it looked
    /// (`catalog`, and `alsoLookedIn` after it) and what most often happened.
    static func notOwned(_ token: ReplayToken, in catalog: TallyCatalog, alsoLookedIn: String = "") -> String {
        "no property in \(catalog.toolName)'s catalog\(alsoLookedIn) owns the token \(token) (its property hash is "
            + "\(token.propertyHash)): the property was renamed or removed since the token was printed"
    }

    /// The token `text` spells, or a usage error of `command` that says why it cannot be read.
    static func token(_ text: String, for command: CommandDescription) throws(UsageError) -> ReplayToken {
        do {
            return try ReplayToken(parsing: text)
        } catch {
            throw UsageError(command: command, error.description)
        }
    }
}
