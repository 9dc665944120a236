/// A robot: one head and one body.
public struct Robot: Hashable, Sendable, CustomStringConvertible {
    /// The head's name.
    public let head: String
    /// The body's name.
    public let body: String

    /// A robot of `head` and `body`.
    public init(head: String, body: String) {
        self.head = head
        self.body = body
    }

    /// `head-body`.
    public var description: String { "\(head)-\(body)" }
}

/// The parts the robots API supplies.
public struct RobotParts: Hashable, Sendable {
    /// Heads, in the order supplied.
    public var heads: [String]
    /// Bodies, in the order supplied.
    public var bodies: [String]

    /// Parts of these heads and bodies.
    public init(heads: [String], bodies: [String]) {
        self.heads = heads
        self.bodies = bodies
    }
}

/// The parts API, as a struct of closures: a model-defined interface rather than a protocol and a mock
/// class. Tests build one from a closure; production builds one from a network client.
public struct RobotsAPI: Sendable {
    /// Fetches the parts.
    public var fetchParts: @Sendable () async throws -> RobotParts

    /// An API from its one operation.
    public init(fetchParts: @escaping @Sendable () async throws -> RobotParts) {
        self.fetchParts = fetchParts
    }
}

/// Where assembled robots are kept.
public struct RobotsStorage: Sendable {
    /// Stores robots (replacing what was stored).
    public var store: @Sendable ([Robot]) async throws -> Void
    /// Fetches the stored robots.
    public var fetch: @Sendable () async throws -> [Robot]

    /// A storage from its two operations.
    public init(
        store: @escaping @Sendable ([Robot]) async throws -> Void, fetch: @escaping @Sendable () async throws -> [Robot]
    ) {
        self.store = store
        self.fetch = fetch
    }

    /// A storage in memory, behind an actor.
    public static func inMemory(_ robots: [Robot] = []) -> RobotsStorage {
        let box = RobotBox(robots)
        return RobotsStorage(store: { await box.set($0) }, fetch: { await box.robots })
    }
}

private actor RobotBox {
    var robots: [Robot]
    init(_ robots: [Robot]) { self.robots = robots }
    func set(_ robots: [Robot]) { self.robots = robots }
}

/// Assembles robots: stored robots when there are any, otherwise robots built from the API's parts,
/// the first head with the first body and so on, stored and returned.
///
/// Callers that arrive while robots are being assembled wait for that assembly and get its robots:
/// the API is asked once, and every caller gets what storage holds, however the calls interleave.
public struct RobotsService: Sendable {
    let api: RobotsAPI
    let storage: RobotsStorage
    private let assembly = Assembly()

    /// A service using `api` and `storage`.
    public init(api: RobotsAPI, storage: RobotsStorage) {
        self.api = api
        self.storage = storage
    }

    /// The robots: from storage when it has some, else assembled from fresh parts.
    public func robots() async throws -> [Robot] {
        try await assembly.join { [api, storage] in
            let stored = try await storage.fetch()
            guard stored.isEmpty else { return stored }
            let parts = try await api.fetchParts()
            let robots = zip(parts.heads, parts.bodies).map { Robot(head: $0, body: $1) }
            try await storage.store(robots)
            return try await storage.fetch()
        }
    }
}

/// Runs one assembly at a time; callers arriving meanwhile wait for its result instead of starting
/// another (a single flight).
private actor Assembly {
    private var waiting: [CheckedContinuation<Result<[Robot], any Error>, Never>]?

    func join(_ assemble: @Sendable () async throws -> [Robot]) async throws -> [Robot] {
        if waiting != nil {
            return try await withCheckedContinuation { waiting?.append($0) }.get()
        }
        waiting = []
        let result: Result<[Robot], any Error>
        do { result = .success(try await assemble()) } catch { result = .failure(error) }
        let waiters = waiting ?? []
        waiting = nil
        waiters.forEach { $0.resume(returning: result) }
        return try result.get()
    }
}
