/// How a column's cells are read and written: text, integer, money, percent, boolean, date, or one of
/// a list of names, such as `.money` or `.oneOf(["in", "out"])`; `.optional` also allows an empty cell.
public struct CellKind: Sendable {
    /// What a cell of this kind should look like, for error messages.
    public let expected: String
    /// Whether an empty cell is allowed (read as ``CellValue/empty``).
    public let allowsEmpty: Bool
    let read: @Sendable (String) -> CellValue?
    let write: @Sendable (CellValue) -> String
    /// Why a cell that `read` refused is wrong, when there is more to say than ``expected``: it
    /// completes "`"2026-02-30"` …".
    let diagnose: @Sendable (String) -> String?

    /// A kind with its own reader and writer, and optionally its own reason for refusing a cell.
    public init(
        expected: String, allowsEmpty: Bool = false, read: @escaping @Sendable (String) -> CellValue?,
        write: @escaping @Sendable (CellValue) -> String,
        diagnose: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.expected = expected
        self.allowsEmpty = allowsEmpty
        self.read = read
        self.write = write
        self.diagnose = diagnose
    }

    /// Reads a cell: leading and trailing spaces are ignored.
    public func parse(_ text: String) -> CellValue? {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { return allowsEmpty ? .empty : nil }
        return read(trimmed)
    }

    /// Writes a value as a cell would hold it.
    public func format(_ value: CellValue) -> String {
        value == .empty ? "" : write(value)
    }

    /// The same kind, also accepting an empty cell.
    public var optional: CellKind {
        CellKind(
            expected: expected + ", or an empty cell", allowsEmpty: true, read: read, write: write, diagnose: diagnose)
    }

    /// Any text.
    public static let text = CellKind(expected: "text", read: { .text($0) }, write: Self.plain)

    /// A whole number such as `42` or `-3`.
    public static let integer = CellKind(
        expected: "a whole number such as 42", read: { Int($0).map(CellValue.integer) }, write: Self.plain)

    /// Money: `1234`, `1234.56`, `$1,234.56`, `-$5.00`, `($5.00)`; see ``MoneyText``.
    public static let money = CellKind(
        expected: "an amount such as $1,234.56, 1234.56 or 1234 (at most two decimals)",
        read: { MoneyText.parse($0).map(CellValue.money) }, write: Self.plain)

    /// A percentage with at most two decimals, such as `20%` or `12.5%`.
    public static let percent = CellKind(
        expected: "a percentage such as 20% or 12.5%",
        read: { text in
            guard text.hasSuffix("%"), let cents = MoneyText.parse(String(text.dropLast()).trimmingSpaces),
                !text.contains("$"), !text.contains(",")
            else { return nil }
            return .percent(cents)
        }, write: Self.plain)

    /// `yes`, `no`, `true` or `false`, in any case.
    public static let boolean = CellKind(
        expected: "yes, no, true or false",
        read: { text in
            switch text.lowercased() {
            case "yes", "true": .boolean(true)
            case "no", "false": .boolean(false)
            default: nil
            }
        }, write: Self.plain)

    /// An ISO 8601 date, `YYYY-MM-DD`; a date of the right form that no calendar has (`2026-02-30`) is
    /// refused saying so.
    public static let date = CellKind(
        expected: "a date as YYYY-MM-DD", read: { CalendarDate(iso8601: $0).map(CellValue.date) },
        write: Self.plain, diagnose: CalendarDate.whyNotADate)

    /// One of `names`, matched ignoring case and surrounding spaces; read as the name as listed.
    public static func oneOf(_ names: [String]) -> CellKind {
        CellKind(
            expected: "one of " + names.map { "\"\($0)\"" }.joined(separator: ", "),
            read: { text in
                let wanted = text.lowercased()
                return names.first { $0.lowercased() == wanted }.map(CellValue.text)
            }, write: Self.plain)
    }

    /// The names of a `CaseIterable` type's cases, as their `String(describing:)`.
    public static func oneOf<T: CaseIterable>(_ type: T.Type) -> CellKind {
        oneOf(T.allCases.map { String(describing: $0) })
    }

    /// Writes any value in its usual cell form.
    @Sendable static func plain(_ value: CellValue) -> String {
        switch value {
        case .text(let text): text
        case .integer(let number): String(number)
        case .money(let cents): MoneyText.format(cents)
        case .percent(let basisPoints): percentText(basisPoints)
        case .boolean(let flag): flag ? "yes" : "no"
        case .date(let date): date.description
        case .empty: ""
        }
    }

    static func percentText(_ basisPoints: Int) -> String {
        let whole = basisPoints / 100, fraction = abs(basisPoints % 100)
        let sign = basisPoints < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)%" }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(sign)\(whole).\(digits)%"
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
