import Foundation

/// What `Yams.load` returns (`Any?`), made comparable: doubles by bit pattern, so that `-0.0` is not `0.0`,
/// and every NaN one value; mapping keys by the value they hold.
indirect enum YAMLLoadedValue: Hashable, CustomStringConvertible {
    case null, nan
    case bool(Bool), int(Int), double(UInt64), string(String), date(Date), data(Data)
    case sequence([YAMLLoadedValue]), mapping([YAMLLoadedValue: YAMLLoadedValue])
    /// A value of a type not listed, by its description.
    case other(String)

    init(_ value: Any?) {
        switch value {
        case nil, is NSNull: self = .null
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .int(value)
        case let value as Double: self = value.isNaN ? .nan : .double(value.bitPattern)
        case let value as String: self = .string(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let value as [Any]: self = .sequence(value.map(YAMLLoadedValue.init))
        case let value as [AnyHashable: Any]:
            self = .mapping(
                Dictionary(value.map { (YAMLLoadedValue($0.key.base), YAMLLoadedValue($0.value)) }) { first, _ in first
                })
        case let value?: self = .other("\(type(of: value)): \(value)")
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .nan: "nan"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let bits): "\(Double(bitPattern: bits))"
        case .string(let value): String(reflecting: value)
        case .date(let value): "\(value)"
        case .data(let value): "\(value)"
        case .sequence(let values): "\(values)"
        case .mapping(let pairs) where pairs.isEmpty: "[:]"
        case .mapping(let pairs): "[" + pairs.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ") + "]"
        case .other(let value): value
        }
    }
}
