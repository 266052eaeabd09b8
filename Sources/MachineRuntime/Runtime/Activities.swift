// Activities (section 4f): where each activity of a machine is, from its state's entry to its
// outcome. Copied into each generated machine that has `do /`.

/// The activities of a machine, one per state with `do /`, numbered in document order. An activity
/// belongs to one entry of its state (its stamp): entering the state makes it pending, the end of
/// that step starts it, exiting the state ends it, and an outcome counts only for the entry that
/// started it. The storage is allocated once.
struct FSMMachineActivities {
    /// Where an activity is.
    enum Phase: Equatable {
        /// Its state is not active, or its activity ended by throwing: nothing to wait for.
        case idle
        /// Its state was entered in the step being processed: it starts when the step is over.
        case pending
        /// Started, with no outcome yet.
        case running
        /// It returned: its state may complete.
        case done
    }

    private var phases: [Phase]
    /// Each activity's entry: a number that grows with every entry of any state with an activity.
    private var stamps: [UInt64]
    private var nextStamp: UInt64 = 1
    /// Whether some activity is pending.
    private(set) var hasPending = false

    /// Room for `count` activities, none started.
    init(count: Int) {
        phases = [Phase](repeating: .idle, count: count)
        stamps = [UInt64](repeating: 0, count: count)
    }

    /// Where `activity` is.
    func phase(of activity: Int) -> Phase { phases[activity] }

    /// Whether `activity` returned (for the entry of its state now active).
    func isDone(_ activity: Int) -> Bool { phases[activity] == .done }

    /// The entry `activity` belongs to.
    func stamp(of activity: Int) -> UInt64 { stamps[activity] }

    /// Its state was entered: the activity starts when the step is over.
    mutating func entered(_ activity: Int) {
        phases[activity] = .pending
        stamps[activity] = nextStamp
        nextStamp += 1
        hasPending = true
    }

    /// Its state is exited: returns whether the activity was running (its task is to be cancelled).
    /// Whatever it returns or throws from now on is discarded.
    mutating func exited(_ activity: Int) -> Bool {
        let wasRunning = phases[activity] == .running
        phases[activity] = .idle
        stamps[activity] = 0
        return wasRunning
    }

    /// The end of a step: the pending activities, in document order, now running.
    mutating func startPending() -> [Int] {
        hasPending = false
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
    mutating func ended(_ activity: Int, stamp: UInt64, threw: Bool) -> Bool {
        guard phases[activity] == .running, stamps[activity] == stamp else { return false }
        phases[activity] = threw ? .idle : .done
        return true
    }

    /// The running activities, in document order.
    var running: [Int] { phases.indices.filter { phases[$0] == .running } }
}
