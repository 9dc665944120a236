extension String {
    /// This help text, written as `tally` prints it, naming `tool` instead: every `tally` that starts
    /// a word and is followed by a space (`tally check`, `'tally fuzz --help'`) becomes `tool`.
    /// Only for Tally's own texts: a message holding what the user typed builds its lines with the
    /// tool's name instead, since what was typed may contain `tally ` itself.
    func naming(tool: String) -> String {
        guard tool != "tally" else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: "tally ") {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let startsWord = before.map { !($0.isLetter || $0.isNumber || "_-./".contains($0)) } ?? true
            result += rest[..<range.lowerBound] + (startsWord ? tool + " " : "tally ")
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
