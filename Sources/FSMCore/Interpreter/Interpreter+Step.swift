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
        /// A transition was selected; its exits, effects and entries follow.
        case fired(Model.Transition)
        /// A state is exited; its exit activities follow.
        case exiting(Int)
        /// A state is entered; its entry activities follow.
        case entering(Int)
        /// A top-level final state was entered.
        case finished
        case unhandled(EventOccurrence)
    }
}
