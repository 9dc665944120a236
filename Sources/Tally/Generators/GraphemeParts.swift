/// The pieces ``Gen/grapheme`` builds its multi-scalar clusters from, simplest first in each list.
enum GraphemeParts {
    /// A cluster of kind `kind` (1 and up) of ``Gen/grapheme``, whose documentation lists them.
    static func cluster(ofKind kind: Int, _ source: inout ChoiceSource) -> String {
        switch kind {
        case 1: return String(scalar(&source))
        case 2: return "\r\n"
        case 3:
            var cluster = String(pick(bases, &source))
            for _ in 0...source.draw(upTo: 2) { cluster.unicodeScalars.append(pick(combiningMarks, &source)) }
            return cluster
        case 4:
            let letters = (0..<2).map { _ in Unicode.Scalar(0x1F1E6 + UInt32(source.draw(upTo: 25)))! }
            return String(String.UnicodeScalarView(letters))
        case 5: return modifiedEmoji(&source)
        case 6:
            return (0...source.draw(upTo: 2) + 1).map { _ in pick(joinableEmoji, &source) }.joined(
                separator: "\u{200D}")
        case 7: return hangulSyllable(&source)
        case 8: return pick(tagSequences, &source)
        default: return pick(otherClusters, &source)
        }
    }

    /// One element of `elements`, shrinking toward the first.
    private static func pick<Element>(_ elements: [Element], _ source: inout ChoiceSource) -> Element {
        elements[Int(source.draw(upTo: UInt64(elements.count - 1)))]
    }

    /// The number of Unicode scalars that are not printable ASCII nor surrogates, less one: the last
    /// choice of ``scalar(_:)``.
    static let lastScalarChoice: UInt64 = 0x10FFFF + 1 - 0x800 - 95 - 1

    /// Any scalar but printable ASCII, from `"À"`: Latin-1 letters first, then on through every plane,
    /// and last the C0 and C1 controls and delete. While searching, one in four comes from the first
    /// 256 scalars (controls, Latin-1), one in four is one of ``notoriousScalars``, the rest from anywhere.
    static func scalar(_ source: inout ChoiceSource) -> Unicode.Scalar {
        var forced: UInt64 = 0
        if source.isRandom {
            let value: UInt32
            switch source.random.next() & 3 {
            case 0: value = UInt32(source.random.next(upTo: 0xFF))
            case 1: value = notoriousScalars[Int(source.random.next(upTo: UInt64(notoriousScalars.count - 1)))]
            default: value = UInt32(source.random.next(upTo: 0x10FFFF))
            }
            forced = choice(of: value)
        }
        let choice = source.draw(upTo: lastScalarChoice, forcing: forced)
        // From À (0xC0) to the end of the planes, less the surrogates; then 0x00–0x1F and 0x7F–0xBF.
        let fromLatinLetters: UInt64 = 0x10FFFF + 1 - 0xC0 - 0x800
        if choice < fromLatinLetters {
            let value = 0xC0 + UInt32(choice)
            return Unicode.Scalar(value < 0xD800 ? value : value + 0x800)!
        }
        let low = UInt32(choice - fromLatinLetters)
        return Unicode.Scalar(low < 0x20 ? low : low - 0x20 + 0x7F)!
    }

    /// Scalars that text code mishandles, drawn often: the byte-order mark (zero-width no-break space),
    /// zero-width space and joiner, line and paragraph separators, next line, no-break space, a
    /// right-to-left override, the replacement character, the noncharacters U+FFFE, U+FFFF and
    /// U+10FFFF, a private-use scalar, a lone combining acute and a lone regional indicator.
    static let notoriousScalars: [UInt32] = [
        0xFEFF, 0x200B, 0x200D, 0x2028, 0x2029, 0x85, 0xA0, 0x202E, 0xFFFD, 0xFFFE, 0xFFFF, 0x10FFFF, 0xE000, 0x301,
        0x1F1E6,
    ]

    /// The choice of ``scalar(_:)`` that makes `value`: printable ASCII and surrogates map to `"À"`.
    private static func choice(of value: UInt32) -> UInt64 {
        let fromLatinLetters: UInt64 = 0x10FFFF + 1 - 0xC0 - 0x800
        switch value {
        case 0..<0x20: return fromLatinLetters + UInt64(value)
        case 0x7F..<0xC0: return fromLatinLetters + 0x20 + UInt64(value - 0x7F)
        case 0xC0..<0xD800: return UInt64(value - 0xC0)
        case 0xE000...: return UInt64(value - 0xC0 - 0x800)
        default: return 0
        }
    }

    /// Letters that combining marks go on.
    static let bases: [Character] = ["a", "e", "o", "n", "A", "i", "u", "c", "z", "Z"]

    /// Combining marks: acute, grave, diaeresis, tilde, cedilla, dot below, ring above, enclosing
    /// circle, a mark from the extended block.
    static let combiningMarks: [Unicode.Scalar] = [
        "\u{301}", "\u{300}", "\u{308}", "\u{303}", "\u{327}", "\u{323}", "\u{30A}", "\u{20DD}", "\u{1AB0}",
    ]

    /// Emoji that zero-width joiners join: people, hearts, rainbow flags, professions.
    static let joinableEmoji = ["👩", "👨", "👧", "👦", "🧑", "❤️", "🏳️", "🌈", "💻", "🔥", "👩🏽"]

    /// One emoji with a modifier: a presentation selector, a skin tone or a keycap.
    static func modifiedEmoji(_ source: inout ChoiceSource) -> String {
        let base = Int(source.draw(upTo: 4))
        switch source.draw(upTo: 2) {
        case 0: return ["❤", "☺", "✈", "☀", "©"][base] + (source.draw(upTo: 1) == 0 ? "\u{FE0F}" : "\u{FE0E}")
        case 1:
            return ["👍", "👋", "🧑", "👩", "🤝"][base] + String(Unicode.Scalar(0x1F3FB + UInt32(source.draw(upTo: 4)))!)
        default: return ["1", "#", "*", "0", "9"][base] + "\u{FE0F}\u{20E3}"
        }
    }

    /// A Hangul syllable precomposed (as Korean text usually is), spelled in conjoining jamo, or half
    /// and half — a precomposed syllable of a leading consonant and a vowel, then a trailing consonant
    /// jamo, as text edited letter by letter holds. Normalization must turn each form into the others.
    static func hangulSyllable(_ source: inout ChoiceSource) -> String {
        let form = source.draw(upTo: 2)
        let leading = UInt32(source.draw(upTo: 18)), vowel = UInt32(source.draw(upTo: 20)),
            trailing = UInt32(source.draw(upTo: 27))
        let syllable = 0xAC00 + (leading * 21 + vowel) * 28
        var scalars = String.UnicodeScalarView()
        switch form {
        case 0: scalars.append(Unicode.Scalar(syllable + trailing)!)
        case 1:
            scalars.append(Unicode.Scalar(0x1100 + leading)!)
            scalars.append(Unicode.Scalar(0x1161 + vowel)!)
        default: scalars.append(Unicode.Scalar(syllable)!)
        }
        if form != 0 && trailing > 0 { scalars.append(Unicode.Scalar(0x11A7 + trailing)!) }
        return String(scalars)
    }

    /// Subdivision flags: a black flag, tag letters and a cancel tag.
    static let tagSequences = ["🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"]

    /// Clusters of other scripts: Devanagari vowel sign and conjunct, Tamil, Thai, an Arabic prepended
    /// number sign.
    static let otherClusters = [
        "\u{915}\u{93F}", "\u{915}\u{94D}\u{937}", "\u{BA8}\u{BBF}", "\u{E01}\u{E33}", "\u{600}1",
    ]
}
