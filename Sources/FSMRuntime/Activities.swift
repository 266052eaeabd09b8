// Activities (section 4f): how a machine runs them, where each activity is from its state's entry
// to its outcome, and the tasks of a machine's running activities and clock timers.

/// How a machine with activities (`do /`) runs them. Every such machine names it as its own
/// (`M.Activities`).
///
/// - `tasks`: each activity runs as a task on the machine's actor, started after the step that
///   entered its state and cancelled when the state is exited.
/// - `manual`: the machine never calls the activities; its `runningActivities` lists those that
///   would run, and a test ends each with `finishActivity(of:)` or `failActivity(of:with:)`.
/// Frozen, as `Timing` is.
@frozen
public enum Activities: Sendable {
    case tasks
    case manual
}

/// The activities of a machine, one per state with `do /`, numbered in document order. An activity
/// belongs to one entry of its state (its stamp): entering the state makes it pending, the end of
/// that step starts it, exiting the state ends it, and an outcome counts only for the entry that
/// started it. The storage is allocated once.
@frozen
public struct ActivityTable {
    /// Where an activity is.
    @frozen
    public enum Phase: Equatable, Sendable {
        /// Its state is not active, or its activity ended by throwing: nothing to wait for.
        case idle
        /// Its state was entered in the step being processed: it starts when the step is over.
        case pending
        /// Started, with no outcome yet.
        case running
        /// It returned: its state may complete.
        case done
    }

    @usableFromInline var phases: [Phase]
    /// Each activity's entry: a number that grows with every entry of any state with an activity.
    @usableFromInline var stamps: [UInt64]
    @usableFromInline var nextStamp: UInt64 = 1
    @usableFromInline var _hasPending = false
    /// Whether some activity is pending.
    @inlinable public var hasPending: Bool { _hasPending }

    /// Room for `count` activities, none started.
    @inlinable
    public init(count: Int) {
        phases = [Phase](repeating: .idle, count: count)
        stamps = [UInt64](repeating: 0, count: count)
    }

    /// Where `activity` is.
    @inlinable
    public func phase(of activity: Int) -> Phase { phases[activity] }

    /// Whether `activity` returned (for the entry of its state now active).
    @inlinable
    public func isDone(_ activity: Int) -> Bool { phases[activity] == .done }

    /// The entry `activity` belongs to.
    @inlinable
    public func stamp(of activity: Int) -> UInt64 { stamps[activity] }

    /// Its state was entered: the activity starts when the step is over.
    @inlinable
    public mutating func entered(_ activity: Int) {
        phases[activity] = .pending
        stamps[activity] = nextStamp
        nextStamp += 1
        _hasPending = true
    }

    /// Its state is exited: returns whether the activity was running (its task is to be cancelled).
    /// Whatever it returns or throws from now on is discarded.
    @inlinable
    public mutating func exited(_ activity: Int) -> Bool {
        let wasRunning = phases[activity] == .running
        phases[activity] = .idle
        stamps[activity] = 0
        return wasRunning
    }

    /// The end of a step: the pending activities, in document order, now running.
    @inlinable
    public mutating func startPending() -> [Int] {
        _hasPending = false
        var started: [Int] = []
        for activity in phases.indices where phases[activity] == .pending {
            phases[activity] = .running
            started.append(activity)
        }
        return started
    }

    /// An outcome of `activity` started for the entry `stamp`: returns whether it counts (its state
    /// is still in that entry and the activity running), and if so records it: done when it returned,
    /// idle when it threw.
    @inlinable
    public mutating func ended(_ activity: Int, stamp: UInt64, threw: Bool) -> Bool {
        guard phases[activity] == .running, stamps[activity] == stamp else { return false }
        phases[activity] = threw ? .idle : .done
        return true
    }

    /// The running activities, in document order.
    public var running: [Int] { phases.indices.filter { phases[$0] == .running } }

    /// `activity`, the activity of `state` (`nil` when it has none), and the stamp of its entry, for a
    /// test that ends it by hand with `function` (`finishActivity(of:)`, `failActivity(of:with:)`).
    /// Stops the program when the machine's activities run as tasks (`runsTasks`), when a step is
    /// being processed (`inStep`: called from one of the actions), or when the activity is not running.
    @inlinable
    public func endedByHand<State>(
        _ activity: Int?, of state: State, _ function: StaticString, runsTasks: Bool, inStep: Bool
    ) -> (activity: Int, stamp: UInt64) {
        precondition(!runsTasks, "\(function) on a machine whose activities run as tasks")
        precondition(!inStep, "\(function) from inside a guard or an action")
        guard let activity, phases[activity] == .running else {
            preconditionFailure("\(function): no activity of \(state) is running")
        }
        return (activity, stamps[activity])
    }
}

/// The tasks of a machine, by number: one per armed timer of a machine with clock timing, or one per
/// running activity. Freed with the machine, cancelling its tasks then: no task outlives the machine.
/// Used on the machine's actor only.
public final class TaskTable {
    @exclusivity(unchecked) @usableFromInline var tasks: [Task<Void, Never>?]

    /// Room for `count` tasks, none started.
    public init(count: Int) { tasks = [Task<Void, Never>?](repeating: nil, count: count) }

    deinit { for task in tasks { task?.cancel() } }

    /// `task` is the one of `number` now (the one before, if any, is cancelled).
    @inlinable
    public func start(_ number: Int, _ task: Task<Void, Never>) {
        tasks[number]?.cancel()
        tasks[number] = task
    }

    /// Cancels the task of `number`, if any.
    @inlinable
    public func cancel(_ number: Int) {
        tasks[number]?.cancel()
        tasks[number] = nil
    }

    /// The task of `number` ended by itself.
    @inlinable
    public func ended(_ number: Int) {
        tasks[number] = nil
    }

    /// Cancels every task.
    public func cancelAll() {
        for number in tasks.indices { cancel(number) }
    }
}
