/// Where a draw site lies in a *swarm case*, which names the site whose alternatives
/// ``SwarmAlternatives`` switches off: the choices drawn around it and its order among the sites beside
/// them, never the file and line of its code. So moving a spec's code — a comment added above its
/// `oneOf`, a generator moved into a closure — does not change what a seed finds.
///
/// A case starts in the root scope. Each `oneOf`, `frequency` and ``Generator/optional``, each
/// collection, recursion, `filter` and state machine takes the next place in the scope it is drawn in. The
/// alternative a `oneOf` picked (and a state machine's command) draws in a scope of its own; a
/// collection's elements share one scope, as do a recursion's levels and a filter's attempts, so a
/// `oneOf` drawing each element of a list switches the same alternatives off for every element.
/// Outside swarm cases nothing is tracked.
@usableFromInline
struct SwarmPlace: Sendable {
    /// The scope: a hash of the places and choices around it, `0` at the root.
    @usableFromInline var scope: UInt64 = 0
    /// How many places in the scope were taken before this one.
    @usableFromInline var ordinal: UInt64 = 0

    /// The place first in `scope`.
    @usableFromInline
    init(scope: UInt64 = 0) {
        self.scope = scope
    }

    /// The site at this place (`0` at the root's first place).
    var site: UInt64 { RandomSource.mix(scope ^ ordinal &* 0x9E37_79B9_7F4A_7C15) }

    /// The first place in the scope of alternative `index` picked at `site`.
    static func inAlternative(_ index: Int, at site: UInt64) -> SwarmPlace {
        SwarmPlace(scope: RandomSource.mix(site ^ (UInt64(truncatingIfNeeded: index) &+ 1) &* 0xC2B2_AE3D_27D4_EB4F))
    }

    /// The scope shared by the parts drawn again and again at `site`: elements, levels, attempts.
    static func scope(ofPartsAt site: UInt64) -> UInt64 { RandomSource.mix(site ^ 0x5041_5254_5341_5245) }
}

extension ChoiceSource {
    /// Takes the next place in this swarm case's scope and returns its site; `nil` in any other case.
    @inline(__always)
    mutating func takeSwarmSite() -> UInt64? {
        guard swarmKey != 0 else { return nil }
        return takeSwarmPlace()
    }

    mutating func takeSwarmPlace() -> UInt64 {
        defer { swarmPlace.ordinal &+= 1 }
        return swarmPlace.site
    }

    /// Enters the scope of alternative `index` picked at `site` (`nil` outside swarm cases), returning
    /// the place to go back to once the alternative is drawn.
    mutating func enterSwarmScope(ofAlternative index: Int, at site: UInt64?) -> SwarmPlace {
        let outer = swarmPlace
        if let site { swarmPlace = .inAlternative(index, at: site) }
        return outer
    }

    /// Takes the next place for parts drawn again and again — a collection's elements, a filter's
    /// attempts — and returns the scope they share (`0` outside swarm cases; see ``enterSwarmPart(_:)``).
    @inline(__always)
    mutating func takeSwarmParts() -> UInt64 {
        guard swarmKey != 0 else { return 0 }
        return SwarmPlace.scope(ofPartsAt: takeSwarmPlace())
    }

    /// Starts one more of the parts whose scope `parts` is, at its first place.
    @inline(__always)
    mutating func enterSwarmPart(_ parts: UInt64) {
        if swarmKey != 0 { swarmPlace = SwarmPlace(scope: parts) }
    }
}

extension ChoiceSource {
    /// Draws the outermost level of a recursion: takes the next place, whose scope every level of the
    /// recursion shares (see ``drawingSwarmLevel(_:)``).
    mutating func drawingSwarmLevels<Value>(_ draw: (inout ChoiceSource) -> Value) -> Value {
        guard swarmKey != 0 else { return draw(&self) }
        let outerLevels = swarmLevels
        swarmLevels = takeSwarmParts()
        let outer = swarmPlace
        defer { (swarmPlace, swarmLevels) = (outer, outerLevels) }
        return draw(&self)
    }

    /// Draws one level of a recursion in the scope all its levels share, so that a `oneOf` in every
    /// level — the kinds of node of a tree — switches the same alternatives off at every level.
    mutating func drawingSwarmLevel<Value>(_ draw: (inout ChoiceSource) -> Value) -> Value {
        guard swarmKey != 0 else { return draw(&self) }
        let outer = swarmPlace
        swarmPlace = SwarmPlace(scope: swarmLevels)
        defer { swarmPlace = outer }
        return draw(&self)
    }
}
