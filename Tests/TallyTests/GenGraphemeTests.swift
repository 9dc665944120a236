import Testing

@testable import Tally

/// `Gen.grapheme` draws the clusters text code gets wrong, each one `Character`, and shrinks toward "a".
@Suite struct GenGraphemeTests {
    static let characters = samples(Gen<Character>.grapheme, count: 2000).map(\.value)

    func drawn(_ matches: (Character) -> Bool) -> Bool { Self.characters.contains(where: matches) }

    @Test func everyHardKindOfClusterShowsUp() {
        let scalars = { (character: Character) in character.unicodeScalars.map(\.value) }
        #expect(drawn { $0.isASCII && $0.isLetter }, "ASCII")
        #expect(drawn { $0 == "\r\n" }, "CRLF")
        #expect(
            drawn { scalars($0).count > 1 && scalars($0).dropFirst().allSatisfy { (0x300...0x36F).contains($0) } },
            "combining marks")
        #expect(
            drawn { scalars($0).count == 2 && scalars($0).allSatisfy { (0x1F1E6...0x1F1FF).contains($0) } },
            "regional-indicator pair")
        #expect(drawn { scalars($0).filter { $0 == 0x200D }.count >= 2 }, "emoji joined by two zero-width joiners")
        #expect(drawn { scalars($0).contains(0xFE0F) }, "emoji presentation selector")
        #expect(drawn { scalars($0).contains { (0x1F3FB...0x1F3FF).contains($0) } }, "skin tone")
        #expect(drawn { scalars($0).last == 0x20E3 }, "keycap")
        #expect(drawn { scalars($0).first.map { (0x1100...0x1112).contains($0) } ?? false }, "Hangul jamo")
        #expect(
            drawn {
                scalars($0).count == 1 && (0xAC00...0xD7A3).contains(scalars($0)[0])
                    && (scalars($0)[0] - 0xAC00) % 28 != 0
            }, "a precomposed Hangul syllable with a final consonant")
        #expect(
            drawn {
                scalars($0).count == 2 && (0xAC00...0xD7A3).contains(scalars($0)[0])
                    && (0x11A8...0x11C2).contains(scalars($0)[1])
            }, "a syllable, then a final consonant jamo")
        #expect(
            drawn { $0 == "\u{FEFF}" } && drawn { $0 == "\u{2028}" } && drawn { $0 == "\u{FFFE}" }, "notorious scalars")
        #expect(drawn { scalars($0).last == 0xE007F }, "tag sequence")
        #expect(
            drawn { scalars($0).count == 1 && $0.unicodeScalars.first!.value > 0xFFFF },
            "a scalar beyond the basic plane")
        #expect(drawn { scalars($0).count == 1 && $0.unicodeScalars.first!.value < 0x20 }, "a control character")
    }

    @Test func eachValueIsOneCharacterThatReplays() {
        #expect(Self.characters.allSatisfy { String($0).count == 1 })
        #expect(replaysExactly(Gen<Character>.grapheme))
        #expect(replay(Gen<Character>.grapheme, []) == "a")
    }

    @Test func shrinksToTheSimplestClusterThatFails() async throws {
        let generator = Gen<Character>.grapheme
        func shrunk(_ fails: @escaping (Character) -> Bool) async throws -> Character {
            let start = try #require(samples(generator, count: 2000).first { fails($0.value) }).choices
            return await shrink(generator, from: start, fails).value
        }
        #expect(try await shrunk { $0.unicodeScalars.count > 1 } == "\r\n")
        #expect(try await shrunk { $0.unicodeScalars.contains { (0x300...0x36F).contains($0.value) } } == "a\u{301}")
        #expect(try await shrunk { $0.unicodeScalars.contains("\u{200D}") } == "👩\u{200D}👩")
        #expect(
            try await shrunk {
                $0.unicodeScalars.count == 2 && $0.unicodeScalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
            } == "🇦🇦")
        #expect(try await shrunk { !$0.isASCII } == "À")
        #expect(try await shrunk { $0.unicodeScalars.contains { $0.value < 0x20 } } == "\r\n")
    }
}
