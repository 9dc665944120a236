/// Laps of a running track: an engine no spec tests, so its tests alone judge its mutants, and
/// mutants of its counts loop forever, hanging the test that reaches them.
public enum Laps {
    /// The metres run in `laps` laps of `length` metres, lap by lap: reached by a Swift Testing test.
    public static func distance(laps: Int, length: Int) -> Int {
        var metres = 0
        var lap = 0
        while lap < laps {
            metres += length
            lap += 1
        }
        return metres
    }

    /// The whole laps in `metres` on a track of `length` metres: reached by an XCTest case only.
    public static func wholeLaps(in metres: Int, length: Int) -> Int {
        var left = metres
        var laps = 0
        while left >= length {
            left -= length
            laps += 1
        }
        return laps
    }
}
