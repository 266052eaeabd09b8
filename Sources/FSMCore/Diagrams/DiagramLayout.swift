/// What a diagram of a model shows, decided once for every format: which lines go in each state's
/// compartment, which transitions are drawn as edges (deduplicated, with their labels and
/// stereotypes) and which are listed as lines instead. ``DOTEmitter`` and ``MermaidEmitter`` only
/// render it, so the two formats always show the same diagram.
///
/// A transition is listed, not drawn, when it is internal or runs between a composite state and
/// its own contents, in either direction (from the composite to itself or a state inside it, or
/// from inside the composite to the composite or an ancestor of its source that contains it).
/// Neither format can draw such an edge faithfully: Graphviz clips an edge only at a cluster it
/// leaves or enters, and Mermaid cannot connect a composite to its own contents. It is written as
/// a line `event [guard] / effect → Target` of its source.
struct DiagramLayout {
    /// A transition drawn as an edge.
    struct Edge: Hashable {
        /// The source state; `nil`: the machine's "any state" box.
        var source: Int?
        /// The target state; `nil`: the history pseudostate `H*` a pop returns through.
        var target: Int?
        /// The label, with the `«push»`/`«pop»` stereotype of a push or pop; such edges are dashed.
        var label: DiagramText.Label
        /// The innermost composite state containing both ends (`nil`: the machine), where a format
        /// that nests states writes the edge.
        var scope: Int?
    }

    /// The compartment lines of each state, by state index: `entry / …`, `exit / …`, then its
    /// listed transitions. An overview keeps only the lines of transitions with a target.
    let compartments: [[String]]
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

    init(model: Model, detail: DiagramDetail) {
        func isListed(_ transition: Model.Transition) -> Bool {
            switch transition.target {
            case .internal: return true
            case .pop: return false
            case .state(let target), .push(let target), .history(let target, _):
                guard let source = transition.source else { return false }
                return (model.states[source].isComposite && model.isDescendant(target, of: source))
                    || (source != target && model.isDescendant(source, of: target))
            }
        }
        func listedLines(_ transitions: [Model.Transition]) -> [String] {
            transitions.filter { isListed($0) && (detail == .full || $0.target != .internal) }.map {
                DiagramText.listedTransition($0, in: model, detail: detail)
            }
        }
        compartments = model.states.map { state in
            var lines: [String] = []
            if detail == .full, !state.entry.isEmpty { lines.append("entry / " + DiagramText.calls(state.entry)) }
            if detail == .full, !state.exit.isEmpty { lines.append("exit / " + DiagramText.calls(state.exit)) }
            return lines + listedLines(state.transitions)
        }
        anyStateLines = listedLines(model.machineTransitions)
        showsAnyState = !anyStateLines.isEmpty || model.machineTransitions.contains { !isListed($0) }
        showsHistory = model.usesPop

        var edges: [Edge] = []
        var seen = Set<Edge>()
        for transition in model.allTransitions where !isListed(transition) {
            let edge = Self.edge(for: transition, in: model, detail: detail)
            if seen.insert(edge).inserted { edges.append(edge) }
        }
        self.edges = edges
        edgesByScope = Dictionary(grouping: edges, by: \.scope)
    }

    private static func edge(for transition: Model.Transition, in model: Model, detail: DiagramDetail) -> Edge {
        var label = DiagramText.label(transition, in: model, detail: detail)
        let target: Int?
        switch transition.target {
        case .internal: preconditionFailure("internal transitions are listed, not drawn")
        case .state(let index), .history(let index, _): target = index
        case .push(let index):
            target = index
            label.stereotype = "«push»"
        case .pop:
            target = nil
            label.stereotype = "«pop»"
        }
        return Edge(source: transition.source, target: target, label: label, scope: scope(transition.source, target, in: model))
    }

    /// The innermost composite state containing both `source` and `target` (`nil`: the machine).
    private static func scope(_ source: Int?, _ target: Int?, in model: Model) -> Int? {
        guard let source, let target else { return nil }
        var current = model.states[source].parent
        while let candidate = current {
            if model.isDescendant(target, of: candidate) { return candidate }
            current = model.states[candidate].parent
        }
        return nil
    }
}
