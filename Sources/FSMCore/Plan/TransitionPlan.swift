/// How the generated machine carries out one transition: what triggers it and which of the ways
/// of exiting and entering it takes. Decided once by ``MachinePlan``.
public struct TransitionPlan: Sendable, Hashable {
    /// Its place in ``Model/allTransitions``: how the step of a machine with regions names it.
    public let number: Int
    /// The transition as written.
    public let transition: Model.Transition
    /// The timed transition it is the transition of (fired at its timeout, 4d); `nil` for an event
    /// or completion transition.
    public let timed: Model.TimedTransition?

    /// How a transition is carried out.
    public enum Kind: Sendable, Hashable {
        /// No target: only the effects run.
        case `internal`
        /// From a leaf to itself or to a leaf beside it (the same parent, which is the domain):
        /// exits the source, runs the effects, enters the target, and walks no hierarchy.
        case betweenSiblingLeaves
        /// Any other external transition: exits the active states inside the domain, enters the
        /// path from just below it to the target, then the target's default entry. A transition to
        /// a proper descendant of its source (UML's local transition) is one: its domain is the
        /// source, which is not left.
        case general
        /// `-> pop`: enabled only on a non-empty stack; its target and domain are known when it fires.
        case pop
        /// `-> history S` / `-> deep history S`: S entered by its history.
        case history(Model.HistoryKind)
    }

    public let kind: Kind

    /// Whether it is a `-> push T`: it remembers the innermost active state on the stack first,
    /// then goes to T as its ``kind`` says.
    public var pushes: Bool { if case .push = transition.target { true } else { false } }

    /// The event that triggers it; `nil` for a completion transition.
    public var event: Int? { transition.event }
    /// The state whose body declares it; `nil` for the machine.
    public var source: Int? { transition.source }
    /// The state it names (the history's state for a history target); `nil` for an internal one and a pop.
    public var target: Int? { transition.target.state }
    /// The innermost state it does not leave (``Model/Transition/domain``); `nil` for the machine.
    public var domain: Int? { transition.domain }

    /// The leaf a one-leaf machine without history ends in when it enters the target: the target
    /// itself, or the leaf its initial states lead to. `nil` where the machine finds it at run time
    /// (by history, a pop) and where there is no target.
    public let enteredLeaf: Int?

    /// Whether, in a machine with regions, the transition stays inside one region and changes at
    /// most its leaf: an internal transition, or one between sibling leaves inside a state whose
    /// target is not a final state (entering a final state may complete the region). Such a
    /// transition conflicts with none and the step changes the leaf in place.
    public let staysInItsRegion: Bool

    init(
        _ transition: Model.Transition, number: Int, in model: Model, shape: MachinePlan.Shape,
        timed: Model.TimedTransition? = nil
    ) {
        self.number = number
        self.transition = transition
        self.timed = timed
        let kind = Self.kind(of: transition, in: model)
        self.kind = kind
        switch kind {
        case .betweenSiblingLeaves, .general:
            self.enteredLeaf = model.usesHistory ? nil : transition.target.state.map(model.initialLeaf(of:))
        case .internal, .pop, .history:
            self.enteredLeaf = nil
        }
        switch kind {
        case .internal: self.staysInItsRegion = true
        case .betweenSiblingLeaves:
            // Between top-level leaves the machine's one leaf changes: the general step does that. A
            // push remembers the innermost state, which a machine with regions has not (it has no push).
            guard case .state(let target) = transition.target else {
                self.staysInItsRegion = false
                break
            }
            self.staysInItsRegion = transition.domain != nil && !model.states[target].isFinal
        case .general, .pop, .history: self.staysInItsRegion = false
        }
    }

    private static func kind(of transition: Model.Transition, in model: Model) -> Kind {
        switch transition.target {
        case .internal: return .internal
        case .pop: return .pop
        case .history(_, let kind): return .history(kind)
        case .state(let target), .push(let target):
            guard let source = transition.source else { return .general }
            // Read in place: a copy of a state would retain each of its arrays.
            let states = model.states
            if states[source].children.isEmpty && states[target].children.isEmpty && states[source].parent == transition.domain
                && states[target].parent == transition.domain && !(transition.domain.map { states[$0].isParallel } ?? false)
            {
                return .betweenSiblingLeaves
            }
            return .general
        }
    }
}
