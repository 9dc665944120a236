import Checkout
import XCTest

/// Half a cent rounds up, in the customer's favour: the rule the properties leave open (rounding half
/// down keeps both of them true). An XCTest case, as older tests are: `checkout mutate` counts it too.
final class RoundingTests: XCTestCase {
    func testHalfACentOfDiscountRoundsUp() {
        XCTAssertEqual(split(cents: 1, percentOff: 50), DiscountSplit(pay: 0, discount: 1))
        XCTAssertEqual(split(cents: 25, percentOff: 10), DiscountSplit(pay: 22, discount: 3))
    }
}
