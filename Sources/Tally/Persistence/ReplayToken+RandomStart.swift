/// Tokens of a random state: `<8 hex digits>~<64 hex digits><6 hex digits>`, the property hash, the state
/// a search case started from, and a checksum. A fatal-signal handler writes them as the process dies
/// (see <doc:CrashRecovery>) and can neither allocate nor run a generator, so the text is plain
/// hexadecimal, sealed with plain arithmetic by the same function here and in the handler.
extension ReplayToken {
    /// The token of the case a search drew from the random state `start`.
    public init(propertyID: String, randomStart start: RandomSource) {
        self.init(propertyID: propertyID, choices: ChoiceSequence([]))
        randomStart = start.state
    }

    /// Hexadecimal digits after the `~`: the state's, then the checksum's (computed: a signal handler
    /// must not run a lazy initializer).
    static var stateDigits: Int { 64 }
    static var checksumDigits: Int { 6 }

    /// The text of the token of `words` for `propertyHash`.
    static func sealRandomStart(propertyHash: String, _ words: [UInt64]) -> String {
        var text = Array((propertyHash + "~").utf8) + Array(repeating: 0, count: stateDigits + checksumDigits)
        text.withUnsafeMutableBufferPointer { sealRandomStart($0.baseAddress!, count: $0.count) { words[$0] } }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the four words `word` gives and the checksum into the `count` bytes of token text at
    /// `text`, which start with `<hash>~`. Async-signal-safe: the fatal-signal handler seals with it.
    static func sealRandomStart(_ text: UnsafeMutablePointer<UInt8>, count: Int, word: (Int) -> UInt64) {
        let sealed = count - checksumDigits
        for index in 0..<4 { writeHex(word(index), count: 16, to: text + (sealed - stateDigits) + 16 * index) }
        // FNV-1a as StableHash.of computes it, written out: a generic call has no place in a signal handler.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<sealed { hash = (hash ^ UInt64(text[index])) &* 0x0000_0100_0000_01B3 }
        writeHex(spread(hash), count: checksumDigits, to: text + sealed)
    }

    /// Parses a token of a random state, or throws an error that says it is damaged.
    init(parsingRandomStart text: String) throws(ReplayTokenError) {
        let token = text.trimmingWhitespace()
        func damaged(_ reason: String) -> ReplayTokenError { ReplayTokenError(token: token, reason: reason) }
        let parts = token.lowercased().split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit) else {
            throw damaged("it does not start with 8 hexadecimal digits and a \"~\"")
        }
        let digits = Array(parts[1])
        guard digits.count == Self.stateDigits + Self.checksumDigits, digits.allSatisfy(\.isHexDigit) else {
            throw damaged("after the \"~\" it holds \(digits.count) characters, not 70 hexadecimal digits")
        }
        let words = (0..<4).map { UInt64(String(digits[16 * $0..<16 * $0 + 16]), radix: 16)! }
        let hash = String(parts[0])
        guard Self.sealRandomStart(propertyHash: hash, words) == hash + "~" + parts[1] else {
            throw damaged("its checksum does not match")
        }
        guard let start = RandomSource(state: words) else { throw damaged("its random state is all zeros") }
        self.init(propertyID: "", randomStart: start)
        propertyHash = hash
    }

    /// Writes `value`'s last `count` hexadecimal digits (lowercase) at `digits`. Async-signal-safe.
    private static func writeHex(_ value: UInt64, count: Int, to digits: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            let nibble = UInt8((value >> (4 * UInt64(count - 1 - index))) & 0xF)
            digits[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
        }
    }
}

extension ReplayToken {
    /// The choices this token replays: its own, or those `regenerate` draws again from its random state.
    public func choices(regenerating regenerate: (RandomSource) -> ChoiceSequence) -> ChoiceSequence {
        start.map(regenerate) ?? choices
    }

    /// The choices this token replays, as above, or `nil` when `regenerate` cannot draw them again.
    public func choices(regenerating regenerate: (RandomSource) -> ChoiceSequence?) -> ChoiceSequence? {
        guard let start else { return choices }
        return regenerate(start)
    }

    private var start: RandomSource? { randomStart.flatMap(RandomSource.init(state:)) }
}

extension Property {
    /// The choices `token` replays for this property: its own, or those the generator makes from its
    /// random state (the body does not run).
    public func choices(of token: ReplayToken) -> ChoiceSequence {
        token.choices(regenerating: choices(regeneratedFrom:))
    }
}
