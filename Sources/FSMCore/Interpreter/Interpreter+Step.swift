extension Interpreter {
    /// One step of processing, reported to ``InterpreterHost/observe(_:interpreter:)``.
    public enum Step: Sendable, Hashable {
        /// The machine starts (before the initial states are entered).
        case started
        /// An event was sent while another was being processed; it waits.
        case queued(EventOccurrence)
        /// A queued event is processed now.
        case dequeued(EventOccurrence)
        case guardEvaluated(Invocation, Bool)
        /// A transition was selected and fires; its exits, effects and entries follow (after the other
        /// transitions selected for the same event, which fire with it).
        case fired(Model.Transition)
        /// A selected transition does not fire: it conflicts with one that does (section 4c). Reported
        /// with the ``fired(_:)`` steps, in selection order.
        case preempted(Model.Transition)
        /// A state is exited; its exit activities follow.
        case exiting(Int)
        /// The effects of a transition that fires, when it has any, run now (after every exit of the
        /// step, before any entry); they follow.
        case effects(Model.Transition)
        /// A state is entered; its entry activities follow.
        case entering(Int)
        /// A top-level final state was entered.
        case finished
        /// The completion of a state (section 4a) is handled now: its completion transitions are
        /// tried next, in order (their guards, then ``fired(_:)`` or ``completionDropped(_:)``).
        case completed(Int)
        /// None of the completion transitions of a state that completed fired: the completion is
        /// dropped, not remembered.
        case completionDropped(Int)
        /// The turn of a state's completion came when the state was no longer active, or (a
        /// composite state) no longer complete: nothing is tried.
        case completionSkipped(Int)
        /// A state that is the subject of a history was exited: the states active inside it, in
        /// document order, are recorded (before any exit activity of the step).
        case historyRecorded(Int, [Int])
        case unhandled(EventOccurrence)
    }
}
