import Laps
import XCTest

/// 1000 m on a 400 m track are two whole laps, and so are 800 m: an XCTest case, the only test that
/// reaches `wholeLaps`.
final class WholeLapsTests: XCTestCase {
    func testWholeLapsLeaveTheRestOut() {
        XCTAssertEqual(Laps.wholeLaps(in: 1_000, length: 400), 2)
        XCTAssertEqual(Laps.wholeLaps(in: 800, length: 400), 2)
        XCTAssertEqual(Laps.wholeLaps(in: 399, length: 400), 0)
    }
}
