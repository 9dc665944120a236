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
            if index.isMultiple(of: 2) { try account.credit("r\(index)", amount: amount) } else { try account.authorize("r\(index)", amount: amount, day: 1) }
        }
    }

    static let retriesLeaveAnEqualAccount = Property(
        "an account equals itself after retried requests and differs after a new one",
        Gen.zip(Gen.int(in: 1...5_000).array(length: 0...6), Gen.bool)
    ) { amounts, byDeposit in
        var account = Account()
        try apply(amounts, to: &account)
        let before = account
        try apply(amounts, to: &account)
        try ensure(account == before, "every request retried: the account must equal the one before the retries")
        try ensureEqual(account.hashValue, before.hashValue, "equal accounts hash alike")
        var changed = account
        if byDeposit { try changed.credit("new", amount: Amount(cents: 1)) } else { changed.setStatus(.frozen) }
        try ensure(changed != before, "a new \(byDeposit ? "deposit" : "freeze") must change the account")
    }

    static let amountsOrderByCents = Property(
        "balances and amounts order by their cents", Gen.zip(Gen.int(in: 1...10_000), Gen.int(in: -1...1))
    ) { cents, step in
        let other = cents + step
        try ensure(!(Balance(cents: cents) < Balance(cents: cents)), "a balance is not below itself")
        try ensureEqual(Balance(cents: cents) < Balance(cents: other), cents < other, "\(Balance(cents: cents)) < \(Balance(cents: other))")
        try ensure(!(try Amount(cents: cents) < Amount(cents: cents)), "an amount is not below itself")
        if other > 0 { try ensureEqual(try Amount(cents: cents) < Amount(cents: other), cents < other, "amount \(cents) < \(other) cents") }
    }
}
