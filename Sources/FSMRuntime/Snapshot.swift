// Snapshots (section 4g of the language): the value a machine is saved as, the error a restore
// throws, and the checks of a snapshot against the machine's tree of states.

/// A snapshot of a machine between steps: its configuration, history records, `push` stack and
/// armed timers, states named as written. Every machine names it as its own (`M.Snapshot`), so the
/// snapshots of an app's machines are one type: encode one (e.g. with `JSONEncoder`) to keep it, and
/// make a machine from it again with the machine's `init(actions:restoring:)`. fsmc's interpreter
/// (`fsmc simulate`, `fsmc preview`) saves and restores this same value.
///
/// Encoded with `JSONEncoder` (and `.sortedKeys`), every key is always written, an empty list or
/// object when there is nothing, but for the `state` of a timer of the machine's own, which is
/// absent. Names are the states' names as written, so a snapshot survives a machine edited since,
/// as far as it still fits.
public struct Snapshot: Codable, Sendable, Hashable {
    /// The name of the machine it was taken from.
    public var machine: String
    /// Whether the machine had started.
    public var started: Bool
    /// Whether the machine had finished; when restoring, this follows from `activeStates`.
    public var finished: Bool
    /// Every active state, in the order written; empty when the machine had not started.
    public var activeStates: [String]
    /// For each state whose history was recorded: the states active inside it when it was last exited.
    public var history: [String: [String]]
    /// The states remembered by `-> push`, the last one on top.
    public var stack: [String]
    /// The armed timers, in the order they were armed.
    public var timers: [ArmedTimer]

    /// An armed timer: the state whose timed transition it is (`nil` for the machine's own), the
    /// transition's place among that state's timed transitions in the order written, and the time
    /// left until it is due.
    public struct ArmedTimer: Codable, Sendable, Hashable {
        /// The state whose timed transition it is; `nil` (no key in the JSON) for the machine's own.
        public var state: String?
        /// Its place among that state's (or the machine's) timed transitions, `after` and `every`
        /// together, in the order written, from 0.
        public var index: Int
        /// How long until it is due, in nanoseconds: its deadline minus now, never negative.
        public var remainingNanoseconds: Int64

        public init(state: String?, index: Int, remainingNanoseconds: Int64) {
            self.state = state
            self.index = index
            self.remainingNanoseconds = remainingNanoseconds
        }
    }

    public init(
        machine: String, started: Bool, finished: Bool, activeStates: [String], history: [String: [String]] = [:],
        stack: [String] = [], timers: [ArmedTimer] = []
    ) {
        self.machine = machine
        self.started = started
        self.finished = finished
        self.activeStates = activeStates
        self.history = history
        self.stack = stack
        self.timers = timers
    }
}

/// Why a snapshot cannot be restored: it does not fit the machine. Every machine names it as its
/// own (`M.RestoreError`), and its restoring initializer throws it.
public enum RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot is of another machine, named so.
    case otherMachine(String)
    /// The snapshot says the machine had not started, yet it names active states.
    case activeStatesBeforeStart
    /// The snapshot names a state the machine does not have.
    case unknownState(String)
    /// The snapshot's active states are not a configuration of the machine, for this reason.
    case notAConfiguration(String)

    public var description: String {
        switch self {
        case .otherMachine(let name):
            "the snapshot is of machine '\(name)', not of the machine restoring it"
        case .activeStatesBeforeStart:
            "the snapshot says that its machine has not started, yet it names active states"
        case .unknownState(let name):
            "the snapshot names the state '\(name)', which the machine does not have"
        case .notAConfiguration(let reason):
            "the snapshot's active states are not a configuration of the machine: \(reason)"
        }
    }
}
