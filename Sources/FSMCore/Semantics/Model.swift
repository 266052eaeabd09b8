/// The resolved machine: what every emitter consumes. No emitter ever looks at syntax.
///
/// The state tree and the rules derived from it (domains, exits, entries, selection) are in
/// Model+Structure, where the machine is the tree's root.
///
/// States live in one array in the order they are written (depth-first); a state's index is its
/// identity. Transitions refer to events and states by index. The model is only handed to
/// emitters when analysis found no errors, so its invariants (one initial per composite, every
/// reference resolved, consistent signatures) hold there.
public struct Model: Sendable, Hashable {
    public var name: String
    /// Where the machine's name is written: what a clash between the types of two generated files
    /// points at (``SwiftNames/fileScopeTypes(of:)``).
    public var nameRange: SourceRange
    public var docComment: [String]
    /// All states, depth-first in the order written.
    public var states: [State] { didSet { updateSummary() } }
    /// The states declared directly in the machine, in order.
    public var topLevelStates: [Int]
    /// The machine's `initial` state.
    public var initialState: Int
    /// Transitions declared directly in the machine; they apply in every state.
    public var machineTransitions: [Transition] { didSet { updateSummary() } }
    /// Timed transitions declared directly in the machine (section 4d): armed at `start()`.
    public var machineTimedTransitions: [TimedTransition] { didSet { updateSummary() } }
    /// Events in order of first appearance (declaration or use) in the file.
    public var events: [Event]
    /// Guards and actions in order of first use: the requirements of the generated actions protocol.
    public var requirements: [Requirement]
    /// The names of the guards among the requirements, in order of first use.
    public var guardNames: [String] { requirements.filter(\.isGuard).map(\.name) }
    /// The facts about the whole machine (``usesPush``, ``hasParallelStates``, …), made again
    /// whenever ``states``, ``machineTransitions`` or ``machineTimedTransitions`` change rather than on each question: the Swift
    /// emitter asks them once per state and per transition, and a scan per question made generating
    /// a large machine quadratic.
    private var summary: Summary

    init(
        name: String, nameRange: SourceRange, docComment: [String], states: [State], topLevelStates: [Int], initialState: Int,
        machineTransitions: [Transition], machineTimedTransitions: [TimedTransition] = [], events: [Event],
        requirements: [Requirement]
    ) {
        self.name = name
        self.nameRange = nameRange
        self.docComment = docComment
        self.states = states
        self.topLevelStates = topLevelStates
        self.initialState = initialState
        self.machineTransitions = machineTransitions
        self.machineTimedTransitions = machineTimedTransitions
        self.events = events
        self.requirements = requirements
        self.summary = Summary(states: states, machineTransitions: machineTransitions, machineTimed: machineTimedTransitions)
    }

    public struct State: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
        public var docComment: [String]
        public var parent: Int?
        public var children: [Int]
        /// The initial child of a composite state.
        public var initial: Int?
        /// `initial history X` / `initial deep history X`: the state's default entry enters it by
        /// its history (section 4b); `nil` for a plain `initial`.
        public var initialHistory: HistoryKind? = nil
        /// Whether some history refers to this state (a `history` target or its own `initial
        /// history`), so that exiting it records its active descendants. Computed with the model.
        public var recordsHistory = false
        public var isFinal: Bool
        /// The entry activities, calls and `raise`s, in order.
        public var entryActions: [Action]
        /// The exit activities, calls and `raise`s, in order.
        public var exitActions: [Action]
        /// The transitions declared in this state's body, in order.
        public var transitions: [Transition]
        /// The timed transitions (`after`, `every`) declared in this state's body, in order (section 4d).
        public var timedTransitions: [TimedTransition] = []
        /// `do / name(...)`: the state's activity (section 4f); at most one, never in the machine.
        public var activity: Activity? = nil
        /// `catch [g] / effects -> T`: tried in order when the activity throws (section 4f).
        public var catchTransitions: [CatchTransition] = []
        /// 0 for a state declared directly in the machine.
        public var depth: Int
        /// Whether all the children are active together (section 4c). No version-1 machine has
        /// such a state; the derivations of Model+Structure already follow its rules, so the
        /// feature is added to the language without changing them.
        public var isParallel = false

        public var isComposite: Bool { !children.isEmpty }

        /// The calls among the entry activities, in order (a `raise` is no call).
        public var entry: [Call] { entryActions.compactMap(\.call) }
        /// The calls among the exit activities, in order.
        public var exit: [Call] { exitActions.compactMap(\.call) }
    }

    public struct Event: Sendable, Hashable {
        public var name: String
        public var parameters: [EventParameter]
        public var docComment: [String]
        /// Where the event is declared, or first used when it is not declared.
        public var range: SourceRange
        public var isDeclared: Bool
    }

    public struct EventParameter: Sendable, Hashable {
        public var name: String
        public var type: ParameterType
    }

    public struct Transition: Sendable, Hashable {
        /// Index into ``Model/events``; `nil` for a completion transition (section 4a), taken when its
        /// source completes rather than on an event.
        public var event: Int?
        public var guardExpression: Guard?
        /// The effects, calls and `raise`s, in order.
        public var actions: [Action]
        public var target: Target
        /// The state whose body declares the transition; `nil` for the machine.
        public var source: Int?
        public var range: SourceRange
        /// The domain (``Model/domain(from:to:)``) of a transition to a state or a `push`,
        /// computed once when the model is built; `nil` (the machine) for the others: an internal
        /// transition exits nothing, and a `pop` learns its target only when it fires.
        public var domain: Int? = nil

        public init(
            event: Int?, guardExpression: Guard?, actions: [Action], target: Target, source: Int?, range: SourceRange,
            domain: Int? = nil
        ) {
            self.event = event
            self.guardExpression = guardExpression
            self.actions = actions
            self.target = target
            self.source = source
            self.range = range
            self.domain = domain
        }

        /// The calls among the effects, in order (a `raise` is no call).
        public var effects: [Call] { actions.compactMap(\.call) }

        /// Whether the transition fires whenever it is tried: it has no guard and is not a `pop`
        /// (a `pop` is not enabled on an empty stack). Nothing tried after it for the same event can
        /// fire, which is what the never-fires warning, the dead-end search and the generated
        /// selection (no `if` around it) all rely on.
        public var alwaysFires: Bool { Self.alwaysFires(isGuarded: guardExpression != nil, target: target) }

        /// The rule of ``alwaysFires`` for a transition still being resolved: the analyzer knows
        /// whether one is guarded before its guard has resolved (or failed to).
        public static func alwaysFires(isGuarded: Bool, target: Target) -> Bool { !isGuarded && target != .pop }

        public var isCompletion: Bool { event == nil }
    }

    public enum Target: Sendable, Hashable {
        /// No target: only the effects run.
        case `internal`
        case state(Int)
        case push(Int)
        case pop
        /// `-> history S` / `-> deep history S`: S entered by its history (section 4b).
        case history(Int, HistoryKind)

        /// The state the target names: the one whose domain and entry it is (the history's state
        /// for a history target); `nil` for `internal` and `pop`.
        public var state: Int? {
            switch self {
            case .state(let state), .push(let state), .history(let state, _): state
            case .internal, .pop: nil
            }
        }
    }

    /// Shallow history restores a state's active children, deep history every active state inside it.
    public enum HistoryKind: String, Sendable, Hashable {
        case shallow, deep
    }

    public indirect enum Guard: Sendable, Hashable {
        case call(Call)
        case not(Guard)
        case and(Guard, Guard)
        case or(Guard, Guard)
    }

    /// A call of a guard or an action.
    public struct Call: Sendable, Hashable {
        public var name: String
        public var arguments: [Argument]
        public var range: SourceRange
    }

    public struct Argument: Sendable, Hashable {
        public var label: String
        public var value: Value

        public enum Value: Sendable, Hashable {
            /// An event parameter, by name.
            case parameter(String)
            case literal(Literal)
        }
    }

    public enum Literal: Sendable, Hashable {
        case string(String)
        case integer(String)
        case decimal(String)
        case boolean(Bool)

    }

    /// `do / name(label: literal, ...)`: a state's activity (section 4f), the requirement
    /// `func name(...) async` (`async throws` when the state has a `catch`), started after the step
    /// that entered the state and cancelled when it is exited.
    public struct Activity: Sendable, Hashable {
        /// The requirement called; its arguments are literals only.
        public var call: Call
        public var range: SourceRange

        public init(call: Call, range: SourceRange) {
            self.call = call
            self.range = range
        }
    }

    /// `catch [g] / effects -> T` (internal without a target) of the state whose body declares it:
    /// tried in the order written, like completion transitions, when the state's activity throws. In
    /// its guard and effects, `error` (``Argument/Value/parameter(_:)`` named `error`, of type
    /// ``ParameterType/error``) is what the activity threw.
    public struct CatchTransition: Sendable, Hashable {
        public var guardExpression: Guard?
        /// The effects, calls and `raise`s, in order.
        public var actions: [Action]
        public var target: Target
        /// The state whose body declares it (catch transitions are never the machine's).
        public var source: Int
        public var range: SourceRange
        /// As ``Transition/domain``.
        public var domain: Int? = nil

        public init(
            guardExpression: Guard?, actions: [Action], target: Target, source: Int, range: SourceRange, domain: Int? = nil
        ) {
            self.guardExpression = guardExpression
            self.actions = actions
            self.target = target
            self.source = source
            self.range = range
            self.domain = domain
        }

        /// The transition it fires: no event, its guard, actions, target and source.
        public var transition: Transition {
            Transition(
                event: nil, guardExpression: guardExpression, actions: actions, target: target, source: source, range: range,
                domain: domain)
        }
    }

    /// A timed transition (section 4d): `after D [g] / effects -> T` (internal without a target)
    /// or `every D [g] / effects` (always internal), of the state whose body declares it.
    public struct TimedTransition: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case after, every
        }

        /// How long after its arming the timer fires.
        public enum Delay: Sendable, Hashable {
            /// A duration literal: its exact value, and its text as written (`1.5s`).
            case literal(nanoseconds: Int, text: String)
            /// A delay requirement `func name() -> Duration`, asked at each arming.
            case named(String)
        }

        public var kind: Kind
        public var delay: Delay
        public var guardExpression: Guard?
        /// The effects, calls and `raise`s, in order.
        public var actions: [Action]
        public var target: Target
        /// The state whose body declares it; `nil` for the machine.
        public var source: Int?
        public var range: SourceRange
        /// As ``Transition/domain``.
        public var domain: Int? = nil

        /// The calls among the effects, in order.
        public var effects: [Call] { actions.compactMap(\.call) }
    }

    /// An action: a call of an action requirement, or `raise e(...)` (section 4e).
    public enum Action: Sendable, Hashable {
        case call(Call)
        case raise(Raise)

        /// The call, for a call; `nil` for a `raise`.
        public var call: Call? {
            if case .call(let call) = self { call } else { nil }
        }

        public var range: SourceRange {
            switch self {
            case .call(let call): call.range
            case .raise(let raise): raise.range
            }
        }
    }

    /// `raise e(label: value, ...)`: puts event `e` on the machine's internal queue.
    public struct Raise: Sendable, Hashable {
        /// Index into ``Model/events``.
        public var event: Int
        /// One per parameter of the event, in the declaration's order.
        public var arguments: [Argument]
        public var range: SourceRange
    }

    /// One requirement of the actions protocol.
    public struct Requirement: Sendable, Hashable {
        /// What a requirement returns: a guard's `Bool`, an action's nothing, a delay's `Duration`.
        public enum Result: String, Sendable, Hashable {
            case void, bool, duration
        }

        public var name: String
        public var parameters: [RequirementParameter]
        public var result: Result

        public init(name: String, parameters: [RequirementParameter], result: Result) {
            self.name = name
            self.parameters = parameters
            self.result = result
        }

        public init(name: String, parameters: [RequirementParameter], isGuard: Bool) {
            self.init(name: name, parameters: parameters, result: isGuard ? .bool : .void)
        }

        /// Whether it is a guard (returns `Bool`).
        public var isGuard: Bool { result == .bool }
        /// Whether it is a delay (`func name() -> Duration`, section 4d).
        public var isDelay: Bool { result == .duration }
        /// Whether it is an activity (`func name(...) async`, section 4f).
        public var isActivity = false
        /// Whether it is an activity that may throw (`async throws`: its state has a `catch`).
        public var isThrowingActivity = false
    }

    public struct RequirementParameter: Sendable, Hashable {
        public var label: String
        public var type: ParameterType
    }
}

extension Model {
    /// Whether the model uses `push` anywhere.
    public var usesPush: Bool { summary.usesPush }

    /// Whether the model uses `pop` anywhere.
    public var usesPop: Bool { summary.usesPop }

    /// Whether the model has completion transitions (section 4a). Without them the generated code
    /// keeps no completion queue.
    public var usesCompletion: Bool { summary.usesCompletion }

    /// Whether some state records history (a `history` target or an `initial history`, section 4b).
    /// Without it the generated code keeps no history records.
    public var usesHistory: Bool { summary.usesHistory }

    /// Whether the machine has a parallel state (section 4c). Without one the generated code keeps
    /// one active leaf and has a `state`; with one it keeps the configuration and its regions.
    public var hasParallelStates: Bool { summary.hasParallelStates }

    /// The whole-machine facts behind the properties above, found in one pass over the states and
    /// their transitions.
    fileprivate struct Summary: Sendable, Hashable {
        var usesPush = false
        var usesPop = false
        var usesCompletion = false
        var usesHistory = false
        var hasParallelStates = false

        init(states: [State], machineTransitions: [Transition], machineTimed: [TimedTransition]) {
            func note(_ target: Target) {
                switch target {
                case .push: usesPush = true
                case .pop: usesPop = true
                case .internal, .state, .history: break
                }
            }
            func note(_ transitions: [Transition]) {
                for transition in transitions {
                    note(transition.target)
                    if transition.isCompletion { usesCompletion = true }
                }
            }
            note(machineTransitions)
            for timed in machineTimed { note(timed.target) }
            for state in states {
                note(state.transitions)
                for timed in state.timedTransitions { note(timed.target) }
                for caught in state.catchTransitions { note(caught.target) }
                if state.recordsHistory { usesHistory = true }
                if state.isParallel { hasParallelStates = true }
            }
        }
    }

    private mutating func updateSummary() {
        summary = Summary(states: states, machineTransitions: machineTransitions, machineTimed: machineTimedTransitions)
    }

    /// Whether some transition, the machine's or a state's, satisfies `predicate`.
    public func containsTransition(where predicate: (Transition) -> Bool) -> Bool {
        machineTransitions.contains(where: predicate) || states.contains { $0.transitions.contains(where: predicate) }
    }

    /// Every transition, the machine's first, then each state's in order; read in place, not copied
    /// into one array.
    public var allTransitions: FlattenSequence<[[Transition]]> { ([machineTransitions] + states.map(\.transitions)).joined() }

    /// Every timed transition, the machine's first, then each state's in order.
    public var allTimedTransitions: FlattenSequence<[[TimedTransition]]> {
        ([machineTimedTransitions] + states.map(\.timedTransitions)).joined()
    }

    /// Every `catch` transition (section 4f), each state's in order.
    public var allCatchTransitions: FlattenSequence<[[CatchTransition]]> { states.map(\.catchTransitions).joined() }

    /// Whether some state has an activity (`do /`, section 4f).
    public var hasActivities: Bool { states.contains { $0.activity != nil } }

    /// Whether the machine or a state has a timed transition: what ``allTimedTransitions`` would
    /// find, without gathering the states' lists.
    public var hasTimedTransitions: Bool {
        !machineTimedTransitions.isEmpty || states.contains { !$0.timedTransitions.isEmpty }
    }

    /// Whether some action of the machine is a `raise`: what ``allRaises`` would find, without
    /// collecting it, stopping at the first. Read in place, by index: iterating the states or the
    /// transitions copies each one.
    public var hasRaises: Bool {
        func raises(_ actions: [Action]) -> Bool {
            actions.contains { action in
                if case .raise = action { return true }
                return false
            }
        }
        for index in machineTransitions.indices where raises(machineTransitions[index].actions) { return true }
        for index in machineTimedTransitions.indices where raises(machineTimedTransitions[index].actions) { return true }
        for state in states.indices {
            if raises(states[state].entryActions) || raises(states[state].exitActions) { return true }
            for index in states[state].transitions.indices where raises(states[state].transitions[index].actions) {
                return true
            }
            for index in states[state].timedTransitions.indices
            where raises(states[state].timedTransitions[index].actions) {
                return true
            }
            for index in states[state].catchTransitions.indices
            where raises(states[state].catchTransitions[index].actions) {
                return true
            }
        }
        return false
    }

    /// Every `raise` in the machine, in the order of the states and transitions that hold them
    /// (the machine's transitions, then each state's entry, exit, transitions, timed transitions and
    /// `catch` transitions).
    public var allRaises: [Raise] {
        // One array filled in place: no array per list of actions.
        var result: [Raise] = []
        func add(_ actions: [Action]) {
            for action in actions { if case .raise(let raise) = action { result.append(raise) } }
        }
        for transition in machineTransitions { add(transition.actions) }
        for timed in machineTimedTransitions { add(timed.actions) }
        for state in states {
            add(state.entryActions)
            add(state.exitActions)
            for transition in state.transitions { add(transition.actions) }
            for timed in state.timedTransitions { add(timed.actions) }
            for caught in state.catchTransitions { add(caught.actions) }
        }
        return result
    }
}
