extension Interpreter {
    /// Why a snapshot cannot be restored into a machine (section 4g): it is of another machine, or its
    /// active states are not a configuration of this one. What merely no longer fits (a history record,
    /// a stack entry, a timer) is dropped instead.
    ///
    /// FSMRuntime's `RestoreError`, which generated machines throw, has the same cases and messages but
    /// for the reason a set of states is not a configuration, which it gives as text; this one gives
    /// it as a ``ConfigurationProblem``. Nested in ``Interpreter``, whose restore throws it, so that
    /// its name is never ambiguous in a file that imports both modules.
    public enum RestoreError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The snapshot's machine.
        case otherMachine(String)
        /// The snapshot says the machine has not started, yet lists active states.
        case activeStatesBeforeStart
        /// The first active state of the snapshot that the machine does not have.
        case unknownState(String)
        /// The snapshot's active states are states of the machine, but not a configuration of it.
        case notAConfiguration(ConfigurationProblem)

        /// What makes a set of states not a configuration, the first found in this order.
        public enum ConfigurationProblem: Sendable, Hashable {
            case noStateActive
            /// A state, then its parent.
            case withoutParent(String, parent: String)
            /// The first two active top-level states.
            case twoTopLevelStates(String, String)
            /// A composite, non-parallel state with no active child.
            case withoutActiveChild(String)
            /// A composite, non-parallel state, then its first two active children.
            case twoActiveChildren(String, String, String)
            /// A parallel state, then its first region not active.
            case withoutRegion(String, region: String)

            public var message: String {
                switch self {
                case .noStateActive: "no state is active"
                case .withoutParent(let state, let parent): "'\(state)' is active without its parent '\(parent)'"
                case .twoTopLevelStates(let first, let second): "'\(first)' and '\(second)' are both active at the top level"
                case .withoutActiveChild(let state): "'\(state)' is active without an active child"
                case .twoActiveChildren(let state, let first, let second):
                    "'\(state)' has two active children, '\(first)' and '\(second)'"
                case .withoutRegion(let state, let region): "'\(state)' is active without its region '\(region)'"
                }
            }
        }

        public var message: String {
            switch self {
            // The texts of FSMRuntime's RestoreError, which the generated machines throw.
            case .otherMachine(let other): "the snapshot is of machine '\(other)', not of the machine restoring it"
            case .activeStatesBeforeStart: "the snapshot says that its machine has not started, yet it names active states"
            case .unknownState(let state): "the snapshot names the state '\(state)', which the machine does not have"
            case .notAConfiguration(let problem):
                "the snapshot's active states are not a configuration of the machine: \(problem.message)"
            }
        }

        public var description: String { message }
    }
}
