/// The properties of one spec, under the spec's name, as the command-line tool lists them.
public struct PropertySuite: Sendable {
    /// The spec's name, such as `claims`; also the folder of its tables under `Tables/`.
    public let name: String
    /// The spec's properties.
    public let properties: [Property]

    /// A suite of `properties` named `name`.
    public init(_ name: String, properties: [Property]) {
        self.name = name
        self.properties = properties.map { $0.listed(in: name) }
    }
}
