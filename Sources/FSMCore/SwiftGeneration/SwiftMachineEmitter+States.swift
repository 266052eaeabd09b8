/// Part 5 of the generated file: the State pattern — a base class for all states and one class per
/// state, a subclass of its enclosing state's.
///
/// Why classes rather than a protocol with default implementations: a protocol conformance needs a
/// witness for every requirement, so each state type got one thunk per event of the machine, and
/// `swiftc -O` spent most of its time on them (states × events functions). A class inherits the
/// defaults through its vtable: the generated code grows with the transitions written, not with
/// states × events. Dispatch stays one dynamic call on a metatype (docs/Performance.md).
extension SwiftMachineEmitter {
    func emitStates(into out: inout CodeWriter) {
        out.line("// MARK: - States")
        out.line()
        emitStateClass(into: &out)
        if !hasRegions && !plan.domainsAreTheMachine { emitDepths(into: &out) }
        for index in model.states.indices {
            out.line()
            emitStateType(index, into: &out)
        }
    }

    /// `disarm(code: code, context, actions)`
    private func handlerCallArguments(_ event: Int) -> String {
        let arguments = names.argumentList(event) + [names.contextVariable, names.actionsVariable]
        return "\(names.eventMethod(event))(\(arguments.joined(separator: ", ")))"
    }

    var actionsParameter: String { "_ \(names.actionsVariable): \(names.actionsExistential)" }

    /// The parameters of a state's entry: the actions, and the machine first where entries arm
    /// timers or raise events (``MachinePlan/workNeedsMachine``).
    var entryParameters: String {
        plan.workNeedsMachine ? "_ \(names.contextVariable): \(names.machine), \(actionsParameter)" : actionsParameter
    }

    /// The arguments of a call of a state's entry, the machine written as `machine`.
    func entryArguments(machine: String) -> String {
        plan.workNeedsMachine ? "\(machine), \(names.actionsVariable)" : names.actionsVariable
    }

    private func emitStateClass(into out: inout CodeWriter) {
        let machineName = names.machine
        let state = names.stateMetatype
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(machineName)") { out in
            out.docComment(
                hasRegions
                    ? [
                        "A state: a class whose class methods handle the events, one method per event. It is never",
                        "instantiated: the machine holds classes (`State.Type`), one active leaf per region. An",
                        "event method selects the state's first enabled transition for the event (the step fires",
                        "it later, with those of the other regions). A state is a subclass of its enclosing state's",
                        "class and overrides the events it handles, so an event it does not handle goes to the",
                        "nearest enclosing state that does, in one dynamic call; here, at the top, are the machine's",
                        "own transitions. A state already examined for the event is not examined again.",
                    ]
                    : [
                        "A state: a class whose class methods handle the events, one method per event. It is never",
                        "instantiated: the machine holds the class itself (a `State.Type`). An event method returns",
                        "whether a transition fired; here, at the top, it reports \"not handled\". A state is a",
                        "subclass of its enclosing state's class and overrides the events it handles, so an event it",
                        "does not handle goes to the nearest enclosing state that does: one dynamic call per event",
                        "however deep the state, and nothing copied or allocated.",
                    ])
            out.lines(declarationAttributes())
            out.block("fileprivate class State") { out in
                // Without a declared initializer, swiftc synthesises a nonisolated `init()` here and a
                // main-actor one in each state under `-default-isolation MainActor`, and rejects the
                // overrides. A private one is inherited by no state: none gets an `init()` at all.
                out.docComment(["Never instantiated: the machine holds the class itself."])
                out.line("private init() {}")
                out.docComment(["The state's case of `StateID`; every state overrides it."])
                out.line("class var id: StateID { preconditionFailure(\"every state overrides id\") }")
                if !plan.isFlat || hasRegions {
                    out.docComment(["The enclosing state; `nil` for a top-level state."])
                    out.line("class var parent: \(state)? { nil }")
                }
                if hasFinishedFlag {
                    out.docComment(["Whether entering this state finishes the machine (a top-level final state)."])
                    out.line("class var finishesMachine: Bool { false }")
                }
                if hasRegions {
                    out.docComment(["The state's place in document order; every state overrides it."])
                    out.line("class var number: Int { preconditionFailure(\"every state overrides number\") }")
                } else if uses(.completions) {
                    out.docComment([
                        "The state that completes when this one is entered, if it has completion transitions: this",
                        "state (a simple state), or the composite state whose final child this is.",
                    ])
                    out.line("class var completes: \(state)? { nil }")
                }
                emitStateFacts(into: &out)
                if uses(.completions) {
                    out.docComment(["Tries the state's completion transitions in order; returns whether one fired."])
                    out.line(
                        "class func completion(_ \(names.contextVariable): \(machineName), \(actionsParameter)) -> Bool { false }"
                    )
                }
                if !hasRegions && plan.hasEvents { out.line() }
                for event in model.events.indices {
                    // Without regions a state inherits its enclosing state's handlers: the top handles nothing.
                    // With regions, the machine's own transitions are here, and a leaf inherits them when no
                    // state around it handles the event.
                    let machineTransitions = hasRegions ? plan.transitions(declaredIn: nil, on: event) : []
                    guard !machineTransitions.isEmpty else {
                        out.line(handlerSignatures[event] + " { false }")
                        continue
                    }
                    out.line()
                    out.block(handlerSignatures[event]) { out in
                        // The machine's own transitions, examined once per event.
                        out.line(
                            "guard \(names.contextVariable).machine.regions.examine(\(model.states.count)) else { return false }")
                        if !emitTransitions(machineTransitions, source: nil, context: .parameter, into: &out) {
                            out.line("return false")
                        }
                    }
                }
                // With regions, the machine answers from its configuration and enters the states.
                guard !hasRegions else { return }
                if !plan.isFlat {
                    emitIsIn(into: &out)
                }
                out.line()
                out.docComment(
                    plan.domainsAreTheMachine
                        ? [
                            "Exits this state: its exit activities. `depth`, the depth of a transition's domain, is always -1",
                            "here (the whole machine): no state lies inside another.",
                        ]
                        : [
                            "Exits this state and the states it lies inside, innermost first, as long as they lie deeper",
                            "than `depth` (the depth of a transition's domain, -1 for the whole machine). A state with",
                            "nothing to do on exit inherits its enclosing state's: one dynamic call, then direct calls.",
                        ])
                out.line(
                    "class func exitOutward(to depth: Int, _ \(names.contextVariable): \(machineName), \(actionsParameter)) {}")
                out.docComment(
                    plan.domainsAreTheMachine
                        ? ["Enters this state: its entry activities."]
                        : [
                            "Enters the states from just below `depth` down to this one, outermost first. A state with",
                            "nothing to do on entry inherits its enclosing state's.",
                        ])
                out.line("class func enterInward(below depth: Int, \(entryParameters)) {}")
            }
        }
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

    private func emitStateType(_ index: Int, into out: inout CodeWriter) {
        let state = model.states[index]
        let machineName = names.machine
        var doc = state.docComment
        if !doc.isEmpty { doc.append("") }
        let kind =
            state.isFinal ? "final state" : state.isParallel ? "parallel state" : state.isComposite ? "composite state" : "state"
        doc.append("The \(kind) `\(state.name)`" + (state.parent.map { ", inside `\(model.states[$0].name)`." } ?? "."))
        out.docComment(doc)
        // A state subclasses its enclosing state (behavioural inheritance); a state with children is
        // subclassed, the others are final.
        // The lines every state has are written piece by piece: a large machine has thousands of states.
        if uses(.timers) { out.line(Self.availability) }
        out.beginLine()
        out.write(state.isComposite ? "fileprivate class " : "fileprivate final class ")
        out.write(names.stateType(index))
        out.write(": ")
        if let parent = state.parent {
            out.write(names.stateType(parent))
        } else {
            out.write(machineName)
            out.write(".State")
        }
        out.endLine { out in
            out.beginLine()
            out.write("override class var id: ")
            out.write(machineName)
            out.write(".StateID { .")
            out.write(names.stateCase(index))
            out.write(" }")
            out.endLine()
            if let parent = state.parent {
                out.beginLine()
                out.write("override class var parent: ")
                out.write(names.stateMetatype)
                out.write("? { ")
                out.write(names.stateType(parent))
                out.write(".self }")
                out.endLine()
            }
            if state.isFinal && state.parent == nil {
                out.line("override class var finishesMachine: Bool { true }")
            }
            if hasRegions {
                out.line("override class var number: Int { \(index) }")
            } else {
                if let completes = plan.completedOnEntry(of: index) {
                    out.line("override class var completes: \(names.stateMetatype)? { \(names.stateType(completes)).self }")
                }
                emitOutwardAndInward(index, into: &out)
            }
            let completions = plan.transitions(declaredIn: index, on: nil)
            if !completions.isEmpty {
                out.line()
                out.block(
                    "override class func completion(_ \(names.contextVariable): \(machineName), \(actionsParameter)) -> Bool"
                ) {
                    out in
                    if !emitTransitions(completions, source: index, context: .parameter, into: &out) {
                        // Dropped: not an unhandled event, and not remembered.
                        out.line("return false")
                    }
                }
            }
            // The state's events in the order of `Event`, each with its transitions in written order:
            // one pass over the state's own transitions, not one per event of the machine.
            let own = plan.transitions(declaredIn: index)
            for event in Set(own.compactMap(\.event)).sorted() {
                let transitions = own.filter { $0.event == event }
                out.line()
                out.beginLine()
                out.write("override ")
                out.write(handlerSignatures[event])
                out.endLine { out in
                    if plan.statesExaminedOnce.contains(index) {
                        out.line("guard \(names.contextVariable).machine.regions.examine(\(index)) else { return false }")
                    }
                    if !emitTransitions(transitions, source: index, context: .parameter, into: &out) {
                        out.line(fallback(for: event, from: index))
                    }
                }
            }
        }
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
                // In a flat machine every domain is the machine: a state is always exited.
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

    /// When none of a state's own transitions fires: its superclass's handler (the nearest enclosing
    /// state that declares transitions for the event, or with regions the machine's own transitions,
    /// which the base class holds), or "not handled" (without regions the machine level is tried by
    /// the context).
    private func fallback(for event: Int, from index: Int) -> String {
        let enclosingHandles = model.ancestry(of: index).dropFirst().contains { ancestor in
            model.states[ancestor].transitions.contains { $0.event == event }
        }
        let machineHandles = hasRegions && !plan.transitions(declaredIn: nil, on: event).isEmpty
        return enclosingHandles || machineHandles ? "return super.\(handlerCallArguments(event))" : "return false"
    }
}
