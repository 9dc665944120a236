/// The account behind an actor, as a card network reaches it: concurrent requests, one at a time.
public actor CardAuthorizationService {
    private var account: Account

    /// A service for `account`.
    public init(account: Account = Account()) {
        self.account = account
    }

    /// See ``Account/authorize(_:amount:day:)``.
    public func authorize(_ requestID: String, amount: Amount, day: Int) throws(CardError) -> Account.AuthorizationResult {
        try account.authorize(requestID, amount: amount, day: day)
    }

    /// See ``Account/capture(_:hold:amount:)``.
    public func capture(_ requestID: String, hold: String, amount: Amount) throws(CardError) {
        try account.capture(requestID, hold: hold, amount: amount)
    }

    /// See ``Account/release(_:hold:)``.
    public func release(_ requestID: String, hold: String) throws(CardError) {
        try account.release(requestID, hold: hold)
    }

    /// See ``Account/credit(_:amount:)``.
    public func credit(_ requestID: String, amount: Amount) throws(CardError) {
        try account.credit(requestID, amount: amount)
    }

    /// See ``Account/expireHolds(on:)``.
    @discardableResult
    public func expireHolds(on day: Int) -> [String] {
        account.expireHolds(on: day)
    }

    /// See ``Account/setStatus(_:)``.
    public func setStatus(_ status: Account.Status) {
        account.setStatus(status)
    }

    /// The account as it stands.
    public var snapshot: Account { account }
}
