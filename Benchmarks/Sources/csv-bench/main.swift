import Foundation
import TallyTables

// csv-bench PATH: parses a CSV file with Tally's reader and prints records, fields and MB/s.
// Scripts/csv-benchmark.sh runs it beside Python's csv module on the same file.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: csv-bench PATH\n".utf8))
    exit(2)
}
let path = CommandLine.arguments[1]
let clock = ContinuousClock()
let start = clock.now
var reader: CSVReader
do {
    reader = try CSVReader(contentsOf: path)
} catch {
    FileHandle.standardError.write(Data("csv-bench: \(error)\n".utf8))
    exit(1)
}
var records = 0, fields = 0, problems = 0
while let result = reader.next() {
    switch result {
    case .success(let record):
        records += 1
        fields += record.fields.count
    case .failure:
        problems += 1
    }
}
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000
print(
    "tally csv: \(records) records, \(fields) fields, \(problems) problems, \(String(format: "%.2f", seconds)) s, "
        + "\(String(format: "%.1f", megabytes / seconds)) MB/s"
)
