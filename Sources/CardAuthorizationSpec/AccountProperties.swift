import CardAuthorization
import Tally

/// Rules of the account as a value: a retried request leaves an account equal to what it was (its
/// balances, holds, status and hold lifetime; the record of answered requests does not count), a new
/// request makes it differ; and balances and amounts order by their cents.
enum AccountProperties {
    static var all: [Property] { [retriesLeaveAnEqualAccount, amountsOrderByCents] }

    /// Deposits and charges alternately, each with its own request id.
    static func apply(_ amounts: [Int], to account: inout Account) throws {
        for (index, cents) in amounts.enumerated() {
            let amount = try Amount(cents: cents)
            if index.isMultiple(of: 2) {
                try account.credit("r\(index)", amount: amount)
            } else {
                try account.authorize("r\(index)", amount: amount, day: 1)
            }
        }
    }

    /// What changes an account: a deposit, a freeze, one more pending hold, another hold lifetime —
    /// each alone, the rest of the account alike.
    enum Change: CaseIterable {
        case deposit, freeze, hold, holdLifetime
    }

    static let retriesLeaveAnEqualAccount = Property(
        "an account equals itself after retried requests and differs after a new one",
        Gen.zip(Gen.int(in: 1...5_000).array(length: 0...6), Gen.element(of: Change.allCases))
    ) { amounts, change in
        var account = Account()
        try apply(amounts, to: &account)
        let before = account
        try apply(amounts, to: &account)
        try ensure(account == before, "every request retried: the account must equal the one before the retries")
        try ensureEqual(account.hashValue, before.hashValue, "equal accounts hash alike")
        var changed = account
        var unchanged = before
        switch change {
        case .deposit: try changed.credit("new", amount: Amount(cents: 1))
        case .freeze: changed.setStatus(.frozen)
        case .hold:
            unchanged = Account(posted: account.posted)
            changed = Account(posted: account.posted, pending: [try Amount(cents: 1)])
        case .holdLifetime:
            unchanged = Account(posted: account.posted, holdLifetime: 7)
            changed = Account(posted: account.posted, holdLifetime: 8)
        }
        try ensure(changed != unchanged, "\(change) alone must change the account")
    }

    static let amountsOrderByCents = Property(
        "balances and amounts order by their cents", Gen.zip(Gen.int(in: 1...10_000), Gen.int(in: -1...1))
    ) { cents, step in
        let other = cents + step
        try ensure(!(Balance(cents: cents) < Balance(cents: cents)), "a balance is not below itself")
        try ensureEqual(
            Balance(cents: cents) < Balance(cents: other), cents < other,
            "\(Balance(cents: cents)) < \(Balance(cents: other))")
        try ensure(!(try Amount(cents: cents) < Amount(cents: cents)), "an amount is not below itself")
        if other > 0 {
            try ensureEqual(
                try Amount(cents: cents) < Amount(cents: other), cents < other, "amount \(cents) < \(other) cents")
        }
    }
}
