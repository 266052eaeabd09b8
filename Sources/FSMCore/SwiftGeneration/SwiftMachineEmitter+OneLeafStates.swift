/// Part 5 of the generated file for a machine with one active leaf (``MachinePlan/Shape/oneLeaf``):
/// the base class's members and each state's. A state's entry and exit activities are its
/// `enterInward` and `exitOutward`, which call the enclosing state's through `super`: entering or
/// leaving several levels is one dynamic call, then direct calls. The machine's own transitions are
/// tried by the context (part 3), not by the states.
extension SwiftMachineEmitter {
    /// The base class `State` and, where a transition's domain is a state, `StateID.depth`.
    func emitOneLeafStateClass(into out: inout CodeWriter) {
        let doc = [
            "A state: a class whose class methods handle the events, one per event, returning whether a",
            "transition fired (here, at the top, `false`). A state subclasses its enclosing state's class and",
            "overrides the events it handles: an event goes to the nearest state that handles it, in one call.",
        ]
        emitStateBaseClass(doc: doc, into: &out) { out in
            if uses(.completions) {
                out.docComment([
                    "The state that completes when this one is entered, if it has completion transitions: this",
                    "state (a simple state), or the composite state whose final child this is.",
                ])
                out.line("class var completes: \(names.stateMetatype)? { nil }")
            }
            emitOneLeafStateFacts(into: &out)
        } handlers: { out in
            // A state inherits its enclosing state's handlers: the top handles nothing.
            if plan.hasEvents { out.line() }
            for event in model.events.indices { out.line(handlerSignatures[event] + " { false }") }
            emitOneLeafWalks(into: &out)
        }
        if !plan.domainsAreTheMachine { emitDepths(into: &out) }
    }

    /// With history, the facts `enterInside` reads: each state's initial child, whether it is a
    /// final state inside a composite, its `initial history`.
    private func emitOneLeafStateFacts(into out: inout CodeWriter) {
        guard uses(.history) else { return }
        let state = names.stateMetatype
        let states = model.states.indices
        emitFact(
            "initial", type: "\(state)?", doc: ["The initial child of a composite state."],
            values: states.compactMap { index in model.states[index].initial.map { (index, names.stateType($0) + ".self") } },
            otherwise: "nil", into: &out)
        emitFlag(
            "isFinal", doc: ["Whether this is a final state inside a composite state."],
            states.filter { model.states[$0].isFinal && model.states[$0].parent != nil }, into: &out)
        emitFact(
            "initialHistory", type: "\(names.historyKind)?",
            doc: ["`initial history`: the default entry of this state enters it by its history."],
            values: states.compactMap { index in model.states[index].initialHistory.map { (index, ".\($0.rawValue)") } },
            otherwise: "nil", into: &out)
    }

    /// The base class's walks of the hierarchy: `isIn(_:)` where a state lies inside another, and the
    /// defaults of `exitOutward(to:_:_:)` and `enterInward(below:_:)`.
    private func emitOneLeafWalks(into out: inout CodeWriter) {
        if !plan.isFlat {
            emitIsIn(into: &out)
        }
        out.line()
        out.docComment(
            plan.domainsAreTheMachine
                ? ["Exits this state: its exit activities (`depth` is always -1: no state lies inside another)."]
                : [
                    "Exits this state and the states it lies inside, innermost first, as long as they lie deeper",
                    "than `depth` (the depth of a transition's domain, -1 for the whole machine). A state with",
                    "nothing to do on exit inherits its enclosing state's: one dynamic call, then direct calls.",
                ])
        out.line(
            "class func exitOutward(to depth: Int, _ \(names.contextVariable): \(names.machine), \(actionsParameter)) {}")
        out.docComment(
            plan.domainsAreTheMachine
                ? ["Enters this state: its entry activities."]
                : [
                    "Enters the states from just below `depth` down to this one, outermost first. A state with",
                    "nothing to do on entry inherits its enclosing state's.",
                ])
        out.line("class func enterInward(below depth: Int, \(entryParameters)) {}")
    }

    /// `State.isIn(_:)`, whether a state is one or lies inside it, for `isIn(_:)` and `handles(_:)`
    /// (written only when some state lies inside another).
    private func emitIsIn(into out: inout CodeWriter) {
        let state = names.stateMetatype
        out.line()
        out.docComment(["Whether this state is `id` or lies inside it."])
        // `handles(_:)` asks a test of the states outwards when many states declare an event.
        var signature = "static func isIn(_ id: StateID) -> Bool"
        var test = "current.id == id"
        if handlesWalksStates {
            out.line("static func isIn(_ id: StateID) -> Bool { isIn { $0 == id } }")
            out.line()
            out.docComment(["Whether `test` holds for this state or one of the states it lies inside."])
            signature = "static func isIn(where test: (StateID) -> Bool) -> Bool"
            test = "test(current.id)"
        }
        out.block(signature) { out in
            out.line("var state: \(state)? = self")
            out.block("while let current = state") { out in
                out.line("if \(test) { return true }")
                out.line("state = current.parent")
            }
            out.line("return false")
        }
    }

    /// A state's own members in a machine with one active leaf: the state its entry completes, and
    /// its exit and entry.
    func emitOneLeafStateMembers(_ index: Int, into out: inout CodeWriter) {
        if let completes = plan.completedOnEntry(of: index) {
            out.line("override class var completes: \(names.stateMetatype)? { \(names.stateType(completes)).self }")
        }
        emitOutwardAndInward(index, into: &out)
    }

    /// `StateID.depth`, how a transition's domain is told to `exitOutward` and `enterInward`.
    private func emitDepths(into out: inout CodeWriter) {
        var byDepth: [[Int]] = []
        for index in model.states.indices {
            let depth = model.ancestry(of: index).count - 1
            while byDepth.count <= depth { byDepth.append([]) }
            byDepth[depth].append(index)
        }
        out.line()
        out.lines(declarationAttributes())
        out.block("extension \(names.machine).StateID") { out in
            out.docComment(["How many states this state lies inside: 0 for a top-level state."])
            out.block("fileprivate var depth: Int") { out in
                out.line("switch self {")
                for (depth, states) in byDepth.enumerated() {
                    out.line("case " + states.map { ".\(names.stateCase($0))" }.joined(separator: ", ") + ": \(depth)")
                }
                out.line("}")
            }
            // A pop's domain is found at run time, from these.
            guard uses(.pop) else { return }
            out.line()
            out.docComment(["The state this state lies directly inside; `nil` for a top-level state."])
            out.block("fileprivate var enclosing: \(names.machine).StateID?") { out in
                out.line("switch self {")
                var byParent: [Int?: [Int]] = [:]
                var parents: [Int?] = []
                for index in model.states.indices {
                    let parent = model.states[index].parent
                    if byParent[parent] == nil { parents.append(parent) }
                    byParent[parent, default: []].append(index)
                }
                for parent in parents {
                    let cases = (byParent[parent] ?? []).map { ".\(names.stateCase($0))" }.joined(separator: ", ")
                    out.line("case \(cases): \(parent.map { "." + names.stateCase($0) } ?? "nil")")
                }
                out.line("}")
            }
            out.line()
            out.docComment(["Whether this state is `state` or lies inside it."])
            out.block("fileprivate func lies(in state: \(names.machine).StateID) -> Bool") { out in
                out.line("var current = self")
                out.line("while current.depth > state.depth, let next = current.enclosing { current = next }")
                out.line("return current == state")
            }
        }
    }

    /// `exitOutward(to:_:_:)` and `enterInward(below:_:)` of a state that has something to do on
    /// exit or entry: its own part, then (or, entering, before it) its enclosing state's, called
    /// through `super`, so a walk through the hierarchy makes one dynamic call.
    private func emitOutwardAndInward(_ index: Int, into out: inout CodeWriter) {
        let state = model.states[index]
        let actionsName = names.actionsVariable
        let context = names.contextVariable
        let depth = model.ancestry(of: index).count - 1
        let onExit = plan.onExit(of: index)
        let onEntry = plan.onEntry(of: index)
        if !onExit.isEmpty || state.recordsHistory {
            out.line()
            out.block(
                "override class func exitOutward(to depth: Int, _ \(context): \(names.machine), \(actionsParameter))"
            ) { out in
                // When every domain is the machine (``MachinePlan/domainsAreTheMachine``), a state is always exited.
                if !plan.domainsAreTheMachine { out.line("guard depth < \(depth) else { return }") }
                if state.recordsHistory {
                    out.line("\(context).machine.history[.\(names.stateCase(index))] = \(context).machine.current")
                }
                emitWork(onExit, context: .parameter, into: &out)
                if state.parent != nil { out.line("super.exitOutward(to: depth, \(context), \(actionsName))") }
            }
        }
        if !onEntry.isEmpty {
            out.line()
            out.block("override class func enterInward(below depth: Int, \(entryParameters))") { out in
                guard state.parent != nil else {
                    if !plan.domainsAreTheMachine { out.line("guard depth < \(depth) else { return }") }
                    emitWork(onEntry, context: .parameter, into: &out)
                    return
                }
                out.line("super.enterInward(below: depth, \(entryArguments(machine: context)))")
                out.block("if depth < \(depth)") { out in
                    emitWork(onEntry, context: .parameter, into: &out)
                }
            }
        }
    }
}
