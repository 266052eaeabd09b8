// History (section 4b) in a machine with regions: what is recorded on exit, and the entry by
// history. Copied into each generated machine that has a parallel state and history.

extension FSMMachineRuntime {
    /// The states entered below `node`, in document order: by its history when `history` is given
    /// or it has `initial history`, if it has a record and the child recorded is not a final state
    /// (shallow: the recorded children, each by its default entry; deep: every recorded state);
    /// else by its default entry: every region of a parallel state, the initial child of another.
    func entry(below node: FSMMachine.State.Type, by history: FSMMachineHistory?) -> [FSMMachine.State.Type] {
        if let kind = history ?? node.initialHistory, let record = self.history[node.number],
            !record.contains(where: { $0.isFinal && $0.parent?.number == node.number })
        {
            switch kind {
            case .deep: return record
            case .shallow:
                return record.filter { $0.parent?.number == node.number }.flatMap { [$0] + entry(below: $0, by: nil) }
            }
        }
        if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0, by: nil) } }
        guard let child = node.initial else { return [] }
        return [child] + entry(below: child, by: nil)
    }

    /// Records, for each state of `exiting` that records history, the active states inside it.
    mutating func record(exiting: [FSMMachine.State.Type]) {
        for state in exiting where state.recordsHistory {
            history[state.number] = configuration.filter { Self.isProperDescendant($0, of: state) }
        }
    }
}
