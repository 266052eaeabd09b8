/// Part 4 of the generated file: the State pattern — a protocol for all states and one type per state.
extension SwiftMachineEmitter {
    func emitStates(into out: inout CodeWriter) {
        out.line("// MARK: - States")
        out.line()
        emitStateProtocol(into: &out)
        out.line()
        emitStateProtocolDefaults(into: &out)
        for index in model.states.indices {
            out.line()
            emitStateType(index, into: &out)
            if model.states[index].isComposite {
                out.line()
                emitCompositeProtocolExtension(index, into: &out)
            }
        }
    }

    /// `static func disarm(code: String, _ context: M, _ actions: any MActions) -> Bool`
    private func handlerSignature(_ event: Int) -> String {
        let parameters =
            names.parameterList(event) + [
                "_ \(names.contextVariable): \(names.machine)", "_ \(names.actionsVariable): \(names.actionsExistential)",
            ]
        return "static func \(names.eventMethod(event))(\(parameters.joined(separator: ", "))) -> Bool"
    }

    /// `disarm(code: code, context, actions)`
    private func handlerCall(_ event: Int, on type: String) -> String {
        let arguments = names.argumentList(event) + [names.contextVariable, names.actionsVariable]
        return "\(type).\(names.eventMethod(event))(\(arguments.joined(separator: ", ")))"
    }

    private var actionsParameter: String { "_ \(names.actionsVariable): \(names.actionsExistential)" }

    private func emitStateProtocol(into out: inout CodeWriter) {
        let m = names.machine
        out.block("extension \(m)") { out in
            out.docComment([
                "A state, as a type whose static methods handle the events. An event method returns whether",
                "a transition fired; the defaults defer to the enclosing state (a composite state's protocol",
                "implements its transitions) and report \"not handled\" at the top.",
            ])
            out.block("fileprivate protocol State") { out in
                out.line("static var id: StateID { get }")
                out.docComment(["The enclosing state; `nil` for a top-level state."])
                out.line("static var parent: (any State.Type)? { get }")
                out.docComment(["The initial child of a composite state."])
                out.line("static var initial: (any State.Type)? { get }")
                out.docComment(["Whether entering this state finishes the machine (a top-level final state)."])
                out.line("static var finishesMachine: Bool { get }")
                out.line("static func entry(\(actionsParameter))")
                out.line("static func exit(\(actionsParameter))")
                for event in model.events.indices {
                    out.line(handlerSignature(event))
                }
            }
        }
    }

    private func emitStateProtocolDefaults(into out: inout CodeWriter) {
        let m = names.machine
        let a = names.actionsVariable
        out.block("extension \(m).State") { out in
            out.line("static var parent: (any \(m).State.Type)? { nil }")
            out.line("static var initial: (any \(m).State.Type)? { nil }")
            out.line("static var finishesMachine: Bool { false }")
            out.line("static func entry(\(actionsParameter)) {}")
            out.line("static func exit(\(actionsParameter)) {}")
            for event in model.events.indices {
                out.line("\(handlerSignature(event)) { false }")
            }
            out.line()
            out.docComment(["Whether this state is `id` or lies inside it."])
            out.block("static func isIn(_ id: \(m).StateID) -> Bool") { out in
                out.line("var state: (any \(m).State.Type)? = self")
                out.block("while let current = state") { out in
                    out.line("if current.id == id { return true }")
                    out.line("state = current.parent")
                }
                out.line("return false")
            }
            out.line()
            out.docComment(["Enters the states from just below `domain` down to this one, outermost first."])
            out.block("static func enterPath(below domain: \(m).StateID?, \(actionsParameter))") { out in
                out.line("if let parent, parent.id != domain { parent.enterPath(below: domain, \(a)) }")
                out.line("entry(\(a))")
            }
            out.line()
            out.docComment([
                "Enters the states from just below `domain` down to this one, then its initial children,",
                "recursively; returns the leaf state reached.",
            ])
            out.block("static func enter(below domain: \(m).StateID?, \(actionsParameter)) -> any \(m).State.Type") { out in
                out.line("enterPath(below: domain, \(a))")
                out.line("var leaf: any \(m).State.Type = self")
                out.block("while let child = leaf.initial") { out in
                    out.line("child.entry(\(a))")
                    out.line("leaf = child")
                }
                out.line("return leaf")
            }
        }
    }

    /// The protocol a state's type conforms to: its parent's nested `State`, or the machine's.
    private func conformance(of index: Int) -> String {
        if let parent = model.states[index].parent { names.stateType(parent) + ".State" } else { names.machine + ".State" }
    }

    private func emitStateType(_ index: Int, into out: inout CodeWriter) {
        let state = model.states[index]
        let m = names.machine
        let a = names.actionsVariable
        var doc = state.docComment
        if !doc.isEmpty { doc.append("") }
        let kind = state.isFinal ? "final state" : state.isComposite ? "composite state" : "state"
        doc.append("The \(kind) `\(state.name)`" + (state.parent.map { ", inside `\(model.states[$0].name)`." } ?? "."))
        out.docComment(doc)
        out.block("fileprivate enum \(names.stateType(index)): \(conformance(of: index))") { out in
            if state.isComposite {
                out.docComment(["The states inside `\(state.name)`: events they do not handle go to `\(state.name)`."])
                out.line("fileprivate protocol State: \(conformance(of: index)) {}")
                out.line()
            }
            out.line("static var id: \(m).StateID { .\(names.stateCase(index)) }")
            if let initial = state.initial {
                out.line("static var initial: (any \(m).State.Type)? { \(names.stateType(initial)).self }")
            }
            if state.isFinal && state.parent == nil {
                out.line("static var finishesMachine: Bool { true }")
            }
            for (name, calls) in [("entry", state.entry), ("exit", state.exit)] where !calls.isEmpty {
                out.line()
                out.block("static func \(name)(\(actionsParameter))") { out in
                    out.lines(calls.map { SwiftExpressions.call($0, on: a) })
                }
            }
            for event in model.events.indices {
                let transitions = state.transitions.filter { $0.event == event }
                guard !transitions.isEmpty else { continue }
                out.line()
                out.block(handlerSignature(event)) { out in
                    if !emitSelection(transitions, source: index, context: .parameter, into: &out) {
                        out.line(fallback(for: event, from: index))
                    }
                }
            }
        }
    }

    /// When none of a state's own transitions fires: the nearest ancestor that declares
    /// transitions for the event, or "not handled" (the machine level is tried by the context).
    private func fallback(for event: Int, from index: Int) -> String {
        var ancestor = model.states[index].parent
        while let candidate = ancestor {
            if model.states[candidate].transitions.contains(where: { $0.event == event }) {
                return "return " + handlerCall(event, on: names.stateType(candidate))
            }
            ancestor = model.states[candidate].parent
        }
        return "return false"
    }

    /// A composite's nested protocol: its children's enclosing state is the composite, and the
    /// events the composite handles go to it.
    private func emitCompositeProtocolExtension(_ index: Int, into out: inout CodeWriter) {
        let m = names.machine
        let type = names.stateType(index)
        out.block("extension \(type).State") { out in
            out.line("static var parent: (any \(m).State.Type)? { \(type).self }")
            for event in model.events.indices where model.states[index].transitions.contains(where: { $0.event == event }) {
                out.line("\(handlerSignature(event)) { \(handlerCall(event, on: type)) }")
            }
        }
    }
}
