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
    public var states: [State] { didSet { summary = Summary(states: states, machineTransitions: machineTransitions) } }
    /// The states declared directly in the machine, in order.
    public var topLevelStates: [Int]
    /// The machine's `initial` state.
    public var initialState: Int
    /// Transitions declared directly in the machine; they apply in every state.
    public var machineTransitions: [Transition] {
        didSet { summary = Summary(states: states, machineTransitions: machineTransitions) }
    }
    /// Events in order of first appearance (declaration or use) in the file.
    public var events: [Event]
    /// Guards and actions in order of first use: the requirements of the generated actions protocol.
    public var requirements: [Requirement]
    /// The names of the guards among the requirements, in order of first use.
    public var guardNames: [String] { requirements.filter(\.isGuard).map(\.name) }
    /// The facts about the whole machine (``usesPush``, ``hasParallelStates``, …), made again
    /// whenever ``states`` or ``machineTransitions`` change rather than on each question: the Swift
    /// emitter asks them once per state and per transition, and a scan per question made generating
    /// a large machine quadratic.
    private var summary: Summary

    init(
        name: String, nameRange: SourceRange, docComment: [String], states: [State], topLevelStates: [Int], initialState: Int,
        machineTransitions: [Transition], events: [Event], requirements: [Requirement]
    ) {
        self.name = name
        self.nameRange = nameRange
        self.docComment = docComment
        self.states = states
        self.topLevelStates = topLevelStates
        self.initialState = initialState
        self.machineTransitions = machineTransitions
        self.events = events
        self.requirements = requirements
        self.summary = Summary(states: states, machineTransitions: machineTransitions)
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
        public var entry: [Call]
        public var exit: [Call]
        /// The transitions declared in this state's body, in order.
        public var transitions: [Transition]
        /// 0 for a state declared directly in the machine.
        public var depth: Int
        /// Whether all the children are active together (section 4c). No version-1 machine has
        /// such a state; the derivations of Model+Structure already follow its rules, so the
        /// feature is added to the language without changing them.
        public var isParallel = false

        public var isComposite: Bool { !children.isEmpty }
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
        public var effects: [Call]
        public var target: Target
        /// The state whose body declares the transition; `nil` for the machine.
        public var source: Int?
        public var range: SourceRange
        /// The domain (``Model/domain(from:to:)``) of a transition to a state or a `push`,
        /// computed once when the model is built; `nil` (the machine) for the others: an internal
        /// transition exits nothing, and a `pop` learns its target only when it fires.
        public var domain: Int? = nil

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

    /// One requirement of the actions protocol.
    public struct Requirement: Sendable, Hashable {
        public var name: String
        public var parameters: [RequirementParameter]
        public var isGuard: Bool
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

        init(states: [State], machineTransitions: [Transition]) {
            func note(_ transitions: [Transition]) {
                for transition in transitions {
                    switch transition.target {
                    case .push: usesPush = true
                    case .pop: usesPop = true
                    case .internal, .state, .history: break
                    }
                    if transition.isCompletion { usesCompletion = true }
                }
            }
            note(machineTransitions)
            for state in states {
                note(state.transitions)
                if state.recordsHistory { usesHistory = true }
                if state.isParallel { hasParallelStates = true }
            }
        }
    }

    /// Whether some transition, the machine's or a state's, satisfies `predicate`.
    public func containsTransition(where predicate: (Transition) -> Bool) -> Bool {
        machineTransitions.contains(where: predicate) || states.contains { $0.transitions.contains(where: predicate) }
    }

    /// Every transition, the machine's first, then each state's in order; read in place, not copied
    /// into one array.
    public var allTransitions: FlattenSequence<[[Transition]]> { ([machineTransitions] + states.map(\.transitions)).joined() }
}
