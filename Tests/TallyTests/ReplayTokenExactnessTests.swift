import Testing

@testable import Tally

/// A replay token is exact or refused: cut anywhere or edited in any character, it never decodes into
/// another case.
@Suite struct ReplayTokenExactnessTests {
    static let token = ReplayToken(
        propertyID: "claims/insurer plus patient equals allowed", choices: [1, 2, 300, 0, 7])
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")

    @Test func everyCutIsRefused() {
        let text = Self.token.description
        for length in 0..<text.count {
            let cut = String(text.prefix(length))
            #expect(throws: ReplayTokenError.self, "cut to \(length) characters: \(cut)") {
                try ReplayToken(parsing: cut)
            }
        }
    }

    @Test func aCutAtAChoiceBoundaryIsRefusedWhereItUsedToReadAsAShorterCase() {
        // Without a checksum, "<hash>.AQID" ([1, 2, 3]) cut to "<hash>.AQ" read as the case [1].
        let full = ReplayToken(propertyID: "p", choices: [1, 2, 3]).description
        let atBoundary = String(full.prefix(9 + 2))
        #expect(ReplayToken.parsingOutdated(atBoundary)?.choices == [1], "the cut is a whole case in the old format")
        #expect(throws: ReplayTokenError(token: atBoundary, reason: "it is too short to hold its checksum")) {
            try ReplayToken(parsing: atBoundary)
        }
    }

    @Test func everyOneCharacterEditIsRefused() {
        let text = Array(Self.token.description)
        var accepted: [String] = []
        for index in text.indices {
            for replacement in Self.alphabet where replacement != text[index] {
                var edited = text
                edited[index] = replacement
                let candidate = String(edited)
                // Upper-case hex digits name the same property: the same token, not an edit.
                if candidate.lowercased() == Self.token.description.lowercased() { continue }
                if (try? ReplayToken(parsing: candidate)) != nil { accepted.append(candidate) }
            }
        }
        #expect(accepted.isEmpty)
    }

    @Test func aTokenMovedToAnotherPropertysHashIsRefused() {
        let other = ReplayToken.hash(of: "claims/no amount is ever negative")
        let moved = other + Self.token.description.drop { $0 != "." }
        #expect(throws: ReplayTokenError.self) { try ReplayToken(parsing: moved) }
    }

    @Test func tokensStayShort() throws {
        // 8 hex digits, a dot, then the choices and 3 checksum bytes: 4 characters more than before.
        #expect(ReplayToken(propertyID: "p", choices: [3, 1]).description.count == 9 + 7)
        #expect(ReplayToken(propertyID: "p", choices: []).description.count == 9 + 4)
        #expect(try ReplayToken(parsing: " \(Self.token)\n") == Self.token, "surrounding whitespace is not damage")
    }

    @Test func base64URLDecodingIsCanonical() {
        #expect(Base64URL.decode("AQ") == [1])
        #expect(Base64URL.decode("AR") == nil, "the last character carries bits beyond the last byte")
        #expect(Base64URL.decode("AQI") == [1, 2])
        #expect(Base64URL.decode("AQJ") == nil)
    }

    @Test func outdatedTokensAreReadOnlyAsOutdated() {
        let outdated = ReplayToken.hash(of: "p") + "." + Base64URL.encode(ChoiceSequence([5, 6]).encoded)
        #expect(ReplayToken.parsingOutdated(outdated) == ReplayToken(propertyID: "p", choices: [5, 6]))
        #expect(throws: ReplayTokenError.self) { try ReplayToken(parsing: outdated) }
    }
}
