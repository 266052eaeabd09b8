extension Interpreter {
    /// One step of processing, reported to ``InterpreterHost/observe(_:interpreter:)``.
    public enum Step: Sendable, Hashable {
        /// The machine starts (before the initial states are entered).
        case started
        /// The interpreter is being made from a snapshot (section 4g): its configuration is set
        /// without entering any state; the timers re-armed (``timerArmed(_:deadline:)``) and the
        /// activities started again (``activityStarted(_:_:)``) follow.
        case restored
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
        /// A timer of a timed transition was armed (section 4d): after its state's entry activities,
        /// or at the start for the machine's, or again for an `every` that fired. Its deadline, in
        /// nanoseconds of ``Interpreter/now``.
        case timerArmed(Model.TimedTransition, deadline: Int)
        /// An armed timer was cancelled: its state is exited (before its exit activities), or the
        /// machine finished. Its timeout will never be processed.
        case timerCancelled(Model.TimedTransition)
        /// A timer's deadline is reached (``Interpreter/now`` is that deadline): its timeout is
        /// processed now, as a step of its own. Its guard follows, then its exits, effects and
        /// entries, or ``timeoutIgnored(_:)``.
        case timeout(Model.TimedTransition)
        /// The timed transition of a timeout did not fire: its guard does not hold (or, a `pop`,
        /// the stack is empty). A timeout is never unhandled.
        case timeoutIgnored(Model.TimedTransition)
        /// `raise` put an event on the internal queue (section 4e).
        case raised(EventOccurrence)
        /// A raised event is taken off the internal queue and processed now, as an event sent from
        /// outside would be.
        case raisedDequeued(EventOccurrence)
        /// The activity of a state starts (section 4f): at the end of the step that entered the state,
        /// once its internal queue is empty. The activity's call, with its literal arguments.
        case activityStarted(Int, Invocation)
        /// The activity of a state is cancelled: the state is exited (after its timers, before its
        /// exit activities). `started` is false when it was still pending (the state was entered in
        /// the same step): it never starts. Nothing it returns or throws counts any more.
        case activityCancelled(Int, started: Bool)
        /// The activity of a state returned (``Interpreter/finishActivity(of:)``): a step of its own.
        /// The state's completion follows when it is complete now (``completed(_:)``, in turn).
        case activityDone(Int)
        /// The activity of a state threw (``Interpreter/failActivity(of:with:)``): a step of its own.
        /// The state's `catch` transitions are tried next, in order (their guards, then ``fired(_:)``
        /// or ``errorDropped(_:)``).
        case activityFailed(Int, InterpreterValue)
        /// None of the `catch` transitions of a state whose activity threw fired: the error is
        /// dropped, and the state stays active, its activity over.
        case errorDropped(Int)
    }
}
