import Claims
import Foundation
import TallyTables

/// The plan-wide cells of `Tables/claims/plans.csv` that hold lists, one entry per category, entries
/// separated by `;`: cost sharing (`primary care: copay $30; preventive: no charge`), exclusions
/// (`cosmetic; physical therapy`) and visit limits (`physical therapy: 20`).
enum PlanCells {
    /// How a plan shares each kind of cost, as `cost sharing` cells and the visits table name it; the
    /// copays take an amount after the name.
    static let costSharingNames = [
        "copay", "copay after deductible", "copay before deductible", "no charge after deductible",
        "coinsurance after deductible", "no charge",
    ]

    static let costSharingKind = listKind(
        "entries \"category: rule\" separated by ;, such as \"primary care: copay $30; preventive: no charge\"",
        costSharing)
    static let exclusionsKind = listKind(
        "categories separated by ;, such as \"cosmetic; physical therapy\"", exclusions)
    static let visitLimitsKind = listKind(
        "entries \"category: visits\" separated by ;, such as \"physical therapy: 20\"", visitLimits)

    /// The cost sharing named `name`, with `copay` as its amount when it has one; `nil` for an unknown
    /// name or a copay without an amount.
    static func costSharing(named name: String, copay: Money?) -> CostSharing? {
        switch (name, copay) {
        case ("copay", let amount?): .copay(amount)
        case ("copay after deductible", let amount?): .copayAfterDeductible(amount)
        case ("copay before deductible", let amount?): .copayBeforeDeductible(amount)
        case ("no charge after deductible", nil): .noChargeAfterDeductible
        case ("coinsurance after deductible", nil): .coinsuranceAfterDeductible
        case ("no charge", nil): .noCharge
        default: nil
        }
    }

    /// `primary care: copay $30; preventive: no charge`.
    static func costSharing(_ text: String) -> [ServiceCategory: CostSharing]? {
        entries(text) { rule in
            let name = costSharingNames.sorted { $0.count > $1.count }.first { rule.lowercased().hasPrefix($0) }
            guard let name else { return nil }
            let rest = rule.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            if rest.isEmpty { return costSharing(named: name, copay: nil) }
            guard let cents = MoneyText.parse(rest), let amount = try? Money(cents: cents) else { return nil }
            return costSharing(named: name, copay: amount)
        }
    }

    /// `cosmetic; physical therapy`.
    static func exclusions(_ text: String) -> Set<ServiceCategory>? {
        var categories = Set<ServiceCategory>()
        for item in text.split(separator: ";") {
            guard let category = category(item) else { return nil }
            categories.insert(category)
        }
        return categories
    }

    /// `physical therapy: 20`.
    static func visitLimits(_ text: String) -> [ServiceCategory: Int]? {
        entries(text) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
    }

    private static func entries<Value>(_ text: String, _ value: (String) -> Value?) -> [ServiceCategory: Value]? {
        var result: [ServiceCategory: Value] = [:]
        for item in text.split(separator: ";") {
            let parts = item.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let category = category(parts[0]), result[category] == nil,
                let parsed = value(parts[1].trimmingCharacters(in: .whitespaces))
            else { return nil }
            result[category] = parsed
        }
        return result
    }

    private static func category(_ text: Substring) -> ServiceCategory? {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        return ServiceCategory.allCases.first { $0.rawValue == wanted }
    }

    /// A text column whose cells `parse` must accept; the cell keeps its text.
    private static func listKind<Value>(_ expected: String, _ parse: @escaping @Sendable (String) -> Value?) -> CellKind
    {
        CellKind(
            expected: expected + ", or an empty cell", allowsEmpty: true,
            read: { parse($0) == nil ? nil : .text($0) },
            write: { value in if case .text(let text) = value { text } else { "" } })
    }
}
