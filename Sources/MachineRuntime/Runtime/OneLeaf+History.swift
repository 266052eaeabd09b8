// History (section 4b) in a machine without parallel states. It has one active leaf, so the states
// active inside a state S when it was exited are the path from S down to that leaf: the record of
// S is the leaf alone (`history[S]`), its child on that path the shallow history, the whole path the
// deep one. Copied into each generated machine without parallel states that has history.

extension FSMMachineLeafRuntime {
    /// Enters what lies below `state`, which has just been entered, and returns the leaf reached.
    /// By its history when `history` is given or `state` has `initial history`, if it has a record
    /// and the child recorded is not a final state (that child had completed `state`): shallow
    /// history enters the recorded child, deep history every recorded state down to the recorded
    /// leaf. Otherwise by its default entry: its initial child. A child entered is in turn entered
    /// by its own default entry, which may be its `initial history`. `records` are the machine's
    /// history records: given as an argument, so that no access to the machine's state spans the
    /// entry activities this calls.
    @inline(never)
    static func enterInside(
        _ state: FSMMachine.State.Type, by history: FSMMachineHistory?,
        // with machine: records: [FSMMachine.StateID: FSMMachine.State.Type], _ machine: FSMMachine, _ actions: any FSMMachineActions
        records: [FSMMachine.StateID: FSMMachine.State.Type], _ actions: any FSMMachineActions
    ) -> FSMMachine.State.Type {
        var state = state
        var history = history
        while true {
            if let kind = history ?? state.initialHistory, let recorded = records[state.id],
                !(recorded.isFinal && recorded.parent?.id == state.id)
            {
                switch kind {
                case .deep:
                    // with machine: recorded.enterInward(below: state.id.depth, machine, actions)
                    recorded.enterInward(below: state.id.depth, actions)
                    return recorded
                case .shallow:
                    var child = recorded
                    while let parent = child.parent, parent.id != state.id { child = parent }
                    // with machine: child.enterInward(below: state.id.depth, machine, actions)
                    child.enterInward(below: state.id.depth, actions)
                    state = child
                }
            } else if let child = state.initial {
                // with machine: child.enterInward(below: state.id.depth, machine, actions)
                child.enterInward(below: state.id.depth, actions)
                state = child
            } else {
                return state
            }
            history = nil
        }
    }
}
