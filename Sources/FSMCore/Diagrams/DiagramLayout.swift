/// What a diagram of a model shows, decided once for every format: which lines go in each state's
/// compartment, which pseudostates each state holds, which transitions are drawn as edges
/// (deduplicated, with their labels and stereotypes) and which are listed as lines instead.
/// ``DOTEmitter`` and ``MermaidEmitter`` only render it, so the two formats always show the same
/// diagram.
///
/// A transition is listed, not drawn, when it is internal or runs between a composite state and
/// its own contents, in either direction (from the composite to itself or a state inside it, or
/// from inside the composite to the composite or an ancestor of its source that contains it).
/// Neither format can draw such an edge faithfully: Graphviz clips an edge only at a cluster it
/// leaves or enters, and Mermaid cannot connect a composite to its own contents. It is written as
/// a line `event [guard] / effect → Target` of its source.
///
/// A timed transition (section 4d) is one more transition, labelled with UML's time event where an
/// event's name stands (`after(5s) [guard] / effect`): drawn, or listed by the same rule, an `every`
/// (always internal) and an `after` without a target listed as internal transitions are. A `raise`
/// shows in any list of actions as `raise e(label: value)`.
///
/// A history transition (`-> history S`, `-> deep history S`) ends at S's `H` or `H*` pseudostate,
/// a node inside S, not at S's border, so it is drawn from anywhere outside or inside S; only one
/// declared in S itself or in a composite containing S is listed (the composite would be connected
/// to its own contents).
///
/// A parallel state (section 4c) has no initial pseudostate of its own: all its regions are entered.
/// Each region is drawn as a dashed compartment of it: a composite or parallel region is that
/// compartment, named, holding its contents (a composite one its own initial pseudostate, a
/// parallel one its regions); a simple region is an unnamed compartment holding the state and the
/// region's initial pseudostate, which points at it. A transition from one region into another is
/// an edge like any other.
struct DiagramLayout {
    /// Something an edge starts or ends at.
    enum Node: Hashable {
        /// A state; a composite one at its border.
        case state(Int)
        /// The `H` (shallow) or `H*` (deep) history pseudostate inside a composite state.
        case history(Int, Model.HistoryKind)
        /// The machine's history pseudostate `H*` a pop returns through.
        case pop
        /// The machine's "any state" box, where the machine's own transitions start.
        case anyState

        /// The state the node is or lies in: its own for a state, the one it belongs to for a history
        /// pseudostate; `nil` for the machine's pseudostate and box.
        var state: Int? {
            switch self {
            case .state(let index), .history(let index, _): index
            case .pop, .anyState: nil
            }
        }
    }

    /// A transition drawn as an edge.
    struct Edge: Hashable {
        var source: Node
        var target: Node
        /// The label, with the `«push»`/`«pop»` stereotype of a push or pop; such edges are dashed.
        /// Empty for a completion transition without guard or effects (in an overview, any).
        var label: WrittenText.Label
        /// The composite state in whose block a format that nests states writes the edge (`nil`:
        /// the machine's top level); see ``DiagramLayout/scope(from:to:in:)``.
        var scope: Int?
    }

    /// A history pseudostate inside its composite state.
    struct HistoryPseudostate: Hashable {
        var kind: Model.HistoryKind
        /// The state its default history transition leads to (UML's arrow from `H` to the state
        /// entered when there is no history yet): the initial child of a state with `initial
        /// history`, for the pseudostate of that kind; `nil` for the others, which fall back on
        /// the state's default entry (its initial pseudostate), as in UML.
        var defaultTarget: Int?

        /// What the pseudostate shows: UML's `H` for shallow history, `H*` for deep history.
        var symbol: String { kind == .deep ? "H*" : "H" }
    }

    /// The compartment lines of each state, by state index: `entry / …`, `exit / …`, then its
    /// listed transitions. An overview keeps only the lines of transitions with a target.
    let compartments: [[String]]
    /// The history pseudostates inside each state, by state index, shallow before deep: one for
    /// each kind of history some transition targets or the state's `initial history` uses.
    let histories: [[HistoryPseudostate]]
    /// The listed machine transitions, the lines of the "any state" box.
    let anyStateLines: [String]
    /// Whether the "any state" box is shown: some machine transition is drawn or listed.
    let showsAnyState: Bool
    /// Whether the history pseudostate `H*` is shown: some transition pops.
    let showsHistory: Bool
    /// The edges, deduplicated (transitions that look the same are drawn once), in the order written.
    let edges: [Edge]
    /// ``edges`` grouped by ``Edge/scope``, each group in the order written.
    let edgesByScope: [Int?: [Edge]]
    private let model: Model

    init(model: Model, detail: DiagramDetail) {
        self.model = model
        let machineArrows = Self.arrows(model.machineTransitions, model.machineTimedTransitions, in: model, detail: detail)
        let stateArrows = model.states.map {
            Self.arrows($0.transitions, $0.timedTransitions, $0.catchTransitions, in: model, detail: detail)
        }
        func listedLines(_ arrows: [Arrow]) -> [String] {
            arrows.filter { $0.isListed && (detail == .full || $0.target != .internal) }.map {
                WrittenText.listedTransition(label: $0.label.oneLine, target: $0.target, in: model)
            }
        }
        compartments = model.states.indices.map { index in
            let state = model.states[index]
            var lines: [String] = []
            if detail == .full, !state.entryActions.isEmpty {
                lines.append("entry / " + WrittenText.actions(state.entryActions, in: model))
            }
            if detail == .full, !state.exitActions.isEmpty {
                lines.append("exit / " + WrittenText.actions(state.exitActions, in: model))
            }
            if detail == .full, let activity = state.activity { lines.append("do / " + WrittenText.call(activity.call)) }
            return lines + listedLines(stateArrows[index])
        }
        histories = Self.histories(in: model)
        anyStateLines = listedLines(machineArrows)
        showsAnyState = !anyStateLines.isEmpty || machineArrows.contains { !$0.isListed }
        showsHistory = model.usesPop || model.allTimedTransitions.contains { $0.target == .pop }

        var edges: [Edge] = []
        var seen = Set<Edge>()
        // Room for every transition up front: growing the set would hash every edge again.
        seen.reserveCapacity(stateArrows.reduce(machineArrows.count) { $0 + $1.count })
        for arrow in ([machineArrows] + stateArrows).joined() where !arrow.isListed {
            let edge = Self.edge(for: arrow, in: model)
            if seen.insert(edge).inserted { edges.append(edge) }
        }
        self.edges = edges
        edgesByScope = Dictionary(grouping: edges, by: \.scope)
    }

    /// A transition or a timed transition as the diagram sees it: where it starts and goes, its
    /// label, and whether it is listed in its source's compartment rather than drawn.
    private struct Arrow {
        /// The state whose body declares it; `nil` for the machine.
        var source: Int?
        var target: Model.Target
        var label: WrittenText.Label
        var isListed: Bool
        /// Where it is written, to keep the order of the source.
        var position: Int

        init(source: Int?, target: Model.Target, label: WrittenText.Label, range: SourceRange, in model: Model) {
            self.source = source
            self.target = target
            self.label = label
            self.isListed = DiagramLayout.isListed(target: target, source: source, in: model)
            self.position = range.start
        }
    }

    /// The transitions, timed transitions and `catch` transitions declared in one body, in the
    /// order written. A timed transition is drawn as any transition, its time event (`after(5s)`)
    /// standing for the event; an `every` is internal, so it is listed in its state like an internal
    /// transition. A `catch` transition is drawn (or listed) the same way, `catch` standing for the event.
    private static func arrows(
        _ transitions: [Model.Transition], _ timedTransitions: [Model.TimedTransition],
        _ catchTransitions: [Model.CatchTransition] = [], in model: Model, detail: DiagramDetail
    ) -> [Arrow] {
        var arrows = transitions.map {
            Arrow(
                source: $0.source, target: $0.target, label: WrittenText.label($0, in: model, detail: detail), range: $0.range,
                in: model)
        }
        guard !timedTransitions.isEmpty || !catchTransitions.isEmpty else { return arrows }
        arrows += timedTransitions.map {
            Arrow(
                source: $0.source, target: $0.target, label: WrittenText.label($0, in: model, detail: detail), range: $0.range,
                in: model)
        }
        arrows += catchTransitions.map {
            Arrow(
                source: $0.source, target: $0.target, label: WrittenText.label($0, in: model, detail: detail), range: $0.range,
                in: model)
        }
        arrows.sort { $0.position < $1.position }
        return arrows
    }

    /// Where the initial pseudostate of a composite state (of the machine, for `nil`) points: its
    /// initial child, or, with `initial history`, the history pseudostate of that kind, whose
    /// default history transition then leads to the initial child (UML's notation for a region
    /// entered by its history by default). A parallel state has none: `nil`.
    func initialTarget(of scope: Int?) -> Node? {
        guard let scope else { return .state(model.initialState) }
        if let kind = model.states[scope].initialHistory { return .history(scope, kind) }
        return model.states[scope].initial.map(Node.state)
    }

    /// Whether the state is a region: a child of a parallel state, drawn as a dashed compartment of it.
    func isRegion(_ index: Int) -> Bool {
        model.states[index].parent.map { model.states[$0].isParallel } ?? false
    }

    private static func isListed(target: Model.Target, source: Int?, in model: Model) -> Bool {
        switch target {
        case .internal: return true
        case .pop: return false
        case .history(let target, _):
            // The pseudostate lies inside `target`: only a source that contains it cannot reach it.
            guard let source else { return false }
            return model.isDescendant(target, of: source)
        case .state(let target), .push(let target):
            guard let source else { return false }
            return (model.states[source].isComposite && model.isDescendant(target, of: source))
                || (source != target && model.isDescendant(source, of: target))
        }
    }

    private static func histories(in model: Model) -> [[HistoryPseudostate]] {
        var kinds = model.states.map { state in Set([state.initialHistory].compactMap { $0 }) }
        let targets =
            model.allTransitions.lazy.map(\.target) + model.allTimedTransitions.lazy.map(\.target)
            + model.allCatchTransitions.lazy.map(\.target)
        for target in targets {
            if case .history(let state, let kind) = target { kinds[state].insert(kind) }
        }
        return model.states.indices.map { index in
            [Model.HistoryKind.shallow, .deep].filter(kinds[index].contains).map { kind in
                let state = model.states[index]
                return HistoryPseudostate(kind: kind, defaultTarget: state.initialHistory == kind ? state.initial : nil)
            }
        }
    }

    private static func edge(for arrow: Arrow, in model: Model) -> Edge {
        var label = arrow.label
        let target: Node
        switch arrow.target {
        case .internal: preconditionFailure("internal transitions are listed, not drawn")
        case .state(let index): target = .state(index)
        case .history(let index, let kind): target = .history(index, kind)
        case .push(let index):
            target = .state(index)
            label.stereotype = "«push»"
        case .pop:
            target = .pop
            label.stereotype = "«pop»"
        }
        return Edge(
            source: arrow.source.map(Node.state) ?? .anyState, target: target, label: label,
            scope: scope(from: arrow.source, to: target, in: model))
    }

    /// The block an edge from `source` (`nil`: the "any state" box) to `target` is written in: the
    /// composite state both ends lie directly in (for a history pseudostate, the state it belongs
    /// to), and otherwise the machine's top level. Mermaid moves a state into the last block (other
    /// than the top level) that mentions it, and splits a parallel state's block into one block per
    /// region, so an edge written in any other block would move one of its ends there: out of its
    /// parent, or into another region.
    private static func scope(from source: Int?, to target: Node, in model: Model) -> Int? {
        guard let source, let block = model.states[source].parent, !model.states[block].isParallel else { return nil }
        switch target {
        case .state(let index): return model.states[index].parent == block ? block : nil
        case .history(let index, _): return index == block ? block : nil
        case .pop, .anyState: return nil
        }
    }
}
