import Testing

/// Checks `body` on the two parts of each pair that `pairs` makes, as
/// ``forAll(_:name:fileID:function:sourceLocation:_:)`` does for two generators: a `forAll` written
/// around a zip, the way a newcomer writes it, takes the pair's parts as parameters.
///
/// ```swift
/// await forAll(Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...100))) { cents, percent in
///     let discount = (cents * percent + 50) / 100
///     #expect(cents - discount + discount == cents)
/// }
/// ```
public func forAll<Pairs: Generator, A, B>(
    _ pairs: Pairs,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (A, B) throws -> Void
) async where Pairs.Value == (A, B) {
    await forAll(pairs, name: name, fileID: fileID, function: function, sourceLocation: sourceLocation) { pair in
        try body(pair.0, pair.1)
    }
}

/// Checks an asynchronous `body` on the two parts of each pair that `pairs` makes; see the synchronous
/// ``forAll(_:name:fileID:function:sourceLocation:_:)-(Pairs,_,_,_,_,_)``.
public func forAll<Pairs: Generator, A, B>(
    _ pairs: Pairs,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (A, B) async throws -> Void
) async where Pairs.Value == (A, B) {
    await forAll(pairs, name: name, fileID: fileID, function: function, sourceLocation: sourceLocation) { pair in
        try await body(pair.0, pair.1)
    }
}

/// Checks `body` on the three parts of each triple that `triples` makes; see the pairs' form,
/// ``forAll(_:name:fileID:function:sourceLocation:_:)-(Pairs,_,_,_,_,_)``.
public func forAll<Triples: Generator, A, B, C>(
    _ triples: Triples,
    name: String? = nil,
    fileID: String = #fileID, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (A, B, C) throws -> Void
) async where Triples.Value == (A, B, C) {
    await forAll(triples, name: name, fileID: fileID, function: function, sourceLocation: sourceLocation) { triple in
        try body(triple.0, triple.1, triple.2)
    }
}
