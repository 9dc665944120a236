import Claims
import Foundation
import TallyTables

/// The `adjustments?` cells of `Tables/claims/corrections.csv`: a payer's reprocessing notice, one entry
/// per changed claim, entries separated by `;`, as ``Adjustment`` describes itself:
/// `c2: $300.00 -> $60.00, refund $240.00; c1: $560.00 -> void, refund $560.00`.
///
/// A cell is read into that exact form, so `$60`, `→` and extra spaces compare equal to what the engine
/// writes; an entry whose difference does not match its two amounts is refused when the table is read.
enum AdjustmentCells {
    static let kind = CellKind(
        expected:
            "entries \"claim: old -> new, refund amount\" (or \"owes amount\", \"no difference\"; "
            + "new may be \"void\") separated by ;, "
            + "such as \"c2: $300.00 -> $60.00, refund $240.00\"",
        read: { text in canonical(text).map(CellValue.text) },
        write: { value in if case .text(let text) = value { text } else { "" } })

    /// `text` in the engine's form, or `nil` when an entry is malformed or its difference is wrong.
    static func canonical(_ text: String) -> String? {
        var entries: [String] = []
        for entry in text.split(separator: ";") {
            guard let parsed = self.entry(String(entry)) else { return nil }
            entries.append(parsed)
        }
        return entries.isEmpty ? nil : entries.joined(separator: "; ")
    }

    private static func entry(_ text: String) -> String? {
        let trimmed = { (part: Substring) in part.trimmingCharacters(in: .whitespaces) }
        let idAndRest = text.split(separator: ":", maxSplits: 1)
        guard idAndRest.count == 2, !trimmed(idAndRest[0]).isEmpty else { return nil }
        let change = idAndRest[1].replacingOccurrences(of: "→", with: "->").components(separatedBy: "->")
        guard change.count == 2 else { return nil }
        let newAndDifference = change[1].split(separator: ",", maxSplits: 1)
        guard newAndDifference.count == 2, let old = amount(trimmed(Substring(change[0]))) else { return nil }
        let newText = trimmed(newAndDifference[0])
        guard let new = newText.lowercased() == "void" ? Money.zero : amount(newText) else { return nil }
        let difference = trimmed(newAndDifference[1]).lowercased()
        let expected = new.cents - old.cents
        let stated: Int? =
            if difference == "no difference" { 0 } else if difference.hasPrefix("refund ") {
                amount(String(difference.dropFirst(7))).map { -$0.cents }
            } else if difference.hasPrefix("owes ") { amount(String(difference.dropFirst(5))).map(\.cents) } else {
                nil
            }
        guard stated == expected else { return nil }
        let owed =
            expected == 0
            ? "no difference" : expected > 0 ? "owes \(dollars(expected))" : "refund \(dollars(-expected))"
        return
            "\(trimmed(idAndRest[0])): \(old) -> \(newText.lowercased() == "void" ? "void" : new.description), \(owed)"
    }

    private static func amount(_ text: String) -> Money? {
        MoneyText.parse(text.trimmingCharacters(in: .whitespaces)).flatMap { try? Money(cents: $0) }
    }

    private static func dollars(_ cents: Int) -> String { (try? Money(cents: cents))?.description ?? "\(cents) cents" }
}
