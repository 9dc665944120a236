import Claims

extension ClaimLine {
    /// This line with the fields given changed, the others kept; this line itself when the change makes
    /// no valid line (an allowed amount above the billed one).
    func changing(
        id: String? = nil, member: String? = nil, date: ServiceDate? = nil, category: ServiceCategory? = nil,
        network: Network? = nil,
        provider: String? = nil, billed: Money? = nil, allowed: Money? = nil
    ) -> ClaimLine {
        (try? ClaimLine(
            id: id ?? self.id, member: member ?? self.member, date: date ?? self.date,
            category: category ?? self.category,
            network: network ?? self.network, provider: provider ?? self.provider, billed: billed ?? self.billed,
            allowed: allowed ?? self.allowed)) ?? self
    }
}
