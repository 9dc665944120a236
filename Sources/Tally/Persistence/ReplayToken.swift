/// One exact test case of one property, as a short string that a person can paste into a shell.
///
/// The token names its property by a hash of the property's identity and carries the case's
/// ``ChoiceSequence`` as base64url: `3f9a01c2.AQIDBA`. Replaying it rebuilds the same value without
/// searching or shrinking.
///
/// ```
/// TALLY_REPLAY=3f9a01c2.AQIDBA swift test --filter insurerPlusPatient
/// ```
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
    /// Eight hexadecimal digits identifying the property.
    public var propertyHash: String
    /// The case's choices (empty for a token of a random state).
    public var choices: ChoiceSequence
    /// For a token written as a process died (see <doc:CrashRecovery>), the four words of the random
    /// state the case started from: its choices are regenerated from it. `nil` for a token of choices.
    public var randomStart: [UInt64]?

    /// The token of `choices` for the property identified by `propertyID`.
    public init(propertyID: String, choices: ChoiceSequence) {
        self.propertyHash = Self.hash(of: propertyID)
        self.choices = choices
    }

    /// The token of the case a search drew from the random state `start`, as a fatal-signal handler
    /// writes it: `<property hash>~<four words as 64 hexadecimal digits>`.
    public init(propertyID: String, randomStart start: RandomSource) {
        self.propertyHash = Self.hash(of: propertyID)
        self.choices = ChoiceSequence([])
        self.randomStart = start.state
    }

    /// The eight hexadecimal digits that identify `propertyID` in tokens.
    public static func hash(of propertyID: String) -> String {
        String(StableHash.hex(propertyID).prefix(8))
    }

    /// Whether the token belongs to the property identified by `propertyID`.
    public func belongs(to propertyID: String) -> Bool {
        propertyHash == Self.hash(of: propertyID)
    }

    /// The token as text: `<property hash>.<choices as base64url>`.
    public var description: String {
        if let randomStart { return propertyHash + "~" + randomStart.map(Self.hex16).joined() }
        return propertyHash + "." + Base64URL.encode(choices.encoded)
    }

    static func hex16(_ word: UInt64) -> String {
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Parses a token, or throws an error that says what is wrong with it.
    public init(parsing text: String) throws(ReplayTokenError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.contains("~") {
            self = try ReplayToken(parsingRandomStart: trimmed)
            return
        }
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .init(token: trimmed, reason: "expected <8 hex digits>.<base64url choices>") }
        let hash = String(parts[0])
        guard hash.count == 8, hash.allSatisfy(\.isHexDigit) else {
            throw .init(token: trimmed, reason: "the part before \".\" must be 8 hexadecimal digits, found \"\(hash)\"")
        }
        guard let bytes = Base64URL.decode(String(parts[1])) else {
            throw .init(token: trimmed, reason: "the part after \".\" is not base64url (A–Z a–z 0–9 - _)")
        }
        guard let choices = ChoiceSequence(encoded: bytes) else {
            throw .init(token: trimmed, reason: "the choices end in the middle of a number: the token was cut short")
        }
        self.propertyHash = hash.lowercased()
        self.choices = choices
    }
}

extension ReplayToken {
    /// Parses `<8 hex digits>~<64 hex digits>`, a token of a random state.
    init(parsingRandomStart text: String) throws(ReplayTokenError) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit) else {
            throw .init(token: text, reason: "expected <8 hex digits>~<64 hex digits>")
        }
        let digits = Array(parts[1])
        guard digits.count == 64, digits.allSatisfy(\.isHexDigit) else {
            throw .init(token: text, reason: "64 hexadecimal digits after \"~\", found \(digits.count): the token was cut short or mistyped")
        }
        let words = stride(from: 0, to: 64, by: 16).map { UInt64(String(digits[$0..<$0 + 16]), radix: 16)! }
        guard let start = RandomSource(state: words) else {
            throw .init(token: text, reason: "a random state that is not all zeros")
        }
        self.init(propertyID: "", randomStart: start)
        self.propertyHash = String(parts[0]).lowercased()
    }
}

/// Why a replay token could not be read.
public struct ReplayTokenError: Error, CustomStringConvertible, Sendable {
    /// The token as given.
    public var token: String
    /// What is wrong with it.
    public var reason: String
    /// `invalid replay token "…": reason`.
    public var description: String { "invalid replay token \"\(token)\": \(reason)" }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
