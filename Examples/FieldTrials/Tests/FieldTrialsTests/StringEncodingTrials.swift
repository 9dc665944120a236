import Foundation
import Testing
import TrialSupport

/// `String.data(using:)` then `String(data:encoding:)`: every Unicode encoding gives the text back.
@Suite struct StringEncodingTrials {
    static let text = Gen.string(of: .grapheme, length: 0...8)

    static func roundTrip(_ encoding: String.Encoding) -> Trial<String> {
        Trial("\(encoding) round trip", text) { text in
            let data = try #require(text.data(using: encoding), "\(encoding) encodes any text")
            let decoded = String(data: data, encoding: encoding)
            try ensureEqual(
                decoded.map { Array($0.unicodeScalars) }, Array(text.unicodeScalars), "scalars back from \(encoding)")
        }
    }

    @Test(arguments: [
        String.Encoding.utf16, .utf16BigEndian, .utf16LittleEndian, .utf32, .utf32BigEndian, .utf32LittleEndian,
    ])
    func unicodeEncodingsRoundTrip(_ encoding: String.Encoding) async {
        await Self.roundTrip(encoding).expectHolds(cases: 300)
    }

    /// By design, not a defect: swift-foundation#1165 drops a leading UTF-8 byte-order mark as NSString
    /// does, so text that starts with U+FEFF does not survive a UTF-8 round trip. Such a text comes about
    /// once in 420 cases, so a thousand miss it about one stream in eleven: this trial runs three thousand.
    @Test func utf8DropsALeadingByteOrderMark() async {
        await Self.roundTrip(.utf8).expectKnownDefect(
            cases: 3000, shrinksTo: "\u{FEFF}",
            "String(data:encoding: .utf8) drops a leading U+FEFF, by design (swift-foundation#1164, #1165)")
    }
}
