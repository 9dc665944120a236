import Foundation

/// One `tally mutate` run: plans the mutants, builds them into one scratch build (dropping the sites that
/// do not compile), measures the unmutated requirements, runs every mutant not cached or reviewed as
/// equivalent, and gathers the results. After a ``MutationStop`` the mutants not judged are not run.
struct MutationSession {
    let package: PackageTargets
    let targets: [String]
    let jobs: Int
    /// `tally`, or the package's own tool that runs Tally's command line, as printed commands name it.
    let toolName: String
    let console: Console
    let stop: MutationStop
    let isPartial: Bool
    var plan: MutationPlan
    let cache: MutationCache
    let equivalents: EquivalentMutants
    /// Per target, the digest of everything its mutants' outcomes depend on.
    let digests: [String: String]
    /// Per target, the digest of its own sources and of the schema helpers: all that decides whether
    /// a schema compiles.
    let compileDigests: [String: String]
    /// The test targets whose tests reach the mutated targets: the package's tests judge what the
    /// requirements do not notice (``MutationTests``). Empty: the requirements alone judge.
    let testTargets: [String]
    /// How long a run of those tests may go with no test starting or ending (``QuietTestRun``), and,
    /// given a longer limit, the command that runs this mutation again with it.
    let testQuietLimit: (seconds: Double, again: @Sendable (String) -> String)

    init(
        package: PackageTargets, targets: [String], changedLines: [String: Set<Int>]?, tablesDirectory: String,
        jobs: Int, toolName: String,
        console: Console, stop: MutationStop, testsJudge: Bool = true,
        testQuietLimit: (seconds: Double, again: @Sendable (String) -> String)
    ) throws {
        self.testQuietLimit = testQuietLimit
        self.package = package
        self.stop = stop
        self.targets = targets
        self.jobs = jobs
        self.toolName = toolName
        self.console = console
        isPartial = changedLines != nil
        plan = try MutationPlan(targets: targets, package: package, changedLines: changedLines)
        cache = MutationCache(path: package.root + "/.tally/mutate/results.json")
        equivalents = try EquivalentMutants.load(root: package.root)
        let testTargets = Set(targets.flatMap { MutationTests.testTargets(reaching: $0, in: package) }).sorted()
        if !testsJudge, !testTargets.isEmpty {
            console.out(
                "The tests of \(testTargets.joined(separator: ", ")) do not judge "
                    + "(\(MutateCommand.testsVariable)=off): "
                    + "a mutant the requirements let through survives")
        }
        self.testTargets = testsJudge ? testTargets : []
        // Whether a schema compiles depends on the helpers tally mutate declares for it too; an outcome,
        // on the tests that judge it as well.
        digests = try Dictionary(
            targets.map { target in
                let digest = try MutationCache.digest(of: target, package: package, tablesDirectory: tablesDirectory)
                let tests =
                    testTargets.isEmpty
                    ? ""
                    : "-"
                        + MutationCache.digest(
                            ofSources: testTargets.flatMap { [$0] + package.closure(of: $0) }, package: package)
                return (target, digest + SchemaSupport.fingerprint + tests)
            }
        ) { first, _ in first }
        compileDigests = Dictionary(
            targets.map { target in
                (target, MutationCache.digest(ofSources: [target], package: package) + SchemaSupport.fingerprint)
            }
        ) { first, _ in first }
    }

    func cached(_ mutant: Mutant) -> MutantOutcome? {
        if let outcome = cache.outcome(of: mutant, digest: digests[mutant.target] ?? "") { return outcome }
        let uncompiled = cache.outcome(of: mutant, digest: compileDigests[mutant.target] ?? "")
        return uncompiled?.status == .notCompiled ? uncompiled : nil
    }

    mutating func run() async throws -> MutationResults {
        let everything = plan.render()
        let files = Set(everything.mutants.map(\.file)).count
        console.out(
            "Mutating \(targets.joined(separator: ", ")): \(everything.mutants.count) mutants "
                + "in \(files) file\(files == 1 ? "" : "s")"
                + (isPartial ? ", on the lines changed" : ""))
        // A run on the changed lines sees only their mutants: it judges only entries whose file is gone.
        let packageFiles = Set(package.targets.keys.flatMap(package.sourceFiles(of:)))
        let stale = equivalents.stale(
            among: everything.mutants, files: isPartial ? [] : Set(plan.files.map(\.path)), packageFiles: packageFiles)
        guard stale.isEmpty else {
            throw MutationError(
                stale.map { equivalents.staleness(of: $0, packageFiles: packageFiles) }.joined(separator: "\n"))
        }
        let uncompiled = everything.mutants.filter { cached($0)?.status == .notCompiled }
        let preDropped = Set(uncompiled.compactMap { everything.siteOfMutant[$0.id] })
        plan.dropped = preDropped
        // Rendering the plan takes a while on a large target: again only when sites were dropped.
        var rendering = preDropped.isEmpty ? everything : plan.render()
        var buildSeconds = 0.0, runSeconds = 0.0
        var fresh: [Int: MutantOutcome] = [:]
        if rendering.mutants.contains(where: { cached($0) == nil && equivalents.reason(for: $0) == nil }) {
            let scratch = ScratchBuild(
                package: package, directory: package.root + "/.tally/mutate",
                product: try package.commandLineExecutable())
            (rendering, buildSeconds) = try build(scratch, rendering: rendering)
            let start = Date()
            if !stop.isStopping {
                fresh = try await runMutants(
                    rendering.mutants.filter { cached($0) == nil && equivalents.reason(for: $0) == nil },
                    scratch: scratch)
            }
            runSeconds = Date().timeIntervalSince(start)
        }
        var results: [MutationResults.Result] = []
        for mutant in rendering.mutants {
            if let reason = equivalents.reason(for: mutant) {
                results.append(
                    .init(mutant: mutant, outcome: MutantOutcome(status: .equivalent, by: [reason]), cached: false))
            } else if let outcome = fresh[mutant.id] {
                cache.record(mutant, outcome, digest: digests[mutant.target] ?? "")
                results.append(.init(mutant: mutant, outcome: outcome, cached: false))
            } else if let outcome = cached(mutant) {
                results.append(.init(mutant: mutant, outcome: outcome, cached: true))
            } else if let stopped = stop.description {
                results.append(
                    .init(
                        mutant: mutant,
                        outcome: MutantOutcome(status: .notRun, by: ["the run was \(stopped) before it was judged"]),
                        cached: false))
            } else {
                throw MutationError(
                    "mutant \(mutant.key) was neither run nor found in the cache; run tally mutate again")
            }
        }
        let wasCached = Set(
            everything.mutants.filter { everything.siteOfMutant[$0.id].map(preDropped.contains) ?? false }.map(\.key))
        for mutant in everything.mutants where wasCached.contains(mutant.key) {
            if let site = everything.siteOfMutant[mutant.id] { plan.dropReasons[site] = cached(mutant)?.by.first }
        }
        for (mutant, reason) in plan.droppedMutants {
            let outcome = MutantOutcome(status: .notCompiled, by: reason.map { [$0] } ?? [])
            cache.record(mutant, outcome, digest: compileDigests[mutant.target] ?? "")
            results.append(.init(mutant: mutant, outcome: outcome, cached: wasCached.contains(mutant.key)))
        }
        try cache.save()
        results.sort {
            ($0.mutant.file, $0.mutant.line, $0.mutant.column, $0.mutant.key) < (
                $1.mutant.file, $1.mutant.line, $1.mutant.column, $1.mutant.key
            )
        }
        return MutationResults(
            results: results, targets: targets, command: "", buildSeconds: buildSeconds, runSeconds: runSeconds,
            wallSeconds: 0, mutantsRun: fresh.values.filter { $0.status != .notRun }.count, jobs: jobs,
            stopped: stop.description)
    }

    /// Builds the schemata, `rendering` the plan as it stands, dropping the sites the compiler refuses
    /// and rendering the plan again, until the build succeeds.
    mutating func build(_ scratch: ScratchBuild, rendering first: MutationPlan.Rendering) throws -> (
        MutationPlan.Rendering, Double
    ) {
        var seconds = 0.0
        console.out("Building the mutants into one scratch build under .tally/mutate/ …")
        // A target the tool does not link (a package whose tests are its only requirements) compiles
        // only with the tests: its schemata are checked there.
        let linked = package.closure(of: scratch.product)
        let withTests = !targets.allSatisfy(linked.contains)
        for round in 0..<25 {
            let rendering = round == 0 ? first : plan.render()
            try scratch.sync(replacing: rendering.files)
            let result = try scratch.build(tests: withTests)
            seconds += result.seconds
            if result.stopped || stop.isStopping {
                console.out(String(format: "Build %@ after %.1f s", stop.description ?? "stopped", seconds))
                return (rendering, seconds)
            }
            if result.succeeded {
                console.out(String(format: "Built %d mutants in %.1f s", rendering.mutants.count, seconds))
                return (rendering, seconds)
            }
            let before = plan.dropped.count
            var unexplained: [ScratchBuild.CompilerError] = []
            for error in result.errors
            where !plan.drop(
                errorIn: error.path, line: error.line, column: error.column, message: error.message,
                rendering: rendering)
            {
                unexplained.append(error)
            }
            if plan.dropped.count == before && !unexplained.isEmpty || result.errors.isEmpty {
                let shown =
                    unexplained.isEmpty
                    ? result.output.split(separator: "\n").suffix(15).joined(separator: "\n")
                    : unexplained.prefix(5).map { "\($0.path):\($0.line):\($0.column): error: \($0.message)" }.joined(
                        separator: "\n")
                throw MutationError(
                    "the scratch build failed outside any mutant; does `swift build` succeed?\n\(shown)")
            }
            let dropped = plan.dropped.count - before
            console.out("  \(dropped) mutant site\(dropped == 1 ? "" : "s") did not compile; building again without")
        }
        throw MutationError("the scratch build kept failing after 25 rounds of dropping mutants that did not compile")
    }

    /// Measures each target's unmutated requirements, then runs `mutants` with their time limits.
    func runMutants(_ mutants: [Mutant], scratch: ScratchBuild) async throws -> [Int: MutantOutcome] {
        let runner = MutantRunner(executable: scratch.executable, jobs: jobs, stop: stop)
        var limits: [String: (modules: [String], seconds: Double)] = [:]
        for target in Set(mutants.map(\.target)).sorted() {
            let specs = try package.specs(testing: target)
            // No spec reaches it: its tests alone judge its mutants.
            if specs.isEmpty { continue }
            // The worker finds a spec's properties by the module their `#fileID` names.
            let modules = specs.map(package.moduleName(of:))
            let unmutated = try runner.run(modules: modules)
            if unmutated.stopped || stop.isStopping { return [:] }
            let baseline = MutantOutcome(worker: unmutated)
            guard baseline.status == .survived else {
                throw MutationError(
                    "the requirements of \(specs.joined(separator: ", ")) fail without any mutant, "
                        + "so no mutant can be judged:\n"
                        + baseline.by.prefix(5).map { "  \($0)" }.joined(separator: "\n")
                        + "\nRun `swift run \(toolName) check` and fix them first.")
            }
            limits[target] = (modules, 2 * baseline.seconds + 5)
            console.out(
                "Unmutated requirements of \(specs.joined(separator: ", ")): "
                    + String(
                        format: "%.2f s (time limit per mutant %.1f s)", baseline.seconds, 2 * baseline.seconds + 5))
        }
        let bySpecs = mutants.filter { limits[$0.target] != nil }
        var outcomes: [Int: MutantOutcome] = [:]
        if !bySpecs.isEmpty {
            console.out("Running \(bySpecs.count) mutants, \(jobs) at a time …")
            outcomes = await runRequirements(bySpecs, limits: limits, runner: runner)
        }
        for mutant in mutants where limits[mutant.target] == nil {
            outcomes[mutant.id] = MutantOutcome(status: .survived)
        }
        guard !testTargets.isEmpty, !stop.isStopping else { return outcomes }
        return try await judgeByTests(
            mutants.filter { outcomes[$0.id]?.status == .survived }, outcomes: outcomes, scratch: scratch)
    }

    /// Judges `survivors`, which no requirement noticed, by the package's tests that reach each.
    private func judgeByTests(_ survivors: [Mutant], outcomes: [Int: MutantOutcome], scratch: ScratchBuild) async throws
        -> [Int: MutantOutcome]
    {
        guard !survivors.isEmpty else { return outcomes }
        // Built only now: a run whose requirements notice every mutant never builds the tests.
        console.out(
            "\(survivors.count) mutant\(survivors.count == 1 ? "" : "s") left for the tests; "
                + "building the tests into the scratch build …")
        // Stopped before the tests judged: the survivors are not judged, never cached as survived.
        let unjudged = outcomes.filter { id, _ in !survivors.contains { $0.id == id } }
        let built = try scratch.build(tests: true)
        if built.stopped || stop.isStopping { return unjudged }
        guard built.succeeded else {
            throw MutationError(
                "the tests did not build with the mutants in the scratch copy:\n"
                    + built.output.split(separator: "\n").suffix(10).joined(separator: "\n"))
        }
        console.out(
            String(
                format: "Built the tests in %.1f s; running %@ once, to see which tests reach each mutant …",
                built.seconds, testTargets.joined(separator: ", ")))
        let tests: MutationTests
        do {
            tests = try await MutationTests.reaching(
                TestBinary.find(in: scratch.buildDirectory + "/debug"),
                modules: testTargets.map(package.moduleName(of:)), folder: scratch.directory,
                jobs: jobs, quietLimit: testQuietLimit.seconds, again: testQuietLimit.again)
        } catch  where stop.isStopping {
            return unjudged
        }
        if let note = tests.idleNote { console.out(note) }
        let limit = 2 * tests.seconds + 5
        console.out(
            String(
                format:
                    "Unmutated tests: %.2f s (time limit per mutant %.1f s); "
                    + "judging %d mutants the requirements did not notice …",
                tests.seconds, limit, survivors.count))
        var outcomes = outcomes
        let judged = LockedValue<[Int: MutantOutcome]>([:])
        let digests = digests, stop = stop
        await onThreads(jobs, taking: survivors, until: { stop.isStopping }) { [cache] mutant in
            let outcome: MutantOutcome
            do {
                outcome = try tests.judge(mutant, timeLimit: limit)
            } catch {
                // Not judged, and saying why (a filter that ran no test, a binary that did not start): never a pass.
                outcome = MutantOutcome(status: .notRun, by: ["\(error)"])
            }
            // Cut short by a stop: not judged, and the summary says the run was stopped.
            if outcome.status == .notRun && stop.isStopping { return }
            cache.record(mutant, outcome, digest: digests[mutant.target] ?? "", saveAfter: 2)
            judged.withLock { $0[mutant.id] = outcome }
        }
        for (id, outcome) in judged.withLock({ $0 }) { outcomes[id] = outcome }
        // PIT runs the tests that cover a mutant; Muter, every test for every mutant.
        let run = survivors.map(tests.testsToRun).reduce(0, +)
        console.out(
            "Tests judged \(survivors.count) mutants with at most \(run) test runs; "
                + "every test for every mutant would be \(survivors.count * tests.total)")
        // Not judged by the tests before a stop: not judged at all, never cached as survived.
        for mutant in survivors where judged.withLock({ $0[mutant.id] }) == nil { outcomes[mutant.id] = nil }
        return outcomes
    }

    /// Runs `mutants` against their specs' requirements with their time limits.
    private func runRequirements(
        _ mutants: [Mutant], limits: [String: (modules: [String], seconds: Double)], runner: MutantRunner
    ) async -> [Int: MutantOutcome] {
        let digests = digests, console = console, start = Date(), done = LockedValue(0),
            testsJudge = !testTargets.isEmpty
        return await runner.run(mutants.map { ($0, limits[$0.target]!.modules, limits[$0.target]!.seconds) }) {
            [cache] mutant, outcome in
            // A survivor is the tests' to judge: cached once they have.
            if !(testsJudge && outcome.status == .survived) {
                cache.record(mutant, outcome, digest: digests[mutant.target] ?? "", saveAfter: 2)
            }
            let current = done.withLock { count in
                count += 1
                return count
            }
            // A line each tenth of the way.
            if (1...10).contains(where: { mutants.count * $0 / 10 == current }) {
                let seconds = Date().timeIntervalSince(start)
                console.out(String(format: "  %d/%d mutants run, %.0f s", current, mutants.count, seconds))
            }
        }
    }
}
