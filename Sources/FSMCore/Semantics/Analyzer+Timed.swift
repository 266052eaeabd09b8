/// Version 3: timed transitions (`after`, `every`, section 4d), their delays, and the actions
/// lists with `raise` (section 4e).
extension Analyzer {
    /// Resolves `after D ... ` or `every D ...` declared in the body of `owner` (the machine for `nil`).
    mutating func resolveTimedTransition(_ decl: TimedTransitionDecl, owner: Int?) -> Model.TimedTransition? {
        if let owner, states[owner].isFinal {
            diagnostics.emit(.finalStateBody("timed transitions", state: states[owner].name, at: decl.range))
        }
        var delay: Model.TimedTransition.Delay?
        switch decl.delay {
        case .literal(let nanoseconds, let text, let range):
            if decl.kind == .every, nanoseconds == 0 { diagnostics.emit(.everyWithoutDelay(text, at: range)) }
            delay = .literal(nanoseconds: nanoseconds, text: text)
        case .named(let name):
            checkSwiftName(name, role: "delay")
            registerRequirement(Model.Requirement(name: name.text, parameters: [], result: .duration), at: name.range)
            delay = .named(name.text)
        case .invalid: break
        }
        if decl.kind == .every, let target = decl.target {
            diagnostics.emit(.everyWithTarget(at: target.range))
        }
        let target = resolveTarget(decl.target)
        let guardExpression = decl.guardExpression.flatMap { resolveGuard($0, in: .timed) }
        let actions = decl.actions.compactMap { resolveAction($0, in: .timed) }
        guard let delay else { return nil }
        return Model.TimedTransition(
            kind: decl.kind == .every ? .every : .after, delay: delay, guardExpression: guardExpression, actions: actions,
            target: decl.kind == .every ? .internal : target, source: owner, range: decl.range)
    }

    /// Resolves one action of a list written at `site`: a call, or a `raise`.
    mutating func resolveAction(_ action: ActionSyntax, in site: CallSite) -> Model.Action? {
        switch action {
        case .call(let call): resolveCall(call, isGuard: false, in: site).map(Model.Action.call)
        case .raise(let raise): resolveRaise(raise, in: site).map(Model.Action.raise)
        }
    }

    /// `raise e(label: value, ...)`: each argument names a parameter of e's declaration, with a
    /// value of its type (a literal, or a parameter of the event the transition is taken on), and
    /// every parameter is given.
    mutating func resolveRaise(_ raise: RaiseSyntax, in site: CallSite) -> Model.Raise? {
        let name = raise.event.name
        let event = useEvent(name)
        let declared = events[event].parameters
        var given: [String: Model.Argument] = [:]
        var valid = true
        for (position, argument) in raise.event.arguments.enumerated() {
            let label = argument.label.text
            if let previous = raise.event.arguments[..<position].first(where: { $0.label.text == label }) {
                diagnostics.emit(.duplicateLabel(label, at: argument.label.range, previous: previous.label.range))
                valid = false
                continue
            }
            guard let parameter = declared.first(where: { $0.name == label }) else {
                valid = false
                if eventsWithInvalidParameters.contains(event) { continue }
                diagnostics.emit(
                    .raisedEventHasNoParameter(
                        label, event: name.text, isDeclared: events[event].isDeclared,
                        suggestion: Suggestions.closest(to: label, among: declared.map(\.name)), at: argument.label.range,
                        declaration: events[event].isDeclared ? events[event].range : nil))
                continue
            }
            switch argument.value {
            case .literal(let literal):
                let value = Model.Literal(literal.value)
                if !parameter.type.accepts(value.kind) {
                    diagnostics.emit(
                        .raisedArgumentType(
                            label, given: value.type, parameter: parameter, event: name.text, at: argument.range,
                            declaration: events[event].range))
                    valid = false
                }
                given[label] = Model.Argument(label: label, value: .literal(value))
            case .parameter(let passed):
                guard let type = parameterType(of: passed, in: site) else {
                    valid = false
                    continue
                }
                if type != parameter.type && parameter.type.wrapped != type {
                    diagnostics.emit(
                        .raisedArgumentType(
                            label, given: type, parameter: parameter, event: name.text, at: argument.range,
                            declaration: events[event].range))
                    valid = false
                }
                given[label] = Model.Argument(label: label, value: .parameter(passed.text))
            }
        }
        let missing = declared.filter { parameter in !raise.event.arguments.contains { $0.label.text == parameter.name } }
        if !missing.isEmpty {
            diagnostics.emit(
                .raiseMissingArguments(missing, event: name.text, at: raise.range, declaration: events[event].range))
            valid = false
        }
        guard valid else { return nil }
        return Model.Raise(event: event, arguments: declared.compactMap { given[$0.name] }, range: raise.range)
    }
}

extension ParameterType {
    /// Whether a literal of `kind` can be this type's value: a literal of its own kind, an integer
    /// for a `Double` or `Float`, and for an optional type what its wrapped type takes.
    func accepts(_ kind: Model.Literal.Kind) -> Bool {
        if let wrapped { return wrapped.accepts(kind) }
        return literalKind == kind || (literalKind == .decimal && kind == .integer)
    }
}
