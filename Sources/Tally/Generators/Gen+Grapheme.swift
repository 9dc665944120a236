extension Gen where Value == Character {
    /// A generator of characters — extended grapheme clusters — that covers the cases text-handling
    /// code gets wrong, shrinking toward `"a"`.
    ///
    /// Besides printable ASCII and any other single scalar (controls, the byte-order mark, separators
    /// and noncharacters drawn often), it draws clusters of several scalars, in this shrinking order:
    /// `"\r\n"`, letters with combining marks, regional-indicator flags, emoji with a variation
    /// selector, skin tone or keycap, emoji joined with zero-width joiners, Hangul syllables precomposed
    /// or in jamo, tag sequences and Indic clusters. Joined into a string, neighbouring characters may
    /// merge as Unicode says they do, so a string of `n` drawn characters may count fewer.
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
