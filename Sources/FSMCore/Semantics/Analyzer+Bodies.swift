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
                // Reported with the timed transition (Analyzer+Timed), the activity and the `catch`
                // (Analyzer+Activities).
                default: break
                }
            }
        }
        if decl.isParallel {
            resolveRegions(of: index, declaredBy: decl)
        } else {
            states[index].initial = resolveInitial(in: members, owner: index, ownerName: name, openingBrace: decl.openingBrace)
        }
        (states[index].transitions, states[index].timedTransitions) = resolveMembers(members, owner: index)
    }

    /// A parallel state (section 4c): every child is a region, entered together, so it names no
    /// `initial` and has no final child; it needs two regions at least. With one child it is, with a
    /// warning, a composite state whose initial state is that child.
    mutating func resolveRegions(of index: Int, declaredBy decl: StateDecl) {
        let regions = states[index].children
        for case .initial(let initial) in decl.members ?? [] {
            diagnostics.emit(.initialInParallel(decl.name.text, at: initial.range, fixIt: fixItRemovingMember(at: initial.range)))
        }
        for region in regions where states[region].isFinal {
            diagnostics.emit(.finalRegion(states[region].name, parallel: decl.name.text, at: states[region].range))
        }
        switch regions.count {
        case 0: diagnostics.emit(.emptyParallel(decl.name.text, at: decl.name.range))
        case 1:
            diagnostics.emit(.parallelWithOneChild(decl.name.text, child: states[regions[0]].name, at: decl.name.range))
            states[index].isParallel = false
            states[index].initial = regions[0]
        default: break
        }
    }

    /// `openingBrace` is the `{` of the body, where the fix-it of a missing `initial` goes.
    mutating func resolveInitial(in members: [Member], owner: Int?, ownerName: Identifier, openingBrace: SourceRange?) -> Int? {
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
            guard let target = lookUpState(decl.name, among: children) else { continue }
            if children.contains(target) {
                resolved = target
                if let history = decl.history {
                    if let owner {
                        states[owner].initialHistory = history.isDeep ? .deep : .shallow
                        if history.isDeep { checkDepth(of: owner, at: history.range) }
                    } else {
                        diagnostics.emit(.historyAtTopLevel(at: history.range))
                    }
                }
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
            let firstChild = states[children[0]].name
            var fixIt: FixIt?
            if let openingBrace, let first = members.first {
                fixIt = fixItInsertingFirstMember("initial \(firstChild)", brace: openingBrace, before: first.range)
            }
            diagnostics.emit(.missingInitial(what, firstChild: firstChild, at: ownerName.range, fixIt: fixIt))
        }
        return resolved
    }

    /// The state named `name`, or an `unknown-state` error suggesting a close name. With `candidates`
    /// (an `initial`'s: the owner's children), only they are suggested, since any other state would
    /// lead to a second error.
    mutating func lookUpState(_ name: Identifier, among candidates: [Int]? = nil) -> Int? {
        if let index = stateIndex[name.text] { return index }
        let names = candidates.map { $0.map { states[$0].name } } ?? states.map(\.name)
        let suggestion = Suggestions.closest(to: name.text, among: names)
        diagnostics.emit(.unknownState(name.text, suggestion: suggestion, at: name.range))
        return nil
    }

    /// `push` and `pop` remember one state, which a configuration with parallel states is not
    /// (section 4c): an error at each, pointing at the first parallel state.
    mutating func checkPushAndPopWithParallelStates(_ model: Model) {
        guard let parallel = model.states.first(where: \.isParallel) else { return }
        let targets = model.allTransitions.map { ($0.target, $0.range) } + model.allCatchTransitions.map { ($0.target, $0.range) }
        for (target, range) in targets.sorted(by: { $0.1.start < $1.1.start }) {
            switch target {
            case .push, .pop: diagnostics.emit(.pushPopWithParallel(at: range, parallel: parallel.range))
            default: break
            }
        }
    }

    /// Warns when a deep history names a state with no composite state inside it.
    mutating func checkDepth(of state: Int, at range: SourceRange) {
        if !states[state].children.contains(where: { states[$0].isComposite }) {
            diagnostics.emit(.deepHistoryWithoutDepth(states[state].name, at: range))
        }
    }

    /// Resolves a history target: a composite (or parallel) state, entered by its history.
    mutating func resolveHistoryTarget(_ name: Identifier, _ history: HistorySyntax) -> Model.Target {
        guard let state = lookUpState(name) else { return .internal }
        guard states[state].isComposite else {
            diagnostics.emit(
                .historyOfSimpleState(
                    name.text, isFinal: states[state].isFinal, at: history.range.union(name.range), declared: states[state].range)
            )
            return .internal
        }
        if states[state].isParallel {
            // Its regions are always all active: only a deep history of one with depth restores anything.
            let hasDepth = states[state].children.contains { states[$0].isComposite }
            if !(history.isDeep && hasDepth) {
                diagnostics.emit(
                    .historyOfParallelState(
                        name.text, hasDepth: hasDepth, keywords: history.range, whole: history.range.union(name.range)))
            }
        } else if history.isDeep {
            checkDepth(of: state, at: history.range)
        }
        return .history(state, history.isDeep ? .deep : .shallow)
    }

    /// Resolves a body's members in order: its transitions (returned), its activities (stored in
    /// the owner) and, recursively, its states.
    mutating func resolveMembers(_ members: [Member], owner: Int?) -> (
        transitions: [Model.Transition], timed: [Model.TimedTransition]
    ) {
        var transitions: [Model.Transition] = []
        var timed: [Model.TimedTransition] = []
        // Pass 1 numbered the states of this body in the order they are written here.
        var childStates = (owner.map { states[$0].children } ?? topLevelStates).makeIterator()
        // The first transition for each event that always fires: it shadows every later one. The
        // completion transitions are keyed by the empty string, which no event is named.
        var alwaysFires: [String: SourceRange] = [:]
        var activityMembers = ActivityMembers(members)
        for member in members {
            switch member {
            case .doActivity(let decl):
                resolveDoActivity(decl, owner: owner, in: activityMembers)
                continue
            case .catchTransition(let decl):
                if let transition = resolveCatchTransition(decl, owner: owner, in: &activityMembers) {
                    states[transition.source].catchTransitions.append(transition)
                }
                continue
            case .state(let decl):
                if let index = childStates.next() { resolveStateBody(index, declaredBy: decl) }
                continue
            case .activity(let activity):
                let actions = activity.actions.compactMap { resolveAction($0, in: .activity) }
                guard let owner else { continue }
                switch activity.kind {
                case .entry: states[owner].entryActions += actions
                case .exit: states[owner].exitActions += actions
                }
                continue
            case .timed(let decl):
                if let transition = resolveTimedTransition(decl, owner: owner) { timed.append(transition) }
                continue
            case .transition: break
            case .event, .initial: continue
            }
            guard case .transition(let decl) = member else { continue }
            let event = decl.event.map { useEvent($0) }
            let key = decl.event?.text ?? ""
            if decl.isCompletion {
                if owner == nil { diagnostics.emit(.misplacedCompletion(at: decl.range)) }
                if decl.target == nil { diagnostics.emit(.completionWithoutTarget(at: decl.range)) }
            }
            if let shadowing = alwaysFires[key] {
                diagnostics.emit(.transitionNeverFires(decl.event?.text, at: decl.range, shadowedBy: shadowing))
            }
            let target = resolveTarget(decl.target)
            if Model.Transition.alwaysFires(isGuarded: decl.isGuarded, target: target), alwaysFires[key] == nil {
                alwaysFires[key] = decl.range
            }
            var site = event.map { CallSite.transition(event: $0) } ?? .completion
            if let event, let name = decl.event, !events[event].isDeclared, !decl.passedParameters.isEmpty {
                reportParameters(of: decl, onUndeclaredEvent: name)
                site = .undeclaredEvent
            }
            let guardExpression = decl.guardExpression.flatMap { resolveGuard($0, in: site) }
            let actions = decl.actions.compactMap { resolveAction($0, in: site) }
            transitions.append(
                Model.Transition(
                    event: event, guardExpression: guardExpression, actions: actions, target: target, source: owner,
                    range: decl.range))
        }
        return (transitions, timed)
    }

    /// Resolves what follows `->`; `internal` for none, and for one that is reported.
    mutating func resolveTarget(_ syntax: TargetSyntax?) -> Model.Target {
        switch syntax {
        case nil: .internal
        case .state(let name): lookUpState(name).map(Model.Target.state) ?? .internal
        case .push(let name, _): lookUpState(name).map(Model.Target.push) ?? .internal
        case .pop: .pop
        case .history(let name, let history): resolveHistoryTarget(name, history)
        }
    }

    mutating func useEvent(_ name: Identifier) -> Int {
        if let index = eventIndex[name.text] { return index }
        checkSwiftName(name, role: "event")
        eventIndex[name.text] = events.count
        events.append(Model.Event(name: name.text, parameters: [], docComment: [], range: name.range, isDeclared: false))
        return events.count - 1
    }
}
