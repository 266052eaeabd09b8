/// Part 1 of the generated file: the actions protocol.
extension SwiftMachineEmitter {
    func emitActionsProtocol(into out: inout CodeWriter) {
        let m = names.machine
        out.docComment([
            "The guards and actions of ``\(m)``: implement them to give the machine its behaviour.",
            "",
            "Guards are called only while their transition is being tried, and may be skipped",
            "(`&&` and `||` short-circuit). Send events to the machine from any of these methods: they",
            "are queued and processed, in order, once the current event has been processed completely.",
        ])
        out.block("\(api)protocol \(names.actions): AnyObject") { out in
            let uses = requirementUses()
            for requirement in model.requirements {
                out.docComment(requirementDoc(requirement, uses: uses))
                let parameters = requirement.parameters.map { "\(SwiftNames.escaped($0.label)): \($0.type)" }
                let result = requirement.isGuard ? " -> Bool" : ""
                out.line("func \(SwiftNames.escaped(requirement.name))(\(parameters.joined(separator: ", ")))\(result)")
                out.line()
            }
            out.docComment(unhandledEventDoc)
            out.line(unhandledEventSignature)
        }
        out.line()
        out.block("extension \(names.actions)") { out in
            out.docComment(["Does nothing: an unhandled event is ignored unless you implement this."])
            out.line("\(api)\(unhandledEventSignature) {}")
        }
    }

    private var unhandledEventSignature: String {
        "func unhandledEvent(_ event: \(names.machine).Event, in state: \(names.machine).StateID)"
    }

    private var unhandledEventDoc: [String] {
        [
            "Called when `event` finds no transition that can fire in `state` (the innermost active",
            "state), and for every event after the machine has finished. The event method returns `false`.",
        ]
    }

    /// "Guard of `disarm` in Armed." — where the requirement is used, so the protocol documents itself.
    private func requirementDoc(_ requirement: Model.Requirement, uses: [String: [String]]) -> [String] {
        let kind = requirement.isGuard ? "Guard" : "Action"
        guard let uses = uses[requirement.name], !uses.isEmpty else { return ["\(kind)."] }
        return ["\(kind) of \(uses.joined(separator: ", "))."]
    }

    /// Where each guard and action is used, in the order of the file, without duplicates: one pass
    /// over the model for all requirements, so the protocol costs time linear in the machine's size.
    private func requirementUses() -> [String: [String]] {
        var uses: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        func note(_ name: String, _ use: String) {
            if seen[name, default: []].insert(use).inserted { uses[name, default: []].append(use) }
        }
        func visit(_ transitions: [Model.Transition], in place: String, of state: String?) {
            for transition in transitions {
                // A completion transition is only ever declared in a state (never in the machine).
                let event =
                    transition.event.map { "`\(model.events[$0].name)` \(place)" }
                    ?? "the completion of \(state ?? "the machine")"
                if let condition = transition.guardExpression {
                    for name in Self.calls(in: condition) { note(name, event) }
                }
                for effect in transition.effects { note(effect.name, event) }
            }
        }
        visit(model.machineTransitions, in: "in the machine", of: nil)
        for state in model.states {
            for call in state.entry { note(call.name, "entry of \(state.name)") }
            for call in state.exit { note(call.name, "exit of \(state.name)") }
            visit(state.transitions, in: "in \(state.name)", of: state.name)
        }
        return uses
    }

    private static func calls(in condition: Model.Guard) -> [String] {
        switch condition {
        case .call(let call): [call.name]
        case .not(let operand): calls(in: operand)
        case .and(let left, let right), .or(let left, let right): calls(in: left) + calls(in: right)
        }
    }
}
