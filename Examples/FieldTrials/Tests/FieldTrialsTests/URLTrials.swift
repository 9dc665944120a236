import Foundation
import Testing
import TrialSupport

/// `URLComponents` and percent-encoding: any path and query item survives a URL and back.
@Suite struct URLTrials {
    static let text = Gen.string(of: .grapheme, length: 0...8)

    static let components = Trial("URLComponents path and query items survive the URL", Gen.zip(text, text, text)) {
        segment, name, value in
        var components = URLComponents()
        components.scheme = "https"
        components.host = "example.com"
        components.path = "/" + segment
        components.queryItems = [URLQueryItem(name: name, value: value)]
        let url = try #require(components.url, "a URL from \(components)")
        let back = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        try ensureEqual(back.path, components.path, "path of \(url.absoluteString)")
        try ensureEqual(back.queryItems, components.queryItems, "query items of \(url.absoluteString)")
    }

    static let allowedSets: [CharacterSet] = [
        .urlPathAllowed, .urlQueryAllowed, .urlFragmentAllowed, .urlUserAllowed, .alphanumerics,
    ]

    /// A text and the index in ``allowedSets`` of the characters left unencoded.
    struct EncodedText: Equatable, Sendable {
        var text: String
        var allowedSet: Int
    }

    static let encodedTexts = Gen(Gen.zip(text, Gen.int(in: 0...4)).map(EncodedText.init))

    static func percentEncoding(_ name: String, _ encodedTexts: Gen<EncodedText>) -> Trial<EncodedText> {
        Trial(name, encodedTexts) { example in
            let encoded = try #require(
                example.text.addingPercentEncoding(withAllowedCharacters: allowedSets[example.allowedSet]))
            try ensureEqual(encoded.removingPercentEncoding, example.text, "decoding \(encoded)")
        }
    }

    @Test func pathsAndQueryItemsRoundTrip() async { await Self.components.expectHolds(cases: 300) }

    /// A text that starts with U+FEFF comes about once in 420 cases (seeds 1 to 100 found it after 419 on
    /// average), so a thousand cases miss it about one stream in eleven: this trial runs three thousand.
    @Test func percentDecodingDropsALeadingByteOrderMark() async {
        await Self.percentEncoding("removingPercentEncoding undoes addingPercentEncoding", Self.encodedTexts)
            .expectKnownDefect(
                cases: 3000, shrinksTo: EncodedText(text: "\u{FEFF}", allowedSet: 0),
                """
                \"%EF%BB%BF\".removingPercentEncoding is \"\", not \"\\u{FEFF}\": \
                a leading U+FEFF is dropped as a byte-order mark (\"%EF%BB%BFa\" gives \"a\"; \
                \"a%EF%BB%BF\" keeps it)
                """
            )
    }

    /// Every other text survives percent-encoding with each of the five character sets.
    @Test func percentEncodingRoundTripsTextNotStartingWithAByteOrderMark() async {
        let texts = Self.encodedTexts.filter { $0.text.unicodeScalars.first != "\u{FEFF}" }
        await Self.percentEncoding("removingPercentEncoding undoes addingPercentEncoding, no leading U+FEFF", texts)
            .expectHolds(cases: 300)
    }
}
