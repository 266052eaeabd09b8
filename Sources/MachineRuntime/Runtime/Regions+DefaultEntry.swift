// The default entry of a machine with regions and without history. Copied into each generated
// machine that has a parallel state and no history.

extension FSMMachineRuntime {
    /// The states the default entry of `node` enters below it, in document order: every region of a
    /// parallel state, the initial child of another, each by its own default entry.
    func entry(below node: FSMMachine.State.Type) -> [FSMMachine.State.Type] {
        if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0) } }
        guard let child = node.initial else { return [] }
        return [child] + entry(below: child)
    }
}
