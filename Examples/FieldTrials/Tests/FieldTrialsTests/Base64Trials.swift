import Foundation
import Testing
import TrialSupport

/// `Data` base64: every line-length and line-ending option decodes back, ignoring the line breaks.
@Suite struct Base64Trials {
    static let options: [Data.Base64EncodingOptions] = [
        [], .lineLength64Characters, .lineLength76Characters, [.lineLength64Characters, .endLineWithLineFeed],
        [.lineLength76Characters, .endLineWithCarriageReturn],
        [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed],
    ]

    static let roundTrip = Trial(
        "Data(base64Encoded:) undoes base64EncodedString", Gen.zip(Gen.data(), Gen.int(in: 0...5))
    ) { data, option in
        let text = data.base64EncodedString(options: options[option])
        try ensureEqual(Data(base64Encoded: text, options: .ignoreUnknownCharacters), data, "decoding \(text)")
        try ensureEqual(
            data.base64EncodedData(options: options[option]), Data(text.utf8), "base64EncodedData is the string's bytes"
        )
    }

    @Test func base64RoundTrips() async { await Self.roundTrip.expectHolds(cases: 300) }
}
