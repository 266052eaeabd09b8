/// Something entering or exiting a state does besides entering or leaving it. Everything bound to a
/// state's entry and exit is one of these: the plan says what each state's entry and exit do
/// (``MachinePlan/onEntry(of:)``, ``MachinePlan/onExit(of:)``), and the emitter writes it wherever
/// its shape enters or exits a state (one-leaf `enterInward` and `exitOutward`; with regions
/// `State.entry` and `State.exit`, and the direct and local steps' entries and exits written in
/// line). Something new that starts when a state is entered and stops when it is exited is a new
/// case here, not a new step path.
public enum StateWork: Sendable, Hashable {
    /// Entry or exit activities: calls of the actions, in the order written.
    case activities([Model.Call])
}

extension MachinePlan {
    /// What entering `state` does once it is entered, in order: its entry activities.
    public func onEntry(of state: Int) -> [StateWork] {
        // Most states have no entry activities: `entry` (a compactMap) is not asked for them.
        if model.states[state].entryActions.isEmpty { return [] }
        let calls = model.states[state].entry
        return calls.isEmpty ? [] : [.activities(calls)]
    }

    /// What exiting `state` does before it is left, in order: its exit activities.
    public func onExit(of state: Int) -> [StateWork] {
        if model.states[state].exitActions.isEmpty { return [] }
        let calls = model.states[state].exit
        return calls.isEmpty ? [] : [.activities(calls)]
    }
}
