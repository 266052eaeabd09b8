/// Part 1 of the generated file: the actions protocol.
extension SwiftMachineEmitter {
    func emitActionsProtocol(into out: inout CodeWriter) {
        let machineName = names.machine
        out.docComment([
            "The guards and actions of ``\(machineName)``: implement them to give the machine its behaviour.",
            "",
            "Guards are called only while their transition is being tried, and may be skipped",
            "(`&&` and `||` short-circuit). Send events to the machine from any of these methods: they",
            "are queued and processed, in order, once the current event has been processed completely.",
        ])
        out.lines(declarationAttributes())
        out.block("\(api)protocol \(names.actions): AnyObject") { out in
            let uses = requirementUses()
            for requirement in model.requirements {
                out.docComment(requirementDoc(requirement, uses: uses))
                let parameters = requirement.parameters.map { "\(SwiftNames.escaped($0.label)): \($0.type)" }
                let result =
                    requirement.isGuard
                    ? " -> Bool"
                    : requirement.isDelay
                        ? " -> Swift.Duration"
                        : requirement.isThrowingActivity ? " async throws" : requirement.isActivity ? " async" : ""
                out.line("func \(SwiftNames.escaped(requirement.name))(\(parameters.joined(separator: ", ")))\(result)")
            }
            // Each requirement is its one-line doc and its declaration, as the cases of `Event` are;
            // a blank line sets `unhandledEvent` apart, the one with a default.
            if !model.requirements.isEmpty { out.line() }
            out.docComment(unhandledEventDoc)
            out.line(unhandledEventSignature)
        }
        out.line()
        out.lines(declarationAttributes(isolated: false))
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
    /// A requirement used in more than ``listedUses`` places names the first of them and counts the
    /// rest: a list of hundreds helps nobody reading Quick Help, and would make one line of the
    /// generated file as long as the machine.
    private func requirementDoc(_ requirement: Model.Requirement, uses: [String: RequirementUses]) -> [String] {
        let kind =
            requirement.isGuard ? "Guard" : requirement.isDelay ? "Delay" : requirement.isActivity ? "Activity" : "Action"
        guard let uses = uses[requirement.name], !uses.listed.isEmpty else { return ["\(kind)."] }
        let listed = uses.listed.map(useDescription).joined(separator: ", ")
        let more = uses.count - uses.listed.count
        return more > 0 ? ["\(kind) of \(listed), and \(more) more."] : ["\(kind) of \(listed)."]
    }

    /// How many places a requirement's documentation names.
    static let listedUses = 8

    /// One place that uses a requirement: an entry or exit activity of a state, or a transition
    /// (`event` nil for a completion transition) declared in a state or (`state` nil) the machine.
    private enum RequirementUse: Equatable {
        case entry(state: Int)
        case exit(state: Int)
        /// The activity (`do /`) of a state.
        case activity(state: Int)
        /// A `catch` transition of a state.
        case caught(state: Int)
        case transition(event: Int?, state: Int?)
        /// A timed transition (`every` or `after`) declared in a state or the machine.
        case timed(kind: Model.TimedTransition.Kind, state: Int?)

        /// The state the use is declared in; `nil` for the machine.
        var state: Int? {
            switch self {
            case .entry(let state), .exit(let state), .activity(let state), .caught(let state): state
            case .transition(_, let state), .timed(_, let state): state
            }
        }
    }

    /// The first ``listedUses`` distinct uses of a requirement, in the order of the file, and how many
    /// distinct uses there are. Uses are noted state by state, and two uses in different states
    /// always differ, so a use is compared only with the others noted in the same state.
    private struct RequirementUses {
        var listed: [RequirementUse] = []
        var count = 0
        /// The state of the uses in `usesInState` (`nil`: the machine; -1 before the first use).
        private var state: Int? = -1
        private var usesInState: [RequirementUse] = []

        mutating func note(_ use: RequirementUse) {
            if use.state != state {
                state = use.state
                usesInState.removeAll(keepingCapacity: true)
            }
            guard !usesInState.contains(use) else { return }
            usesInState.append(use)
            count += 1
            if listed.count < SwiftMachineEmitter.listedUses { listed.append(use) }
        }
    }

    private func useDescription(_ use: RequirementUse) -> String {
        switch use {
        case .entry(let state): "entry of \(model.states[state].name)"
        case .exit(let state): "exit of \(model.states[state].name)"
        case .activity(let state): model.states[state].name
        case .caught(let state): "`catch` in \(model.states[state].name)"
        case .transition(let event?, let state):
            "`\(model.events[event].name)` \(state.map { "in \(model.states[$0].name)" } ?? "in the machine")"
        case .transition(nil, let state): "the completion of \(state.map { model.states[$0].name } ?? "the machine")"
        case .timed(let kind, let state): "`\(kind.rawValue)` \(state.map { "in \(model.states[$0].name)" } ?? "in the machine")"
        }
    }

    /// Where each guard and action is used, in the order of the file, without duplicates: one pass
    /// over the model for all requirements, so the protocol costs time linear in the machine's size.
    /// The calls are read among the actions in place: ``Model/Transition/effects`` makes an array.
    private func requirementUses() -> [String: RequirementUses] {
        var uses: [String: RequirementUses] = [:]
        func note(_ name: String, _ use: RequirementUse) {
            uses[name, default: RequirementUses()].note(use)
        }
        // The guard's calls left to right, noted as they are met: no array per operand.
        func noteCalls(in condition: Model.Guard, _ use: RequirementUse) {
            switch condition {
            case .call(let call): note(call.name, use)
            case .not(let operand): noteCalls(in: operand, use)
            case .and(let left, let right), .or(let left, let right):
                noteCalls(in: left, use)
                noteCalls(in: right, use)
            }
        }
        func visit(_ transitions: [Model.Transition], in state: Int?) {
            for transition in transitions {
                // A completion transition is only ever declared in a state (never in the machine).
                let use = RequirementUse.transition(event: transition.event, state: state)
                if let condition = transition.guardExpression { noteCalls(in: condition, use) }
                for case .call(let effect) in transition.actions { note(effect.name, use) }
            }
        }
        func visit(_ timed: [Model.TimedTransition], in state: Int?) {
            for transition in timed {
                let use = RequirementUse.timed(kind: transition.kind, state: state)
                if case .named(let name) = transition.delay { note(name, use) }
                if let condition = transition.guardExpression { noteCalls(in: condition, use) }
                for case .call(let effect) in transition.actions { note(effect.name, use) }
            }
        }
        visit(model.machineTransitions, in: nil)
        visit(model.machineTimedTransitions, in: nil)
        for (index, state) in model.states.enumerated() {
            for case .call(let call) in state.entryActions { note(call.name, .entry(state: index)) }
            for case .call(let call) in state.exitActions { note(call.name, .exit(state: index)) }
            visit(state.transitions, in: index)
            visit(state.timedTransitions, in: index)
            if let activity = state.activity { note(activity.call.name, .activity(state: index)) }
            for caught in state.catchTransitions {
                let use = RequirementUse.caught(state: index)
                if let condition = caught.guardExpression { noteCalls(in: condition, use) }
                for case .call(let effect) in caught.actions { note(effect.name, use) }
            }
        }
        return uses
    }
}
