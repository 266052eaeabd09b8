/// Part 5 of the generated file: the State pattern — a base class for all states and one class per
/// state, a subclass of its enclosing state's. What the shapes write differently in them is in
/// +OneLeafStates and +RegionsStates.
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
        switch plan.shape {
        case .oneLeaf: emitOneLeafStateClass(into: &out)
        case .regions: emitRegionsStateClass(into: &out)
        }
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

    /// `fileprivate class State`, the base class of the states, documented by `doc`: what every
    /// state has (its `id`, its `parent`, whether it finishes the machine), then the shape's
    /// members written by `place` (the state's place and facts), the completion's default, then
    /// `handlers` (the events' handlers and what follows them).
    func emitStateBaseClass(
        doc: [String], into out: inout CodeWriter, place: (inout CodeWriter) -> Void, handlers: (inout CodeWriter) -> Void
    ) {
        let state = names.stateMetatype
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(names.machine)") { out in
            out.docComment(doc)
            out.lines(declarationAttributes())
            out.block("fileprivate class State") { out in
                // Without a declared initializer, swiftc synthesises a nonisolated `init()` here and a
                // main-actor one in each state under `-default-isolation MainActor`, and rejects the
                // overrides. A private one is inherited by no state: none gets an `init()` at all.
                out.line("private init() {}  // Never instantiated: the machine holds the class itself.")
                out.docComment(["The state's case of `StateID`; every state overrides it."])
                out.line("class var id: StateID { preconditionFailure(\"every state overrides id\") }")
                // A machine with regions is never flat: a parallel state has a state inside it per region.
                if !plan.isFlat {
                    out.docComment(["The enclosing state; `nil` for a top-level state."])
                    out.line("class var parent: \(state)? { nil }")
                }
                if hasFinishedFlag {
                    out.docComment(["Whether entering this state finishes the machine (a top-level final state)."])
                    out.line("class var finishesMachine: Bool { false }")
                }
                place(&out)
                if uses(.completions) {
                    out.docComment(["Tries the state's completion transitions in order; returns whether one fired."])
                    out.line(
                        "class func completion(_ \(names.contextVariable): \(names.machine), \(actionsParameter)) -> Bool { false }"
                    )
                }
                handlers(&out)
            }
        }
    }

    private func emitStateType(_ index: Int, into out: inout CodeWriter) {
        let state = model.states[index]
        let machineName = names.machine
        // The state's own documentation; without it, what it is (the class's declaration shows the rest).
        if state.docComment.isEmpty {
            let kind =
                state.isFinal
                ? "final state" : state.isParallel ? "parallel state" : state.isComposite ? "composite state" : "state"
            out.docComment(["The \(kind) `\(state.name)`" + (state.parent.map { ", inside `\(model.states[$0].name)`." } ?? ".")])
        } else {
            out.docComment(state.docComment)
        }
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
            switch plan.shape {
            case .oneLeaf: emitOneLeafStateMembers(index, into: &out)
            case .regions: emitRegionsStateMembers(index, into: &out)
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
