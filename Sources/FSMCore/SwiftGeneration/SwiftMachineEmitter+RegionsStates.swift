/// Part 5 of the generated file for a machine with regions (``MachinePlan/Shape/regions``): the base
/// class's members and each state's. Each state also has its `number`, its place in document order;
/// the entry and exit activities are facts of the base class, by number (the step has the number
/// at hand), and the machine's own transitions are the base class's handlers, so that a leaf
/// inherits them when no state around it handles the event.
extension SwiftMachineEmitter {
    /// The base class `State`.
    func emitRegionsStateClass(into out: inout CodeWriter) {
        let doc = [
            "A state: a class whose class methods handle the events, one per event, each selecting the state's",
            "first enabled transition (the step fires it with those of the other active leaves). A state",
            "subclasses its enclosing state's class and overrides the events it handles: an event goes to the",
            "nearest state that handles it, in one call; here, at the top, are the machine's own transitions.",
        ]
        emitStateBaseClass(doc: doc, into: &out) { out in
            out.docComment(["The state's place in document order; every state overrides it."])
            out.line("class var number: Int { preconditionFailure(\"every state overrides number\") }")
            emitRegionsStateFacts(into: &out)
        } handlers: { out in
            for event in model.events.indices {
                let machineTransitions = plan.transitions(declaredIn: nil, on: event)
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
        }
    }

    /// The facts the step reads of a state: whether it is parallel, whether it has completion
    /// transitions, its own entry and exit activities. The rest of a state's place in the tree is in
    /// the machine's `rules`, for the rules of its step.
    private func emitRegionsStateFacts(into out: inout CodeWriter) {
        let states = model.states.indices
        emitFlag("isParallel", doc: [], states.filter { model.states[$0].isParallel }, into: &out)
        if uses(.completions) {
            emitFlag(
                "hasCompletion", doc: ["Whether the state has completion transitions (its completion is worth queueing)."],
                plan.statesWithCompletion.sorted(), into: &out)
        }
        emitWork("entry", doc: "The own entry activities of the state numbered `number`.", plan.onEntry(of:), into: &out)
        emitWork("exit", doc: "The own exit activities of the state numbered `number`.", plan.onExit(of:), into: &out)
    }

    /// `static func entry(_ number: Int, _ actions:)`: what each state's entry (or exit) does, by
    /// the state's number, which the step has at hand (the direct step reads it to know whether the
    /// state is exited): asking the state its `id` again would be one more dynamic call per state.
    private func emitWork(_ name: String, doc: String, _ work: (Int) -> [StateWork], into out: inout CodeWriter) {
        out.docComment([doc])
        let states = model.states.indices.filter { !work($0).isEmpty }
        let signature = "static func \(name)(_ number: Int, \(entryParameters))"
        guard !states.isEmpty else { return out.line(signature + " {}") }
        out.block(signature) { out in
            out.line("switch number {")
            for state in states {
                out.line("case \(state):  // \(model.states[state].name)")
                out.indented { emitWork(work(state), context: .parameter, into: &$0) }
            }
            out.line("default: break")
            out.line("}")
        }
    }

    /// A state's own member in a machine with regions: its number.
    func emitRegionsStateMembers(_ index: Int, into out: inout CodeWriter) {
        out.line("override class var number: Int { \(index) }")
    }
}
