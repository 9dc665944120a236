/// The concrete generator types that Tally's constructors and combinators return.
///
/// You rarely name them: `Gen.int(in: 0...9)` is a ``Generators/Integer``, and `.map { … }` on it a
/// ``Generators/Map``. They exist so that a composed generator compiles to one specialized function;
/// erase one with `Gen(_:)` to store it under a named type.
public enum Generators {}
