import Foundation
import Tally
import Testing

/// `URLComponents` and percent-encoding: any path and query item survives a URL and back.
@Suite struct URLTrials {
    static let text = Gen.string(of: .grapheme, length: 0...8)

    static let components = Trial("URLComponents path and query items survive the URL", Gen.zip(text, text, text)) { segment, name, value in
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

    static let allowedSets: [CharacterSet] = [.urlPathAllowed, .urlQueryAllowed, .urlFragmentAllowed, .urlUserAllowed, .alphanumerics]

    static let percentEncoding = Trial("removingPercentEncoding undoes addingPercentEncoding", Gen.zip(text, Gen.int(in: 0...4))) { text, set in
        let encoded = try #require(text.addingPercentEncoding(withAllowedCharacters: allowedSets[set]))
        try ensureEqual(encoded.removingPercentEncoding, text, "decoding \(encoded)")
    }

    @Test func pathsAndQueryItemsRoundTrip() async { await Self.components.expectHolds(cases: 300) }
    @Test func percentEncodingRoundTrips() async { await Self.percentEncoding.expectHolds(cases: 300) }
}
