extension EditorDocument {
    /// What hovering over a name shows, as Markdown: for a state its kind and path, for an event
    /// its parameters, for a guard, an action, a named delay or an activity the Swift requirement it
    /// becomes.
    public func hover(at offset: Int) -> (markdown: String, range: SourceRange)? {
        guard let symbol = index.occurrence(at: offset) else { return nil }
        var lines: [String]
        var doc: [String] = []
        switch symbol.kind {
        case .machine:
            lines = ["machine \(symbol.name)"]
            doc = machine?.docComment ?? []
        case .state:
            guard let (path, decl) = stateDeclarations()[symbol.name] else {
                lines = ["state \(symbol.name) (not declared)"]
                break
            }
            let isComposite = decl.members?.contains { if case .state = $0 { true } else { false } } ?? false
            let kind = decl.isFinal ? "final state" : isComposite ? "composite state" : "state"
            lines = ["\(kind) \(symbol.name)", "path: \(([machine?.name.text ?? ""] + path).joined(separator: "."))"]
            doc = decl.docComment
        case .event:
            if let decl = eventDeclarations()[symbol.name] {
                let parameters = decl.parameters.map { "\($0.name.text): \($0.type)" }
                lines = ["event \(symbol.name)(\(parameters.joined(separator: ", ")))"]
                doc = decl.docComment
            } else {
                lines = ["event \(symbol.name) (no parameters)"]
            }
        case .guard, .action, .delay, .activity:
            lines = [requirementSignature(symbol.name, kind: symbol.kind)]
            lines.append("\(symbol.kind.rawValue): a requirement of the actions protocol")
        case .parameter where symbol.scope == SymbolIndex.catchScope:
            lines = ["error: any Error (what the state's activity threw)"]
        case .parameter:
            let type = eventDeclarations()[symbol.scope ?? ""]?.parameters.first { $0.name.text == symbol.name }?.type
            lines = ["\(symbol.name): \(type.map(String.init(describing:)) ?? "?") (parameter of \(symbol.scope ?? "?"))"]
        }
        var markdown = "```swift\n" + lines[0] + "\n```"
        if lines.count > 1 { markdown += "\n\n" + lines.dropFirst().joined(separator: "\n\n") }
        if !doc.isEmpty { markdown += "\n\n" + doc.joined(separator: "\n") }
        return (markdown, symbol.range)
    }

    /// `func name(label: Type) -> Bool`, from the model when the file compiles, else from the first
    /// call (a delay has no parameters: `func name() -> Duration`; an activity is `async`, and
    /// `async throws` when its state has a `catch`).
    private func requirementSignature(_ name: String, kind: SymbolKind) -> String {
        var result = kind == .guard ? " -> Bool" : kind == .delay ? " -> Duration" : ""
        if kind == .activity {
            let throwing =
                compilation.model?.requirements.first(where: { $0.name == name })?.isThrowingActivity
                ?? activityThrows(name, in: machine?.members ?? [])
            result = throwing ? " async throws" : " async"
        }
        if let requirement = compilation.model?.requirements.first(where: { $0.name == name }) {
            let parameters = requirement.parameters.map { "\(SwiftNames.escaped($0.label)): \($0.type)" }
            return "func \(SwiftNames.escaped(name))(\(parameters.joined(separator: ", ")))\(result)"
        }
        guard kind != .delay, let (call, event) = firstCall(named: name, in: machine?.members ?? [], event: nil) else {
            return "func \(SwiftNames.escaped(name))()\(result)"
        }
        let parameters = eventDeclarations()[event ?? ""]?.parameters ?? []
        let arguments = call.arguments.map { argument -> String in
            let type: String
            switch argument.value {
            case .parameter(let parameter):
                type = parameters.first { $0.name.text == parameter.text }.map { "\($0.type)" } ?? "<unknown>"
            case .literal(let literal): type = "\(Model.Literal(literal.value).type)"
            }
            return "\(SwiftNames.escaped(argument.label.text)): \(type)"
        }
        return "func \(SwiftNames.escaped(name))(\(arguments.joined(separator: ", ")))\(result)"
    }

    /// The first call of a guard or action in the file, with the event of its transition: what the
    /// requirement is inferred from while the file has errors and no model.
    private func firstCall(named name: String, in members: [Member], event: String?) -> (CallSyntax, String?)? {
        func search(_ condition: GuardSyntax, _ event: String?) -> CallSyntax? {
            switch condition {
            case .call(let call): call.name.text == name ? call : nil
            case .not(let operand, _), .parenthesized(let operand, _): search(operand, event)
            case .and(let left, let right), .or(let left, let right): search(left, event) ?? search(right, event)
            }
        }
        for member in members {
            switch member {
            case .state(let state):
                if let found = firstCall(named: name, in: state.members ?? [], event: nil) { return found }
            case .transition(let transition):
                let event = transition.event?.text
                if let condition = transition.guardExpression, let call = search(condition, event) { return (call, event) }
                if let call = transition.effects.first(where: { $0.name.text == name }) { return (call, event) }
            case .activity(let activity):
                if let call = activity.calls.first(where: { $0.name.text == name }) { return (call, nil) }
            case .timed(let timed):
                if let condition = timed.guardExpression, let call = search(condition, nil) { return (call, nil) }
                if let call = timed.actions.compactMap(\.call).first(where: { $0.name.text == name }) { return (call, nil) }
            case .doActivity(let activity):
                if activity.call.name.text == name { return (activity.call, nil) }
            case .catchTransition(let caught):
                if let condition = caught.guardExpression, let call = search(condition, nil) { return (call, nil) }
                if let call = caught.actions.compactMap(\.call).first(where: { $0.name.text == name }) { return (call, nil) }
            case .event, .initial:
                break
            }
        }
        return nil
    }

    /// Whether a state whose activity is `name` has a `catch` (its requirement is then `async
    /// throws`): what the requirement is inferred from while the file has errors and no model.
    private func activityThrows(_ name: String, in members: [Member]) -> Bool {
        members.contains { member in
            guard case .state(let state) = member else { return false }
            let body = state.members ?? []
            let runs = body.contains { if case .doActivity(let decl) = $0 { decl.call.name.text == name } else { false } }
            let catches = body.contains { if case .catchTransition = $0 { true } else { false } }
            return (runs && catches) || activityThrows(name, in: body)
        }
    }
}
