/// Where a generator's decisions come from, and the record of the decisions it made.
///
/// Generators never touch randomness directly: they ask the source for bounded integer *choices*
/// (`0...bound`, `0` the simplest), drawn from a seeded pseudo-random generator, replayed from a
/// ``ChoiceSequence``, or read from a fuzzer's bytes. Past the end of a replayed sequence or of the
/// bytes every choice is `0`, so any shortened sequence still produces a value: this is what lets the
/// shrinker delete choices freely.
///
/// While searching, one case in four is a *boundary case*, in which a draw that names favored choices
/// (range ends, their neighbours, zero and ±1) lands on one of them three times in four. Five in sixteen
/// are *reuse cases*, in which an integer or a collection's length often repeats one of its range drawn
/// earlier in the case (see ``EarlierChoices``), so that equal values and permutations show up; one in
/// sixteen is an *ascending case*, in which each integer lies above the last of its range, so that sorted
/// collections show up; one in sixteen is a *mirror case*, whose integers come back in reverse, so that
/// palindromes and reversed lists show up (see ``isMirrorCase``). Three cases in eight that are no reuse
/// or mirror case are *copy cases*, in which a collection may draw an earlier one's elements again (see
/// ``EarlierCollection``). Three of a run's first sixteen cases are *simplest-tail cases*, whose integers
/// after the first are their simplest (see ``isSimplestTailCase``). Independently, one case in four is a
/// *swarm case*, which switches some alternatives of each choice among kinds off (see
/// ``SwarmAlternatives``). What kind a case is follows from the random state it starts from, so a failing
/// case regenerates exactly.
public struct ChoiceSource {
    @usableFromInline enum Mode { case random, replay, bytes }
    /// What a search case does beyond uniform draws; see the type's discussion.
    @usableFromInline enum CaseKind: UInt8 { case plain, boundary, reuse, ascending, mirror, simplestTail }

    @usableFromInline var mode: Mode
    @usableFromInline var random: RandomSource
    @usableFromInline var prefix: [UInt64]
    @usableFromInline var bytes: [UInt8]
    @usableFromInline var position = 0
    @usableFromInline var tracksStructure: Bool
    /// Whether this case draws favored choices, repeats earlier ones or climbs; see the type's discussion.
    @usableFromInline var caseKind = CaseKind.plain
    /// The last choices a reuse or ascending case drew, with their kinds of draw.
    @usableFromInline var earlier = EarlierChoices()
    /// In how many eighths of its draws a reuse case repeats an earlier choice: three in a quarter of the
    /// reuse cases; seven in the others, whose values then come from a few distinct ones, so that two short
    /// collections hold the same values in another order or with the same sum.
    @usableFromInline var reuseShare: UInt64 = 3
    /// Whether this is a copy case, whose collections may draw an earlier one's elements again.
    @usableFromInline var copiesCollections = false
    /// Where a copy case's last collection began its elements, for a later one to draw them again; only
    /// when `holdsEarlierCollection` (a flag rather than an optional: clearing it is one store, not 160 bytes).
    @usableFromInline var earlierCollection = EarlierCollection()
    @usableFromInline var holdsEarlierCollection = false
    /// Non-zero in a swarm case, which switches some alternatives off (see ``SwarmAlternatives``).
    @usableFromInline var swarmKey: UInt64 = 0
    /// Where a swarm case's next draw site lies (see ``SwarmPlace``).
    @usableFromInline var swarmPlace = SwarmPlace()
    /// The scope every level of the recursion a swarm case is drawing shares (see ``SwarmPlace``).
    @usableFromInline var swarmLevels: UInt64 = 0
    /// Whether this is a mirror case, which draws as a plain case but for its collections' elements.
    @usableFromInline var mirrorsCollections = false
    /// What a mirror case's next draw does with the stack it keeps (see ``isMirrorCase``).
    @usableFromInline var mirrorStep = MirrorStep.outside

    /// The choices made so far, in order: replaying them reproduces the value exactly. Empty for a
    /// source that draws without recording (see ``init(random:recording:)``).
    public var recorded: [UInt64] { _recorded }
    @usableFromInline var _recorded: [UInt64] = []
    /// Whether choices are kept. The search draws without keeping them — a case's choices are
    /// regenerated from its starting random state when it fails — which saves a third of its time.
    @usableFromInline var records = true
    /// Whether draws keep nothing, drawing from the random generator without keeping choices (the search,
    /// but for its simplest-tail cases, which draw out of line): one flag that every draw tests (see
    /// ChoiceSource+OutOfLine.swift).
    @usableFromInline var keepsNothing = false
    /// Choices drawn in this case, kept or not, to cut off generators that never stop.
    @usableFromInline var drawCount = 0
    /// The upper bound of each recorded choice (only while replaying, for the shrinker).
    @usableFromInline var bounds: [UInt64] = []
    /// For each recorded choice of an integer generator, how many of its values lie below the value
    /// choice `0` makes; `0` for every other choice (only while replaying, so that the shrinker can move
    /// integers by amounts of value rather than of choice).
    @usableFromInline var shapes: [UInt64] = []
    /// For each recorded choice of an integer generator, the value choice `0` makes, as a 64-bit pattern;
    /// `0` for every other choice (only while replaying, so that the shrinker can multiply values).
    @usableFromInline var origins: [UInt64] = []
    /// Spans of choices that belong together, such as one element of a collection (only while replaying).
    @usableFromInline var spans: [ChoiceSpan] = []
    @usableFromInline var openSpans: [(start: Int, label: UInt64)] = []
    /// The random state's last word when the case started: its low seven bits are the case's size.
    @usableFromInline var sizeBits: UInt64 = 0
    /// Whether a generator asked for the case's size, since this source was made.
    @usableFromInline var readsSize = false
    /// How many levels of ``Gen/recursive(_:fileID:line:_:)`` are drawing now.
    @usableFromInline var recursionDepth = 0

    /// Why this case is not a valid test case, when a generator gave up (for example a `filter`
    /// that rejected too many values); `nil` for a valid case.
    public var rejection: String? { _rejection }
    @usableFromInline var _rejection: String?

    /// The most choices one case may make before it is cut off and treated as simplest-from-here.
    public static let choiceLimit = 1 << 16

    /// A source drawing from a pseudo-random generator seeded with `seed`, recording every choice.
    public init(seed: UInt64) {
        self.init(mode: .random, random: RandomSource(seed: seed))
    }

    /// A source drawing from `random`, recording every choice unless `recording` is `false`; `random`
    /// continues where it was.
    public init(random: RandomSource, recording: Bool = true) {
        self.init(mode: .random, random: random)
        records = recording
        keepsNothing = !recording
    }

    /// The pseudo-random generator's state now: a source made from it draws the same next case.
    public var randomState: RandomSource { random }

    /// How large this case's collections of unstated length may grow while searching, 0 to 100:
    /// generators such as `array()` draw their lengths up to it. For a generator that asks for it, the
    /// search raises it case after case, writing it into the low bits of the random state each case
    /// starts from (``startCase(size:)``), so that a case drawn again from its starting state, as a
    /// flight recorder keeps it, is the same. It decides forced choices only: a replay needs nothing but
    /// the choices.
    public mutating func size() -> Int {
        readsSize = true
        return min(Int(truncatingIfNeeded: sizeBits & 127), 100)
    }

    /// Starts a new case of the given size (0 to 100); see ``size`` and ``restart()``.
    @inlinable @inline(__always)
    public mutating func startCase(size: Int) {
        random.s3 = random.s3 & ~127 | UInt64(truncatingIfNeeded: size & 127)
        restart()
    }

    /// A source replaying `sequence`; past its end every choice is `0`.
    public init(replaying sequence: ChoiceSequence) {
        self.init(mode: .replay, random: RandomSource(seed: 0), prefix: sequence.choices, tracksStructure: true)
    }

    /// A source reading choices from raw bytes, as a fuzzer supplies them; past their end every choice is `0`.
    public init(bytes: [UInt8]) {
        self.init(mode: .bytes, random: RandomSource(seed: 0), bytes: bytes)
    }

    @usableFromInline
    init(
        mode: Mode, random: RandomSource, prefix: [UInt64] = [], bytes: [UInt8] = [],
        tracksStructure: Bool = false
    ) {
        self.mode = mode
        self.random = random
        self.prefix = prefix
        self.bytes = bytes
        self.tracksStructure = tracksStructure
        decideCaseKind()
        sizeBits = random.s3
        _recorded.reserveCapacity(64)
    }

    /// Starts a new case from the same pseudo-random stream, keeping the buffers' memory.
    @inlinable @inline(__always)
    public mutating func restart() {
        drawCount = 0
        position = 0
        decideCaseKind()
        sizeBits = random.s3
        // The search keeps no choices and tracks no structure: its restart stays a few stores.
        if records || tracksStructure || _rejection != nil { clearRecords() }
    }

    @usableFromInline
    mutating func clearRecords() {
        _recorded.removeAll(keepingCapacity: true)
        _rejection = nil
        bounds.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        openSpans.removeAll(keepingCapacity: true)
    }

    /// The recorded choices as a sequence.
    public var sequence: ChoiceSequence { ChoiceSequence(recorded) }

    /// Whether choices come from the pseudo-random generator (the search phase).
    @inlinable public var isRandom: Bool { mode == .random }

    // MARK: Drawing

    /// Draws a choice in `0...bound`, uniformly at random while searching.
    @inlinable @inline(__always)
    public mutating func draw(upTo bound: UInt64) -> UInt64 {
        guard _fastPath(keepsNothing) else { return adopt(drawOutOfLine(upTo: bound)) }
        return counted(random.next(upTo: bound))
    }

    /// Draws a choice in `0...bound` that, in a boundary case, lands on one of `favored` three times in
    /// four, so that range ends, zero and ±1 show up in the first hundred cases; in a reuse case often
    /// repeats one of the case's earlier choices of the same bound, and in an ascending case lies above the
    /// last of them. Replay ignores all three.
    ///
    /// For hand-written generators; the built-in ones keep their favored choices ready-made.
    public mutating func draw(upTo bound: UInt64, favoring favored: [UInt64]) -> UInt64 {
        draw(upTo: bound, favoring: FavoredChoices(favored.map { min($0, bound) }))
    }

    @inlinable @inline(__always)
    mutating func draw(upTo bound: UInt64, favoring favored: FavoredChoices, shape: UInt64 = 0, origin: UInt64 = 0)
        -> UInt64
    {
        guard _fastPath(keepsNothing) else {
            return adopt(drawOutOfLine(upTo: bound, favoring: favored, shape: shape, origin: origin))
        }
        return counted(searchChoice(upTo: bound, favoring: favored, shape: shape))
    }

    /// A search draw's choice in `0...bound`: uniform in a plain case, favored or repeated in the others.
    @inlinable @inline(__always)
    mutating func searchChoice(upTo bound: UInt64, favoring favored: FavoredChoices, shape: UInt64) -> UInt64 {
        let roll = random.next()
        let uniform = RandomSource.scale(roll, upTo: bound)
        guard caseKind != .plain else { return uniform }
        guard caseKind == .boundary else {
            if caseKind == .reuse {
                return reusedChoice(bound: bound, shape: shape, roll: roll, uniform: uniform, favored: favored)
            }
            return caseKind == .ascending
                ? ascendingChoice(bound: bound, shape: shape, roll: roll, uniform: uniform)
                : mirroredChoice(bound: bound, shape: shape, uniform: uniform)
        }
        // Within a boundary case three draws in four take a favored choice (`roll & 3` is not 0).
        return Mask.select(favored.pick(roll >> 2), over: uniform, where: Mask.all(Mask.isNonzero(roll & 3, below: 2)))
    }

    /// Draws a choice in `0...bound` that is `forced` while searching and read as usual while replaying.
    ///
    /// Generators use it when they decide a whole shape up front, such as a collection's length,
    /// but still want each part recorded as a separate, shrinkable choice.
    @inlinable @inline(__always)
    public mutating func draw(upTo bound: UInt64, forcing forced: UInt64) -> UInt64 {
        guard _fastPath(keepsNothing) else { return adopt(drawOutOfLine(upTo: bound, forcing: forced)) }
        return counted(min(forced, bound))
    }

    /// Marks this case invalid: the generator could not produce a value (for example, a filter rejected
    /// too many values). The runner discards invalid cases and reports when too many are discarded.
    public mutating func reject(_ reason: String) {
        if _rejection == nil { _rejection = reason }
    }

    @inlinable @inline(__always)
    mutating func record(_ choice: UInt64, bound: UInt64, shape: UInt64 = 0, origin: UInt64 = 0) -> UInt64 {
        drawCount &+= 1
        if drawCount > Self.choiceLimit { return 0 }
        guard records else { return choice }
        _recorded.append(choice)
        if tracksStructure {
            bounds.append(bound)
            shapes.append(shape)
            origins.append(origin)
        }
        return choice
    }

    @usableFromInline
    mutating func drawRecorded(upTo bound: UInt64, shape: UInt64 = 0, origin: UInt64 = 0) -> UInt64 {
        var choice: UInt64 = 0
        if mode == .replay {
            if position < prefix.count { choice = min(prefix[position], bound) }
            position += 1
        } else {
            var width = 0
            var remaining = bound
            while remaining > 0 { width += 1; remaining >>= 8 }
            var raw: UInt64 = 0
            for index in 0..<width where position + index < bytes.count {
                raw |= UInt64(bytes[position + index]) << (8 * UInt64(index))
            }
            position += width
            choice = bound == .max ? raw : raw % (bound + 1)
        }
        return record(choice, bound: bound, shape: shape, origin: origin)
    }
}
