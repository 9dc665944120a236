extension FuzzPropertyOutcome {
    /// The run of one property as a shard's `summary.json` reports it, run by `shard`: what the fuzz's
    /// report writers take, so that a merged report is written by the same writers as a shard's.
    /// A property the report says failed, but not how (a hand-edited or damaged file), stays failing.
    init(reported property: FuzzReportJSON.Property, shard: String) {
        self.init(name: property.name, cases: property.cases, seconds: property.seconds, labels: property.labels)
        self.shard = shard
        notRun = property.notRun
        interrupted = property.interrupted
        gaveUp = property.gaveUp
        if let failure = property.failure {
            finding = FuzzFinding(
                kind: FuzzFinding.Kind(rawValue: failure.kind) ?? .failure, token: failure.token, value: failure.value,
                original: failure.value,
                failure: failure.message, shrinkSteps: failure.shrinkSteps,
                shrinkNote: failure.shrinkNote.isEmpty ? nil : failure.shrinkNote,
                isNew: failure.isNew,
                foundFirst: failure.foundFirst.map { .init(value: $0.value, failure: $0.message, token: $0.token) })
        } else if property.isFailing && gaveUp == nil {
            gaveUp = "shard \(shard)'s report says it failed, but not how"
        }
    }
}
