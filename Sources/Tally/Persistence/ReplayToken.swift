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
    /// The case's choices.
    public var choices: ChoiceSequence

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

    /// The token as text: `<property hash>.<choices as base64url>`.
    public var description: String { propertyHash + "." + Base64URL.encode(choices.encoded) }

    /// Parses a token, or throws an error that says what is wrong with it.
    public init(parsing text: String) throws(ReplayTokenError) {
        let trimmed = text.trimmingWhitespace()
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
