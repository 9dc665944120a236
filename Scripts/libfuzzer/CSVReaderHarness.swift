// libFuzzer harness for the CSV reader: any bytes must parse without trapping, and every problem
// must be located at a line and column inside the input.
import TallyTables

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = CSVReader(bytes: bytes, path: "fuzz.csv")
    let lines = bytes.reduce(1) { $0 + ($1 == 10 || $1 == 13 ? 1 : 0) } + 1
    while let result = reader.next() {
        if case .failure(let problem) = result, problem.line < 1 || problem.line > lines {
            fatalError("problem outside the input: \(problem)")
        }
    }
    return 0
}
