/// Version 3: a state's activity (`do / name(...)`) and its `catch` transitions (section 4f).
extension Analyzer {
    /// What a body declares about its activity, found before its members are resolved: a `do`
    /// may be written after the `catch`es that handle its errors, and the other way round.
    struct ActivityMembers {
        /// The first `do` of the body; a later one is a `duplicate-activity`.
        var first: DoActivityDecl?
        /// Whether the body has a `catch`: its activity is `async throws`.
        var hasCatch = false
        /// The first `catch` without a guard, once resolved: every later one never fires.
        var alwaysCatches: SourceRange?

        init(_ members: [Member]) {
            for member in members {
                switch member {
                case .doActivity(let decl) where first == nil: first = decl
                case .catchTransition: hasCatch = true
                default: break
                }
            }
        }
    }

    /// Resolves `do / name(...)` in the body of `owner` (the machine for `nil`, which the parser
    /// reported): the state's activity, the requirement `func name(...) async` (`async throws` when
    /// the state has a `catch`), with literal arguments only.
    mutating func resolveDoActivity(_ decl: DoActivityDecl, owner: Int?, in body: ActivityMembers) {
        var isFirst = body.first == decl
        if let owner {
            if states[owner].isFinal {
                diagnostics.emit(.finalStateBody("an activity", state: states[owner].name, at: decl.range))
                isFirst = false
            } else if !isFirst, let first = body.first {
                diagnostics.emit(.duplicateActivity(state: states[owner].name, at: decl.range, previous: first.range))
            }
        }
        guard let call = resolveCall(decl.call, isGuard: false, in: .doActivity(decl.call.name.text), throwing: body.hasCatch),
            let owner, isFirst
        else { return }
        states[owner].activity = Model.Activity(call: call, range: decl.range)
    }

    /// Resolves `catch [g] / effects -> T` in the body of `owner` (the machine for `nil`, which the
    /// parser reported). Its guard and effects may pass `error`; a `catch` after one without a guard
    /// never fires.
    mutating func resolveCatchTransition(_ decl: CatchTransitionDecl, owner: Int?, in body: inout ActivityMembers)
        -> Model.CatchTransition?
    {
        if let owner {
            if states[owner].isFinal {
                diagnostics.emit(.finalStateBody("'catch' transitions", state: states[owner].name, at: decl.range))
            } else if body.first == nil {
                diagnostics.emit(.catchWithoutActivity(state: states[owner].name, at: decl.range))
            }
        }
        if let shadowing = body.alwaysCatches {
            diagnostics.emit(.catchNeverFires(at: decl.range, shadowedBy: shadowing))
        }
        let target = resolveTarget(decl.target)
        if Model.Transition.alwaysFires(isGuarded: decl.isGuarded, target: target), body.alwaysCatches == nil {
            body.alwaysCatches = decl.range
        }
        let guardExpression = decl.guardExpression.flatMap { resolveGuard($0, in: .catchTransition) }
        let actions = decl.actions.compactMap { resolveAction($0, in: .catchTransition) }
        guard let owner else { return nil }
        return Model.CatchTransition(
            guardExpression: guardExpression, actions: actions, target: target, source: owner, range: decl.range)
    }
}
