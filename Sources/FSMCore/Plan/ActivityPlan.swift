/// A state's activity (section 4f) as the generated machine carries it out: numbered in document
/// order of the states, made pending by its state's entry, started after the step, cancelled by its
/// state's exit (``StateWork``); at its outcome, its state completes or its `catch` transitions
/// are tried.
public struct ActivityPlan: Sendable, Hashable {
    /// Its place among the machine's activities: the activity's number at run time.
    public let number: Int
    /// The state whose activity it is.
    public let state: Int
    /// The requirement called, with its literal arguments.
    public let call: Model.Call
    /// Whether its state has `catch` transitions: what the activity throws is tried on them.
    public var throwsErrors: Bool { !catches.isEmpty }
    /// Whether the requirement is `async throws`: its state, or another state with the same
    /// activity, has `catch` transitions (in a state without one, what it throws is dropped).
    public let callThrows: Bool
    /// The state's `catch` transitions, in the order written, numbered after every other
    /// transition (``MachinePlan/transitionsAndTimeouts``).
    public let catches: [TransitionPlan]

    init(number: Int, state: Int, in model: Model, firstCatchNumber: Int, shape: MachinePlan.Shape) {
        self.number = number
        self.state = state
        guard let activity = model.states[state].activity else { preconditionFailure("a state without an activity") }
        self.call = activity.call
        self.callThrows = model.requirements.contains { $0.name == activity.call.name && $0.isThrowingActivity }
        self.catches = model.states[state].catchTransitions.enumerated().map { offset, caught in
            TransitionPlan(caught.transition, number: firstCatchNumber + offset, in: model, shape: shape)
        }
    }
}
