extension EditorDocument {
    /// What hovering over a name shows, as Markdown: for a state its kind and path, for an event
    /// its parameters, for a guard or an action the Swift requirement it becomes.
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
        case .guard, .action:
            lines = [requirementSignature(symbol.name, isGuard: symbol.kind == .guard)]
            lines.append(
                symbol.kind == .guard
                    ? "guard: a requirement of the actions protocol" : "action: a requirement of the actions protocol")
        case .parameter:
            let type = eventDeclarations()[symbol.scope ?? ""]?.parameters.first { $0.name.text == symbol.name }?.type
            lines = ["\(symbol.name): \(type.map(String.init(describing:)) ?? "?") (parameter of \(symbol.scope ?? "?"))"]
        }
        var markdown = "```swift\n" + lines[0] + "\n```"
        if lines.count > 1 { markdown += "\n\n" + lines.dropFirst().joined(separator: "\n\n") }
        if !doc.isEmpty { markdown += "\n\n" + doc.joined(separator: "\n") }
        return (markdown, symbol.range)
    }

    /// `func name(label: Type) -> Bool`, from the model when the file compiles, else from the call.
    private func requirementSignature(_ name: String, isGuard: Bool) -> String {
        let result = isGuard ? " -> Bool" : ""
        if let requirement = compilation.model?.requirements.first(where: { $0.name == name }) {
            let parameters = requirement.parameters.map { "\(SwiftNames.escaped($0.label)): \($0.type)" }
            return "func \(SwiftNames.escaped(name))(\(parameters.joined(separator: ", ")))\(result)"
        }
        return "func \(SwiftNames.escaped(name))(…)\(result)"
    }
}
