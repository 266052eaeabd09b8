/// Pass 2: the bodies of the machine and its states, in source order: initials, transitions
/// (with the never-fires check) and activities, and what a final state may not contain.
extension Analyzer {
    /// Resolves the body of the state numbered `index` in pass 1, declared by `decl`.
    mutating func resolveStateBody(_ index: Int, declaredBy decl: StateDecl) {
        let members = decl.members ?? []
        let name = decl.name
        if decl.isFinal {
            for member in members {
                switch member {
                case .state(let child): diagnostics.emit(.finalStateBody("child states", state: name.text, at: child.name.range))
                case .transition(let transition):
                    diagnostics.emit(.finalStateBody("transitions", state: name.text, at: transition.range))
                case .initial(let initial):
                    diagnostics.emit(.finalStateBody("an initial state", state: name.text, at: initial.range))
                default: break
                }
            }
        }
        states[index].initial = resolveInitial(in: members, owner: index, ownerName: name)
        states[index].transitions = resolveMembers(members, owner: index)
    }

    mutating func resolveInitial(in members: [Member], owner: Int?, ownerName: Identifier) -> Int? {
        // A final state's `initial` is already reported as something a final state cannot have.
        if let owner, states[owner].isFinal { return nil }
        let children = owner.map { states[$0].children } ?? topLevelStates
        var resolved: Int?
        var first: InitialDecl?
        for member in members {
            guard case .initial(let decl) = member else { continue }
            if let first {
                diagnostics.emit(.duplicateInitial(at: decl.range, previous: first.range))
                continue
            }
            first = decl
            guard let target = lookUpState(decl.name) else { continue }
            if children.contains(target) {
                resolved = target
            } else {
                diagnostics.emit(
                    .initialNotChild(
                        decl.name.text, owner: owner.map { "state '\(states[$0].name)'" } ?? "the machine",
                        at: decl.name.range, declared: states[target].range))
            }
        }
        if first == nil, owner == nil, children.isEmpty {
            diagnostics.emit(.emptyMachine(ownerName.text, at: ownerName.range))
        } else if first == nil, !children.isEmpty, !(owner.map { states[$0].isFinal } ?? false) {
            let what = owner == nil ? "machine '\(ownerName.text)'" : "composite state '\(ownerName.text)'"
            diagnostics.emit(.missingInitial(what, firstChild: states[children[0]].name, at: ownerName.range))
        }
        return resolved
    }

    mutating func lookUpState(_ name: Identifier) -> Int? {
        if let index = stateIndex[name.text] { return index }
        let suggestion = Suggestions.closest(to: name.text, among: states.map(\.name))
        diagnostics.emit(.unknownState(name.text, suggestion: suggestion, at: name.range))
        return nil
    }

    /// Resolves a body's members in order: its transitions (returned), its activities (stored in
    /// the owner) and, recursively, its states.
    mutating func resolveMembers(_ members: [Member], owner: Int?) -> [Model.Transition] {
        var transitions: [Model.Transition] = []
        // Pass 1 numbered the states of this body in the order they are written here.
        var childStates = (owner.map { states[$0].children } ?? topLevelStates).makeIterator()
        // The first transition for each event that always fires: it shadows every later one.
        var alwaysFires: [String: SourceRange] = [:]
        for member in members {
            switch member {
            case .state(let decl):
                if let index = childStates.next() { resolveStateBody(index, declaredBy: decl) }
                continue
            case .activity(let activity):
                let calls = activity.calls.compactMap { resolveCall($0, isGuard: false, event: nil) }
                guard let owner else { continue }
                switch activity.kind {
                case .entry: states[owner].entry += calls
                case .exit: states[owner].exit += calls
                }
                continue
            case .transition: break
            case .event, .initial: continue
            }
            guard case .transition(let decl) = member else { continue }
            let event = useEvent(decl.event)
            if let shadowing = alwaysFires[decl.event.text] {
                diagnostics.emit(.transitionNeverFires(decl.event.text, at: decl.range, shadowedBy: shadowing))
            }
            var target = Model.Target.internal
            switch decl.target {
            case nil: break
            case .state(let name): target = lookUpState(name).map(Model.Target.state) ?? .internal
            case .push(let name, _): target = lookUpState(name).map(Model.Target.push) ?? .internal
            case .pop: target = .pop
            }
            if Model.Transition.alwaysFires(isGuarded: decl.guardExpression != nil, target: target),
                alwaysFires[decl.event.text] == nil
            {
                alwaysFires[decl.event.text] = decl.range
            }
            let guardExpression = decl.guardExpression.flatMap { resolveGuard($0, event: event) }
            let effects = decl.effects.compactMap { resolveCall($0, isGuard: false, event: event) }
            transitions.append(
                Model.Transition(
                    event: event, guardExpression: guardExpression, effects: effects, target: target, source: owner,
                    range: decl.range))
        }
        return transitions
    }

    mutating func useEvent(_ name: Identifier) -> Int {
        if let index = eventIndex[name.text] { return index }
        checkName(name, role: "event")
        eventIndex[name.text] = events.count
        events.append(Model.Event(name: name.text, parameters: [], docComment: [], range: name.range, isDeclared: false))
        return events.count - 1
    }
}
