/// How many significant digits a number written in decimal notation has: its digits without the zeros that
/// lead or trail them. `4000000000000000000` has one, `0.00000000000000000801` three, `1000000000000001.0`
/// sixteen. A number written with an exponent counts the exponent's digits too, so trials check that apart.
public func significantDigits(of text: String) -> Int {
    text.filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }.count
}
