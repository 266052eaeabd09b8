/// Something entering or exiting a state does besides entering or leaving it. Everything bound to a
/// state's entry and exit is one of these: the plan says what each state's entry and exit do
/// (``MachinePlan/onEntry(of:)``, ``MachinePlan/onExit(of:)``), and the emitter writes it wherever
/// its shape enters or exits a state (one-leaf `enterInward` and `exitOutward`; with regions
/// `State.entry` and `State.exit`, and the direct and local steps' entries and exits written in
/// line). Something new that starts when a state is entered and stops when it is exited is a new
/// case here, not a new step path.
public enum StateWork: Sendable, Hashable {
    /// Entry or exit activities: calls of the actions and `raise`s, in the order written.
    case activities([Model.Action])
    /// The state's timers armed, in the order written (after its entry activities, 4d).
    case armTimers([TimerPlan])
    /// The state's timers cancelled (before its exit activities, 4d).
    case cancelTimers([TimerPlan])
    /// The state's activity waits to start when the step is over (4f).
    case enterActivity(ActivityPlan)
    /// The state's activity is cancelled, and its outcome will be discarded (before its exit
    /// activities, 4f).
    case exitActivity(ActivityPlan)
}

extension MachinePlan {
    /// What entering `state` does once it is entered, in order: its entry activities, then its
    /// timers armed.
    public func onEntry(of state: Int) -> [StateWork] {
        var work: [StateWork] = []
        let actions = model.states[state].entryActions
        if !actions.isEmpty { work.append(.activities(actions)) }
        if !model.states[state].timedTransitions.isEmpty { work.append(.armTimers(Array(timers(of: state)))) }
        if model.states[state].activity != nil, let activity = activity(of: state) { work.append(.enterActivity(activity)) }
        return work
    }

    /// What exiting `state` does before it is left, in order: its timers cancelled, then its exit
    /// activities.
    public func onExit(of state: Int) -> [StateWork] {
        var work: [StateWork] = []
        if !model.states[state].timedTransitions.isEmpty { work.append(.cancelTimers(Array(timers(of: state)))) }
        if model.states[state].activity != nil, let activity = activity(of: state) { work.append(.exitActivity(activity)) }
        let actions = model.states[state].exitActions
        if !actions.isEmpty { work.append(.activities(actions)) }
        return work
    }
}
