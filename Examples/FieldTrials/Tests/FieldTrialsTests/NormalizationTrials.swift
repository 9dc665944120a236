import Foundation
import Testing
import TrialSupport

/// Unicode normalization: the laws every implementation of UAX #15 obeys, on any text.
@Suite struct NormalizationTrials {
    static let text = Gen.string(of: .grapheme, length: 0...8)

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    static let composingDecomposedText = Trial("NFC(NFD(s)) == NFC(s)", text) { text in
        let nfc = text.precomposedStringWithCanonicalMapping
        let viaNFD = text.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping
        try ensureEqual(scalars(viaNFD), scalars(nfc), "NFC(NFD(\(scalars(text)))) vs NFC")
    }

    static let decomposingAndIdempotence = Trial("NFD(NFC(s)) == NFD(s), and every form is idempotent", text) { text in
        let nfd = text.decomposedStringWithCanonicalMapping, nfc = text.precomposedStringWithCanonicalMapping
        try ensureEqual(scalars(nfc.decomposedStringWithCanonicalMapping), scalars(nfd), "NFD(NFC(s)) == NFD(s)")
        try ensureEqual(scalars(nfd.decomposedStringWithCanonicalMapping), scalars(nfd), "NFD is idempotent")
        try ensureEqual(scalars(nfc.precomposedStringWithCanonicalMapping), scalars(nfc), "NFC is idempotent")
        let nfkd = text.decomposedStringWithCompatibilityMapping
        try ensureEqual(scalars(nfkd.decomposedStringWithCompatibilityMapping), scalars(nfkd), "NFKD is idempotent")
    }

    @Test func composingDoesNotJoinATrailingConsonantToItsSyllable() async {
        await Self.composingDecomposedText.expectKnownDefect(
            cases: 1000, shrinksTo: "\u{AC00}\u{11A8}",
            """
            NFC leaves 가 + ᆨ (U+AC00 U+11A8) as it is; NFC of its NFD, and of 각 (U+AC01), is 각: \
            a precomposed syllable never takes a trailing consonant
            """
        )
    }

    @Test func decompositionAndIdempotenceHold() async { await Self.decomposingAndIdempotence.expectHolds(cases: 500) }
}
