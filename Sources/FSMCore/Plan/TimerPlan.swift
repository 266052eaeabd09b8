/// A timed transition (section 4d) as the generated machine carries it out: a timer, numbered in
/// the order of ``Model/allTimedTransitions``, armed when its state is entered and cancelled when
/// it is exited (``StateWork``); at its timeout, its transition is the only candidate.
public struct TimerPlan: Sendable, Hashable {
    /// Its place among the machine's timed transitions: the timer's number at run time.
    public let number: Int
    /// The timed transition as written.
    public let timed: Model.TimedTransition
    /// How its transition is carried out when it fires, numbered after every event and completion
    /// transition (``MachinePlan/transitions``), so that the step of a machine with regions looks
    /// it up as it looks those up.
    public let transition: TransitionPlan

    init(_ timed: Model.TimedTransition, number: Int, transitionNumber: Int, in model: Model, shape: MachinePlan.Shape) {
        self.number = number
        self.timed = timed
        self.transition = TransitionPlan(timed.transition, number: transitionNumber, in: model, shape: shape, timed: timed)
    }

    /// Whether the timer is armed again at each timeout (`every`).
    public var repeats: Bool { timed.kind == .every }
    /// The state it belongs to; `nil` for the machine's own.
    public var source: Int? { timed.source }
}
