/// One exact test case of one property, as a short string that a person can paste into a shell.
///
/// The token names its property by a hash of its identity and carries the case's ``ChoiceSequence``,
/// sealed with a checksum, as base64url: `8a011ca5.AQEBZABMO7M`. A token cut short or edited anywhere
/// fails its checksum and is refused, never read as another case.
///
/// ```
/// TALLY_REPLAY=<token> swift test --filter ClaimsSpecTests.claimsProperties
/// swift run tally replay 8a011ca5.AQEBZABMO7M
/// ```
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
    /// Eight hexadecimal digits identifying the property.
    public var propertyHash: String
    /// The case's choices (empty for a token of a random state).
    public var choices: ChoiceSequence
    /// For a token written as a process died (see <doc:CrashRecovery>), the four words of the random
    /// state its case started from; `nil` for a token of choices.
    public var randomStart: [UInt64]?

    /// The token of `choices` for the property identified by `propertyID`.
    public init(propertyID: String, choices: ChoiceSequence) {
        self.propertyHash = Self.hash(of: propertyID)
        self.choices = choices
    }

    /// The eight hexadecimal digits that identify `propertyID` in tokens.
    public static func hash(of propertyID: String) -> String {
        String(StableHash.hex(propertyID).prefix(8))
    }

    /// Whether the token belongs to the property identified by `propertyID`.
    public func belongs(to propertyID: String) -> Bool {
        propertyHash == Self.hash(of: propertyID)
    }

    /// The token as text: `<property hash>.<choices and checksum as base64url>`.
    public var description: String {
        if let randomStart { return Self.sealRandomStart(propertyHash: propertyHash, randomStart) }
        return Self.seal(propertyHash: propertyHash, payload: choices.encoded)
    }

    /// Parses a token, or throws an error that says it is damaged and how to get a good one.
    public init(parsing text: String) throws(ReplayTokenError) {
        if text.contains("~") {
            self = try Self(parsingRandomStart: text)
            return
        }
        let (hash, payload) = try Self.unseal(text)
        guard let choices = ChoiceSequence(encoded: payload) else {
            throw ReplayTokenError(token: text.trimmingWhitespace(), reason: "its choices do not decode")
        }
        self.propertyHash = hash
        self.choices = choices
    }

    /// Reads a token of older saved examples, without a checksum; `nil` when `text` is not one.
    static func parsingOutdated(_ text: String) -> ReplayToken? {
        let parts = text.trimmingWhitespace().split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit),
            let bytes = Base64URL.decode(String(parts[1])), let choices = ChoiceSequence(encoded: bytes)
        else { return nil }
        var token = ReplayToken(propertyID: "", choices: choices)
        token.propertyHash = parts[0].lowercased()
        return token
    }
}

/// Why a replay token was refused: it is damaged (cut short, edited, or not a token at all).
public struct ReplayTokenError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The token as given.
    public var token: String
    /// What is wrong with it, such as `its checksum does not match`.
    public var reason: String

    /// Creates the error for `token`.
    public init(token: String, reason: String) {
        self.token = token
        self.reason = reason
    }

    /// What is wrong and how to get a good token, without the token itself.
    public var advice: String {
        "this replay token is damaged (\(reason)): it was cut short or edited. Copy the whole token from the "
            + "\"Replay:\" line of the failure report, or run the failing test again to print a fresh one"
    }

    /// `this replay token is damaged (…): "<token>" …`.
    public var description: String { "\(advice). The token given was \"\(token)\"." }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
