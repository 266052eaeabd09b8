import FSMCore

/// A readable, deterministic text form of a syntax tree, for the golden files in
/// `Tests/Golden/Grammar`: one node per line, indented by depth, each with its source range as
/// `@line:column-line:column` (the end is exclusive), so a change in what the parser builds or in
/// the ranges it records shows up as a diff. Strings are shown in Swift's debug form (quoted and
/// escaped), so every node stays on one line.
///
/// It lives in the tests because only they need it; every node type it reads is public.
struct ASTDump {
    let file: SourceFile
    private var lines: [String] = []

    /// The dump of `machine`, or `<no machine>` when the parser found none.
    static func dump(_ machine: MachineDecl?, in file: SourceFile) -> String {
        guard let machine else { return "<no machine>\n" }
        var dump = ASTDump(file: file)
        dump.machine(machine)
        return dump.lines.joined(separator: "\n") + "\n"
    }

    private init(file: SourceFile) { self.file = file }

    private func place(_ range: SourceRange) -> String {
        let start = file.location(of: range.start)
        let end = file.location(of: range.end)
        return "@\(start.line):\(start.column)-\(end.line):\(end.column)"
    }

    private mutating func line(_ depth: Int, _ text: String, _ range: SourceRange) {
        lines.append(String(repeating: "  ", count: depth) + text + " " + place(range))
    }

    private mutating func docComment(_ comment: [String], depth: Int) {
        for text in comment { lines.append(String(repeating: "  ", count: depth) + "doc " + text.debugDescription) }
    }

    private mutating func machine(_ machine: MachineDecl) {
        line(0, "machine", machine.range)
        docComment(machine.docComment, depth: 1)
        identifier(machine.name, role: "name", depth: 1)
        for member in machine.members { self.member(member, depth: 1) }
    }

    private mutating func identifier(_ name: Identifier, role: String, depth: Int) {
        line(depth, "\(role) \(name.text)", name.range)
    }

    private mutating func member(_ member: Member, depth: Int) {
        switch member {
        case .event(let event):
            line(depth, "event", event.range)
            docComment(event.docComment, depth: depth + 1)
            identifier(event.name, role: "name", depth: depth + 1)
            for parameter in event.parameters {
                line(depth + 1, "parameter", parameter.range)
                identifier(parameter.name, role: "label", depth: depth + 2)
                lines.append(String(repeating: "  ", count: depth + 2) + "type \(parameter.type) = \(structure(parameter.type))")
            }
        case .initial(let initial):
            line(depth, "initial", initial.range)
            if let history = initial.history { line(depth + 1, history.isDeep ? "deep history" : "history", history.range) }
            identifier(initial.name, role: "name", depth: depth + 1)
        case .state(let state):
            line(depth, state.isFinal ? "final state" : state.isParallel ? "parallel state" : "state", state.range)
            docComment(state.docComment, depth: depth + 1)
            if let keyword = state.finalKeyword { line(depth + 1, "final", keyword) }
            if let keyword = state.parallelKeyword { line(depth + 1, "parallel", keyword) }
            identifier(state.name, role: "name", depth: depth + 1)
            if let members = state.members {
                lines.append(String(repeating: "  ", count: depth + 1) + "body")
                for member in members { self.member(member, depth: depth + 2) }
            } else {
                lines.append(String(repeating: "  ", count: depth + 1) + "no body")
            }
        case .transition(let transition):
            line(depth, transition.isCompletion ? "completion transition" : "transition", transition.range)
            if let event = transition.event { identifier(event, role: "event", depth: depth + 1) }
            if let guardExpression = transition.guardExpression {
                lines.append(String(repeating: "  ", count: depth + 1) + "guard")
                self.guardExpression(guardExpression, depth: depth + 2)
            }
            actions(transition.actions, role: "effect", depth: depth + 1)
            target(transition.target, depth: depth + 1)
        case .activity(let activity):
            line(depth, "activity \(activity.kind.rawValue)", activity.range)
            actions(activity.actions, role: "call", depth: depth + 1)
        case .timed(let timed):
            line(depth, "timed transition \(timed.kind.rawValue)", timed.range)
            switch timed.delay {
            case .literal(let nanoseconds, let text, let range): line(depth + 1, "delay \(text) = \(nanoseconds) ns", range)
            case .named(let name): identifier(name, role: "delay", depth: depth + 1)
            case .invalid(let range): line(depth + 1, "invalid delay", range)
            }
            if let guardExpression = timed.guardExpression {
                lines.append(String(repeating: "  ", count: depth + 1) + "guard")
                self.guardExpression(guardExpression, depth: depth + 2)
            }
            actions(timed.actions, role: "effect", depth: depth + 1)
            target(timed.target, depth: depth + 1)
        case .doActivity(let activity):
            line(depth, "activity do", activity.range)
            call(activity.call, role: "activity", depth: depth + 1)
        case .catchTransition(let caught):
            line(depth, "catch transition", caught.range)
            if let guardExpression = caught.guardExpression {
                lines.append(String(repeating: "  ", count: depth + 1) + "guard")
                self.guardExpression(guardExpression, depth: depth + 2)
            }
            actions(caught.actions, role: "effect", depth: depth + 1)
            target(caught.target, depth: depth + 1)
        }
    }

    /// Calls (each as `role`) and raises, in order.
    private mutating func actions(_ actions: [ActionSyntax], role: String, depth: Int) {
        for action in actions {
            switch action {
            case .call(let call): self.call(call, role: role, depth: depth)
            case .raise(let raise):
                line(depth, "raise", raise.range)
                call(raise.event, role: "event", depth: depth + 1)
            }
        }
    }

    private mutating func target(_ target: TargetSyntax?, depth: Int) {
        let depth = depth - 1
        switch target {
        case nil: lines.append(String(repeating: "  ", count: depth + 1) + "internal (no target)")
        case .state(let name): identifier(name, role: "target state", depth: depth + 1)
        case .push(let name, let keyword):
            line(depth + 1, "target push", keyword.union(name.range))
            identifier(name, role: "state", depth: depth + 2)
        case .pop(let range): line(depth + 1, "target pop", range)
        case .history(let name, let history):
            line(depth + 1, history.isDeep ? "target deep history" : "target history", history.range.union(name.range))
            identifier(name, role: "state", depth: depth + 2)
        }
    }

    private mutating func guardExpression(_ expression: GuardSyntax, depth: Int) {
        switch expression {
        case .call(let call): self.call(call, role: "call", depth: depth)
        case .not(let operand, let range):
            line(depth, "not", range)
            guardExpression(operand, depth: depth + 1)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            if case .and = expression { line(depth, "and", expression.range) } else { line(depth, "or", expression.range) }
            guardExpression(lhs, depth: depth + 1)
            guardExpression(rhs, depth: depth + 1)
        case .parenthesized(let inner, let range):
            line(depth, "parentheses", range)
            guardExpression(inner, depth: depth + 1)
        }
    }

    private mutating func call(_ call: CallSyntax, role: String, depth: Int) {
        line(depth, "\(role) \(call.name.text)", call.range)
        for argument in call.arguments {
            line(depth + 1, "argument", argument.range)
            identifier(argument.label, role: "label", depth: depth + 2)
            switch argument.value {
            case .parameter(let name): identifier(name, role: "parameter", depth: depth + 2)
            case .literal(let literal):
                let text =
                    switch literal.value {
                    case .string(let value): "string " + value.debugDescription
                    case .integer(let digits): "integer \(digits)"
                    case .decimal(let digits): "decimal \(digits)"
                    case .boolean(let value): "boolean \(value)"
                    }
                line(depth + 2, text, literal.range)
            }
        }
    }

    /// The type's shape, which its canonical spelling may hide (`(any P)?` against `any P?`).
    private func structure(_ type: TypeSyntax) -> String {
        switch type {
        case .named(let components):
            let parts = components.map { component in
                component.genericArguments.isEmpty
                    ? component.name : "\(component.name)<\(component.genericArguments.map(structure).joined(separator: ", "))>"
            }
            return "named(\(parts.joined(separator: ", ")))"
        case .optional(let wrapped): return "optional(\(structure(wrapped)))"
        case .array(let element): return "array(\(structure(element)))"
        case .dictionary(let key, let value): return "dictionary(\(structure(key)), \(structure(value)))"
        case .tuple(let elements): return "tuple(\(elements.map(structure).joined(separator: ", ")))"
        case .existential(let keyword, let constraint): return "\(keyword)(\(structure(constraint)))"
        }
    }
}
