extension Gen where Value == Character {
    /// A generator of characters — extended grapheme clusters — that covers the cases text-handling
    /// code gets wrong, shrinking toward `"a"`.
    ///
    /// Besides printable ASCII and any other single Unicode scalar (controls, the byte-order mark, line
    /// separators and noncharacters drawn often), it draws clusters
    /// of several scalars: `"\r\n"`, letters with combining marks (`"e\u{301}"`), regional-indicator pairs
    /// (flags such as 🇫🇷), emoji with a variation selector, skin tone or keycap, emoji joined with
    /// zero-width joiners (👩‍👩‍👧), Hangul syllables precomposed or spelled in jamo, tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿) and Indic
    /// clusters. Kinds shrink in that order: a failure that needs a character beyond ASCII shrinks to
    /// `"À"`, one that needs two scalars to `"\r\n"`, one that needs a combining mark to `"a\u{301}"`.
    ///
    /// ```swift
    /// Gen.string(of: .grapheme, length: 0...12)
    /// ```
    ///
    /// Joined into a string, neighbouring characters may merge as Unicode says they do (`"\r"` then
    /// `"\n"`, or a letter then a lone combining mark), so a string of `n` drawn characters may count
    /// fewer.
    public static var grapheme: Gen<Character> {
        let kindWeights = [3, 3, 1, 2, 1, 2, 2, 1, 1, 1]
        return Gen { source in
            source.oneOfKinds(weights: kindWeights) { kind, source in
                if kind == 0 { return ascii.generate(&source) }
                let text = GraphemeParts.cluster(ofKind: kind, &source)
                // Each kind is one cluster under Unicode 15; should a runtime's rules split one, keep its
                // first cluster rather than stop.
                return text.count == 1 ? Character(text) : text.first ?? "a"
            }
        }
    }
}
