/// Activities (`do /`) and `catch` transitions (section 4f).
///
/// An activity belongs to one entry of its state: entering the state makes it pending (after the
/// state's entry activities and timers); the end of the step, once the internal queue is empty,
/// starts the pending activities whose states are still active, in document order; exiting the
/// state cancels it (after its timers, before its exit activities), and nothing of it counts after
/// that. The interpreter never runs an activity: the host ends a running one with
/// ``Interpreter/finishActivity(of:)`` or ``Interpreter/failActivity(of:with:)``, as a test ends one
/// of a generated machine with `.manual` activities, and that outcome is a step of its own.
extension Interpreter {
    /// Where the activity of a state is; a state with an activity that ``Interpreter/activities``
    /// does not list is *idle*: not active, or its activity threw.
    public enum ActivityPhase: Sendable, Hashable {
        /// Its state was entered in the step being processed: it starts when the step is over.
        case pending
        /// Started, with no outcome yet: the host may finish or fail it.
        case running
        /// It returned: its state may complete (section 4a).
        case done
    }

    /// The states whose activity is running, in document order.
    public var runningActivities: [Int] { activities.filter { $0.value == .running }.keys.sorted() }

    /// The activity of `state` returned: processed as a step of its own, like an event sent from
    /// outside (run to completion, the internal queue, the queued events, then the activities
    /// pending start). `state` is done, and completes if it is complete now (a simple state always;
    /// a composite or parallel state when it is in a final configuration), which may complete the
    /// parallel states above it.
    ///
    /// - Precondition: the activity of `state` is running, and this is not called from a guard or
    ///   an action.
    public func finishActivity(of state: Int) {
        endActivity(of: state, error: nil, "finishActivity(of:)")
    }

    /// The activity of `state` threw `error` (usually an ``InterpreterValue/error(_:)``): processed
    /// as a step of its own, like ``finishActivity(of:)``. The `catch` transitions of `state` are
    /// tried in the order written, their guards and effects seeing `error` as `error`; the first
    /// that holds fires as a transition from `state`. When none does, the error is dropped. Either
    /// way the activity is over without being done: `state` does not complete until entered again.
    ///
    /// - Precondition: as for ``finishActivity(of:)``.
    public func failActivity(of state: Int, with error: InterpreterValue) {
        endActivity(of: state, error: error, "failActivity(of:with:)")
    }

    private func endActivity(of state: Int, error: InterpreterValue?, _ method: String) {
        precondition(!isRunning, "\(method) from inside a guard or an action")
        precondition(activities[state] == .running, "\(method): the activity of state \(state) is not running")
        _ = run {
            processOutcome(of: state, error: error)
            return true
        }
    }

    /// The step of an outcome: a state whose activity returned completes if it is complete now
    /// (its completion, and those of the parallel states it completes, join the internal queue);
    /// when it threw, its `catch` transitions are tried in order, `error` in scope.
    private func processOutcome(of state: Int, error: InterpreterValue?) {
        guard let error else {
            activities[state] = .done
            host.observe(.activityDone(state), interpreter: self)
            let completing = model.completingStates(onActivityDoneOf: state, in: Set(configuration)) {
                activities[$0] == .done
            }
            queueCompletions(completing)
            return
        }
        activities[state] = nil
        host.observe(.activityFailed(state, error), interpreter: self)
        let catches = model.states[state].catchTransitions.lazy.map(\.transition)
        if let transition = catches.first(where: { isEnabled($0, .caught(error)) }) {
            fire([transition], .caught(error))
        } else {
            host.observe(.errorDropped(state), interpreter: self)
        }
    }

    /// `state` is entered: its activity, when it has one, waits for the end of the step.
    func enterActivity(of state: Int) {
        guard model.states[state].activity != nil else { return }
        activities[state] = .pending
    }

    /// `state` is exited: its activity, pending or running, is cancelled, and whatever it returns or
    /// throws from now on is discarded.
    func exitActivity(of state: Int) {
        guard let phase = activities.removeValue(forKey: state), phase != .done else { return }
        host.observe(.activityCancelled(state, started: phase == .running), interpreter: self)
    }

    /// The end of a step: the pending activities (their states are active: an exit would have
    /// cancelled them) start, in document order.
    func startPendingActivities() {
        guard failure == nil else { return }
        for state in activities.filter({ $0.value == .pending }).keys.sorted() {
            activities[state] = .running
            guard let activity = model.states[state].activity else { continue }
            host.observe(.activityStarted(state, Invocation(activity.call, model: model, scope: nil)), interpreter: self)
        }
    }

    /// Whether the activity of `state`, if it has one, lets it complete: it returned, for the entry
    /// of `state` now active.
    func activityLetsComplete(_ state: Int) -> Bool {
        model.states[state].activity == nil || activities[state] == .done
    }
}
