// Which states lie inside which, for the general step and history. Copied into each generated
// machine with a parallel state that has a general step or history.

extension FSMMachineRuntime {
    /// Whether `state` lies inside `node` and is not `node`; every state lies inside the machine (`nil`).
    static func isProperDescendant(_ state: FSMMachine.State.Type, of node: FSMMachine.State.Type?) -> Bool {
        guard let node else { return true }
        var ancestor = state.parent
        while let current = ancestor {
            if current.number == node.number { return true }
            ancestor = current.parent
        }
        return false
    }
}
