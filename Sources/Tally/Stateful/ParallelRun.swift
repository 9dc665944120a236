/// One run of a parallel program under Tally's scheduler: the program, the calls as they happened, and
/// whether some sequential order of them explains every response.
///
/// Its description is the counterexample a failing parallel state machine prints: the prefix, a table
/// with one column per client and one row per event (a call starting `▶`, a response `◀`), and the
/// schedule.
public struct ParallelRun<Model: Sendable & CustomStringConvertible, System>: CustomStringConvertible {
    /// The program that ran.
    public let program: ParallelProgram<Model, System>
    let interleaving: Interleaving<ParallelOutcome<Model>>
    /// Where the machine is declared: failures without a place of their own point there.
    let fileID: String
    let line: Int

    /// Throws a ``PropertyFailure`` saying what went wrong, unless the run was checked and holds.
    public func check() throws(PropertyFailure) {
        let outcome: ParallelOutcome<Model>
        do { outcome = try interleaving.outcome } catch {
            throw PropertyFailure(error.message, fileID: fileID, line: line)
        }
        if let failure = outcome.prefixFailure { throw failure }
        for call in outcome.calls {
            guard case .failure(let error)? = call.response else { continue }
            throw PropertyFailure("\(name(of: call)) threw \(error)", fileID: fileID, line: line)
        }
        if let disagreement = outcome.disagreement {
            throw PropertyFailure(explain(disagreement, outcome.calls), fileID: fileID, line: line)
        }
        if let failure = outcome.invariantFailure { throw failure }
    }

    /// How many of the run's scheduling decisions departed from first-in-first-out order.
    public var preemptions: Int { interleaving.preemptions }

    /// The prefix with the model after each step, the table of the concurrent calls, and the schedule.
    public var description: String {
        var lines = Program<Model, System>.listing(program.start, program.prefix)
        lines.append("then at once:")
        lines += table((try? interleaving.outcome)?.calls ?? [])
        lines.append("schedule: \(interleaving.steps.scheduleText)")
        return lines.joined(separator: "\n")
    }

    /// `client 2: authorize($0.01)`.
    private func name(of call: RecordedCall) -> String {
        "client \(call.client + 1): \(program.clients[call.client][call.step].description)"
    }

    private func explain(_ disagreement: Linearizability<Model>.Disagreement?, _ calls: [RecordedCall]) -> String {
        let head =
            "no order of the concurrent calls explains their responses (each call may come only after the calls that "
            + "finished before it started)"
        guard let disagreement else { return head }
        let explained = disagreement.explained.map { "\(name(of: calls[$0])) → \(response(calls[$0]))" }
        let call = calls[disagreement.call]
        let context = explained.isEmpty ? "first" : "after " + explained.joined(separator: ", then ")
        return
            "\(head). Closest: \(context), \(name(of: call)) answered \(response(call)); "
            + "the model expects \(disagreement.expected)"
    }

    private func response(_ call: RecordedCall) -> String {
        switch call.response {
        case .success(let response)?: response.description
        case .failure(let error)?: "threw \(error)"
        case nil: "(no response)"
        }
    }

    /// One row per event: `▶ command` where a call starts, `◀ response` where it returns.
    private func table(_ calls: [RecordedCall]) -> [String] {
        var rows: [(position: Int, client: Int, text: String)] = []
        for call in calls {
            rows.append((call.invoked, call.client, "▶ \(program.clients[call.client][call.step].description)"))
            if call.response != nil { rows.append((call.responded, call.client, "◀ \(response(call))")) }
        }
        rows.sort { $0.position < $1.position }
        let columns = program.clients.count
        let width = (rows.map(\.text.count).max() ?? 0) + 3
        func padded(_ text: String) -> String { text + String(repeating: " ", count: max(width - text.count, 0)) }
        let number = String(rows.count).count + 2
        let header = String(repeating: " ", count: number) + (0..<columns).map { padded("client \($0 + 1)") }.joined()
        let body = rows.enumerated().map { index, row in
            let label = "\(index + 1)."
            let cells = (0..<columns).map { $0 == row.client ? padded(row.text) : padded("") }.joined()
            return (label + String(repeating: " ", count: number - label.count) + cells).trailingSpacesRemoved
        }
        return [header.trailingSpacesRemoved] + body
    }
}

/// What the scheduled operation of a parallel run reports back.
struct ParallelOutcome<Model>: Sendable where Model: Sendable {
    /// The first prefix step that failed.
    var prefixFailure: PropertyFailure?
    /// The calls of the concurrent part.
    var calls: [RecordedCall] = []
    /// Where the search for an explaining order got furthest, when there is none.
    var disagreement: Linearizability<Model>.Disagreement?
    /// The invariant's failure after the concurrent part, checked against the explaining order's model.
    var invariantFailure: PropertyFailure?
}

extension String {
    var trailingSpacesRemoved: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
