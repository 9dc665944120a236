/// The concrete generator types that Tally's constructors and combinators return, so that a composed
/// generator compiles to one specialized function; erase one with `Gen(_:)` to store it under a named type.
public enum Generators {}
