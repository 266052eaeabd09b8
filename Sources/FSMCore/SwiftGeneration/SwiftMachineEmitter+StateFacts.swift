/// What describes each state at run time — in a machine with regions, whether it is parallel, has
/// completion transitions, and its own entry and exit activities; in a machine with history and one
/// active leaf, its initial child, whether it is final and its `initial history` — in the base class
/// `State`, one `switch` over `id` per fact (the entries and exits by number).
///
/// The states subclass their enclosing states so that an event a state does not handle goes to
/// the enclosing state's handler. What describes a state must not be inherited that way: written
/// as overrides, a leaf would inherit its composite parent's initial child and activities and have
/// to override them back. Looked up by `id` in one place, each fact is written once per state that
/// has it, and a reader finds every state's facts side by side.
extension SwiftMachineEmitter {
    /// The facts the machine's states need at run time, in the base class.
    func emitStateFacts(into out: inout CodeWriter) {
        let state = names.stateMetatype
        let states = model.states.indices
        if hasRegions {
            // The rest of a state's place in the tree is in the machine's `rules`, for the rules of its step.
            emitFlag("isParallel", doc: [], states.filter { model.states[$0].isParallel }, into: &out)
            if uses(.completions) {
                emitFlag(
                    "hasCompletion", doc: ["Whether the state has completion transitions (its completion is worth queueing)."],
                    plan.statesWithCompletion.sorted(), into: &out)
            }
        } else if uses(.history) {
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
        if hasRegions {
            emitWork("entry", doc: "The own entry activities of the state numbered `number`.", plan.onEntry(of:), into: &out)
            emitWork("exit", doc: "The own exit activities of the state numbered `number`.", plan.onExit(of:), into: &out)
        }
    }

    /// `static var name: Bool`, true for `states`.
    private func emitFlag(_ name: String, doc: [String], _ states: [Int], into out: inout CodeWriter) {
        emitFact(name, type: "Bool", doc: doc, values: states.map { ($0, "true") }, otherwise: "false", into: &out)
    }

    /// `static var name: Type { switch id { case .a, .b: value ... default: otherwise } }`, the states
    /// with one value on one line, in the order of their first state.
    private func emitFact(
        _ name: String, type: String, doc: [String], values: [(state: Int, value: String)], otherwise: String,
        into out: inout CodeWriter
    ) {
        out.docComment(doc)
        guard !values.isEmpty else { return out.line("static var \(name): \(type) { \(otherwise) }") }
        out.block("static var \(name): \(type)") { out in
            out.line("switch id {")
            for (value, states) in Self.grouped(values.map { ($0.state, $0.value) }) {
                emitCase(states.map { "." + names.stateCase($0) }, value, into: &out)
            }
            out.line("default: \(otherwise)")
            out.line("}")
        }
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
}
