/// Messages of semantic analysis (see `DiagnosticMessages.swift` for the syntax ones,
/// `DiagnosticMessages+SwiftNames.swift` for the names of the generated Swift).
extension Diagnostic {
    static func duplicateState(_ name: String, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateState, "invalid redeclaration of state '\(name)'; state names are unique in the whole machine", at: range,
            notes: [DiagnosticNote("'\(name)' previously declared here", at: previous)])
    }

    static func duplicateEvent(_ name: String, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateEvent, "invalid redeclaration of event '\(name)'", at: range,
            notes: [DiagnosticNote("'\(name)' previously declared here", at: previous)])
    }

    static func duplicateParameter(_ name: String, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateParameter, "parameter '\(name)' is declared twice", at: range,
            notes: [DiagnosticNote("'\(name)' previously declared here", at: previous)])
    }

    static func duplicateLabel(_ label: String, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateLabel, "argument label '\(label)' is used twice in one call", at: range,
            notes: [DiagnosticNote("first used here", at: previous)])
    }

    static func unknownState(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        guard let suggestion else { return Diagnostic(.unknownState, "cannot find state '\(name)' in machine", at: range) }
        return Diagnostic(
            .unknownState, "cannot find state '\(name)' in machine; did you mean '\(suggestion)'?", at: range,
            fixIts: [FixIt(replace: range, with: suggestion)])
    }

    /// `fixIt` inserts the `initial` that the message suggests.
    static func missingInitial(_ owner: String, firstChild: String, at range: SourceRange, fixIt: FixIt?) -> Diagnostic {
        Diagnostic(
            .missingInitial,
            "\(owner) has states but no 'initial' state; add 'initial \(firstChild)' to start in its first state", at: range,
            fixIts: fixIt.map { [$0] } ?? [])
    }

    static func emptyMachine(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .missingInitial, "machine '\(name)' has no states; declare at least one state and name it with 'initial'", at: range)
    }

    static func duplicateInitial(at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateInitial, "only one 'initial' state is allowed here", at: range,
            notes: [DiagnosticNote("'initial' first given here", at: previous)])
    }

    static func initialNotChild(_ name: String, owner: String, at range: SourceRange, declared: SourceRange) -> Diagnostic {
        Diagnostic(
            .initialNotChild, "initial state '\(name)' must be declared directly in \(owner)", at: range,
            notes: [DiagnosticNote("'\(name)' declared here", at: declared)])
    }

    static func finalStateBody(_ what: String, state: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.finalStateBody, "final state '\(state)' cannot have \(what)", at: range)
    }

    /// `event` is `nil` for a completion transition shadowed by an earlier one.
    static func transitionNeverFires(_ event: String?, at range: SourceRange, shadowedBy: SourceRange) -> Diagnostic {
        Diagnostic(
            .transitionNeverFires, "this \(event.map { "'\($0)'" } ?? "completion") transition can never fire", at: range,
            notes: [DiagnosticNote("this transition has no guard and always fires first", at: shadowedBy)])
    }

    static func unknownParameter(
        _ name: String, event: String, suggestion: String?, at range: SourceRange, declaration: SourceRange
    ) -> Diagnostic {
        var message = "event '\(event)' has no parameter '\(name)'"
        var fixIts: [FixIt] = []
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
            fixIts = [FixIt(replace: range, with: suggestion)]
        }
        return Diagnostic(
            .unknownParameter, message, at: range, notes: [DiagnosticNote("'\(event)' declared here", at: declaration)],
            fixIts: fixIts)
    }

    /// `name` passed on `event`, which is declared nowhere; `parameters` are all that its transition passes.
    static func parameterOfUndeclaredEvent(_ name: String, event: String, parameters: [String], at range: SourceRange)
        -> Diagnostic
    {
        let declaration = "event \(event)(\(parameters.map { "\($0): Type" }.joined(separator: ", ")))"
        return Diagnostic(
            .unknownParameter, "event '\(event)' has no parameter '\(name)' (declare it with '\(declaration)')", at: range)
    }

    /// A transition passing `parameter` on the undeclared event `event`, spelt like the declared `suggestion`.
    static func misspeltEvent(
        _ event: String, parameter: String, suggestion: String, at range: SourceRange, declaration: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            .unknownParameter,
            "event '\(event)' is not declared, so it has no parameter '\(parameter)'; did you mean '\(suggestion)'?", at: range,
            notes: [DiagnosticNote("'\(suggestion)' declared here", at: declaration)],
            fixIts: [FixIt(replace: range, with: suggestion)])
    }

    static func completionWithoutTarget(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .completionWithoutTarget,
            "a completion transition needs a target ('-> State'); without an event it would only run its effects, on entry",
            at: range)
    }

    static func misplacedCompletion(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .misplacedCompletion,
            "completion transitions are only allowed inside a state; the machine itself never completes", at: range)
    }

    /// `cycle` names the states of the cycle in order, each with the completion transition it takes.
    static func completionCycle(_ cycle: [(state: String, transition: SourceRange)]) -> Diagnostic {
        let names = (cycle.map(\.state) + [cycle[0].state]).map { "'\($0)'" }.joined(separator: " -> ")
        return Diagnostic(
            .completionCycle, "completion transitions without guards lead around in a circle forever: \(names)",
            at: cycle[0].transition,
            notes: cycle.dropFirst().map {
                DiagnosticNote(
                    "'\($0.state)' is completed as soon as it is entered and leaves by this transition", at: $0.transition)
            })
    }

    /// `events` are the declared events that have a parameter `name`: where the guard or effect belongs.
    static func parameterInCompletion(_ name: String, events: [String], isTimed: Bool = false, at range: SourceRange)
        -> Diagnostic
    {
        let quoted = events.map { "'\($0)'" }
        let on =
            quoted.count < 2
            ? quoted.first ?? "an event with that parameter"
            : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return Diagnostic(
            .parameterInCompletion,
            "a \(isTimed ? "timed" : "completion") transition has no event, so it cannot use the event parameter '\(name)'; decide on the event instead, in a transition on \(on), or pass a literal",
            at: range)
    }

    static func historyOfSimpleState(_ name: String, isFinal: Bool, at range: SourceRange, declared: SourceRange) -> Diagnostic {
        Diagnostic(
            .historyOfSimpleState,
            "\(isFinal ? "final state" : "state") '\(name)' has no child states, so it has no history; use '-> \(name)'",
            at: range, notes: [DiagnosticNote("'\(name)' is declared here", at: declared)])
    }

    static func emptyParallel(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .emptyParallel, "parallel state '\(name)' has no regions; declare at least two states inside it, one per region",
            at: range)
    }

    /// `fixIt` removes the `initial` declaration.
    static func initialInParallel(_ name: String, at range: SourceRange, fixIt: FixIt) -> Diagnostic {
        Diagnostic(
            .initialInParallel,
            "parallel state '\(name)' cannot name an initial state: entering it enters every one of its regions", at: range,
            fixIts: [fixIt])
    }

    static func finalRegion(_ name: String, parallel: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .finalRegion,
            "final state '\(name)' cannot be a region of parallel state '\(parallel)'; put it inside a region, as in 'state Region { ... final state \(name) }'",
            at: range)
    }

    static func pushPopWithParallel(at range: SourceRange, parallel: SourceRange) -> Diagnostic {
        Diagnostic(
            .pushPopWithParallel,
            "push and pop remember one active state, which a machine with parallel states does not have; use 'history' instead",
            at: range, notes: [DiagnosticNote("the machine has a parallel state here", at: parallel)])
    }

    static func parallelWithOneChild(_ name: String, child: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .parallelWithOneChild,
            "parallel state '\(name)' has one region, so it is an ordinary composite state whose initial state is '\(child)'; remove 'parallel' or add a region",
            at: range)
    }

    static func completionNeverFires(_ state: String, isParallel: Bool, at range: SourceRange) -> Diagnostic {
        let why =
            isParallel
            ? "parallel state '\(state)' has a region that never completes (a simple state, or one without a final state)"
            : "composite state '\(state)' has no final state"
        return Diagnostic(
            .completionNeverFires, "this completion transition can never fire: \(why), so it never completes", at: range)
    }

    static func shadowedByCompletion(_ event: String, state: String, at range: SourceRange, completion: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            .shadowedByCompletion,
            "this '\(event)' transition can never fire: '\(state)' is left as soon as it is entered, by its completion transition",
            at: range, notes: [DiagnosticNote("this completion transition has no guard", at: completion)])
    }

    static func deepHistoryWithoutDepth(_ state: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .deepHistoryWithoutDepth,
            "'\(state)' has no composite states inside it, so its deep history is its shallow history; write 'history'",
            at: range)
    }

    /// `-> history P` with P parallel: with a region that has states inside it, the fix is `deep history`
    /// (`keywords` is the range of `history`); with none, any history is a plain entry (`whole` is the
    /// range of the history target, replaced by the state's name).
    static func historyOfParallelState(
        _ name: String, hasDepth: Bool, keywords: SourceRange, whole: SourceRange
    ) -> Diagnostic {
        hasDepth
            ? Diagnostic(
                .historyOfParallelState,
                "'\(name)' is a parallel state: its regions are all active whenever it is, so its shallow history "
                    + "is the same as '-> \(name)'; write 'deep history' to restore the states inside its regions",
                at: keywords, fixIts: [FixIt(replace: keywords, with: "deep history")])
            : Diagnostic(
                .historyOfParallelState,
                "'\(name)' is a parallel state whose regions have no states inside them, so its history is the "
                    + "same as '-> \(name)'; write that",
                at: whole, fixIts: [FixIt(replace: whole, with: name)])
    }

    /// A transition from inside a region of `parallel` that leaves it, dropped when `winner`, an earlier
    /// region's (`region`) for the same event, fires: that one leaves `parallel` too (`bothLeave`), or
    /// stays inside it.
    static func preemptedByRegion(
        _ event: String, parallel: String, region: String, bothLeave: Bool, at range: SourceRange, winner: SourceRange
    ) -> Diagnostic {
        let message =
            bothLeave
            ? "this '\(event)' transition is dropped whenever the one in region '\(region)' fires: both leave the "
                + "parallel state '\(parallel)', and the earlier region's wins"
            : "this '\(event)' transition, which leaves the parallel state '\(parallel)', is dropped whenever the one "
                + "in region '\(region)' fires: the earlier region's wins, and '\(parallel)' is not left"
        return Diagnostic(
            .preemptedByRegion, message,
            at: range, notes: [DiagnosticNote("the '\(event)' transition in region '\(region)', which wins", at: winner)])
    }

    static func historyAtTopLevel(at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .historyAtTopLevel,
            "the machine is never exited, so its initial state has no history; this means a plain 'initial'", at: range)
    }

    static func parameterInActivity(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .parameterInActivity,
            "entry and exit activities cannot use event parameters ('\(name)'); pass a literal, as in 'label: 3'", at: range)
    }

    static func inconsistentSignature(
        _ name: String, signature: String, previousSignature: String, at range: SourceRange, previous: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            .inconsistentSignature, "'\(name)' is called as '\(signature)' here but as '\(previousSignature)' before", at: range,
            notes: [DiagnosticNote("first called here", at: previous)])
    }

    static func guardUsedAsAction(_ name: String, usedAsGuard: Bool, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        roleConflict(
            name, role: usedAsGuard ? "a guard" : "an action", before: usedAsGuard ? "an action" : "a guard", at: range,
            previous: previous)
    }

    /// `guard-used-as-action` in general: one name used in two roles among guard, action and
    /// activity (`role` here, `before` at its first use).
    static func roleConflict(_ name: String, role: String, before: String, at range: SourceRange, previous: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            .guardUsedAsAction, "'\(name)' is used as \(role) here but as \(before) before", at: range,
            notes: [DiagnosticNote("first used here", at: previous)])
    }

    static func unreachableState(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.unreachableState, "state '\(name)' can never be entered from the initial state", at: range)
    }

    static func unusedEvent(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(.unusedEvent, "event '\(name)' is declared but no transition uses it", at: range)
    }

    /// A transition on `event`, declared nowhere, spelt like `suggestion`, which is declared (at
    /// `declaration`) and used by no transition: this warning stands for `suggestion`'s `unused-event`.
    static func misspeltUnusedEvent(_ event: String, suggestion: String, at range: SourceRange, declaration: SourceRange)
        -> Diagnostic
    {
        misspeltEventWarning(
            event, suggestion: suggestion, at: range,
            note: DiagnosticNote("'\(suggestion)' is declared here, and no transition uses it", at: declaration))
    }

    /// A transition on `event`, declared nowhere and used by no other transition, one edit from
    /// `suggestion`, which is declared (at `other`) and used, or used by `uses` transitions (the first at `other`).
    static func misspeltUsedEvent(
        _ event: String, suggestion: String, isDeclared: Bool, uses: Int, at range: SourceRange, other: SourceRange
    ) -> Diagnostic {
        let note =
            isDeclared
            ? "'\(suggestion)' is declared here"
            : uses == 1 ? "'\(suggestion)' is used here" : "'\(suggestion)' is used by \(uses) transitions, the first here"
        return misspeltEventWarning(event, suggestion: suggestion, at: range, note: DiagnosticNote(note, at: other))
    }

    /// `misspelt-event`, with the fix-it to `suggestion` and a `note` about it.
    private static func misspeltEventWarning(_ event: String, suggestion: String, at range: SourceRange, note: DiagnosticNote)
        -> Diagnostic
    {
        Diagnostic(
            .misspeltEvent, "event '\(event)' is not declared; did you mean '\(suggestion)'?", at: range, notes: [note],
            fixIts: [FixIt(replace: range, with: suggestion)])
    }

    /// A leaf nothing leads out of; for a final state, `completing` is the composite it completes.
    static func deadEnd(_ name: String, completing: String? = nil, at range: SourceRange) -> Diagnostic {
        guard let completing else {
            return Diagnostic(
                .deadEnd,
                "state '\(name)' is a dead end: no transition leads out of it; make it 'final state' if that is intended",
                at: range)
        }
        return Diagnostic(
            .deadEnd,
            "final state '\(name)' is a dead end: no completion transition follows it and no transition leads out of it; "
                + "give '\(completing)' a completion transition ('-> NextState')",
            at: range)
    }

    static func popWithoutPush(at range: SourceRange) -> Diagnostic {
        Diagnostic(.popWithoutPush, "'pop' can never fire: the machine has no 'push' transition", at: range)
    }

    // MARK: Version 3: timed transitions and raise

    static func everyWithoutDelay(_ text: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .everyWithoutDelay,
            "'every \(text)' would repeat forever without time passing; an 'every' transition needs a delay greater than zero",
            at: range)
    }

    /// `target` is the target state written after `->`.
    static func everyWithTarget(at target: SourceRange) -> Diagnostic {
        Diagnostic(
            .everyWithTarget,
            "an 'every' transition repeats inside its state and has no target; use 'after' to leave the state", at: target)
    }

    /// `name` is used as a delay and as a guard or action (`other`), in either order.
    static func delayNameConflict(
        _ name: String, usedAsDelay: Bool, other: Model.Requirement, at range: SourceRange, previous: SourceRange
    ) -> Diagnostic {
        let role = other.isGuard ? "a guard" : other.isActivity ? "an activity" : "an action"
        return Diagnostic(
            .delayNameConflict,
            "'\(name)' is used as \(usedAsDelay ? "a delay" : role) here but as \(usedAsDelay ? role : "a delay") before; a delay is a requirement of its own, 'func \(name)() -> Duration'",
            at: range,
            notes: [DiagnosticNote("first used here", at: previous)])
    }

    static func raisedEventHasNoParameter(
        _ label: String, event: String, isDeclared: Bool, suggestion: String?, at range: SourceRange, declaration: SourceRange?
    ) -> Diagnostic {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        let what =
            isDeclared
            ? "event '\(event)' has no parameter '\(label)'"
            : "event '\(event)' is not declared with parameters, so it has no parameter '\(label)'; declare it: 'event \(event)(\(label): Type)'"
        return Diagnostic(
            .raiseArguments, "cannot raise '\(event)' with '\(label):': \(what)\(hint)", at: range,
            notes: declaration.map { [DiagnosticNote("'\(event)' is declared here", at: $0)] } ?? [],
            fixIts: suggestion.map { [FixIt(replace: range, with: $0)] } ?? [])
    }

    static func raisedArgumentType(
        _ label: String, given: ParameterType, parameter: Model.EventParameter, event: String, at range: SourceRange,
        declaration: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            .raiseArguments,
            "cannot raise '\(event)' with '\(label):' of type '\(given)'; its parameter is '\(parameter.name): \(parameter.type)'",
            at: range, notes: [DiagnosticNote("'\(event)' is declared here", at: declaration)])
    }

    static func raiseMissingArguments(
        _ missing: [Model.EventParameter], event: String, at range: SourceRange, declaration: SourceRange
    ) -> Diagnostic {
        let list = missing.map { "'\($0.name): \($0.type)'" }.joined(separator: ", ")
        return Diagnostic(
            .raiseArguments,
            "raise of '\(event)' is missing \(missing.count == 1 ? "the argument" : "the arguments") \(list)", at: range,
            notes: [DiagnosticNote("'\(event)' is declared here", at: declaration)])
    }

    static func timedTransitionNeverFires(_ kind: String, at range: SourceRange, preemptedBy: SourceRange) -> Diagnostic {
        Diagnostic(
            .timedTransitionNeverFires, "this '\(kind)' transition can never fire", at: range,
            notes: [DiagnosticNote("this 'after' has no guard, is due no later and leaves the state first", at: preemptedBy)])
    }

    static func unhandledRaisedEvent(_ event: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .unhandledRaisedEvent, "event '\(event)' is raised but no transition handles it; it is always unhandled",
            at: range)
    }

    /// `this 'catch' transition can never fire` (`transition-never-fires`).
    static func catchNeverFires(at range: SourceRange, shadowedBy: SourceRange) -> Diagnostic {
        Diagnostic(
            .transitionNeverFires, "this 'catch' transition can never fire", at: range,
            notes: [DiagnosticNote("this 'catch' has no guard and always takes the error first", at: shadowedBy)])
    }

    static func duplicateActivity(state: String, at range: SourceRange, previous: SourceRange) -> Diagnostic {
        Diagnostic(
            .duplicateActivity,
            "state '\(state)' already has an activity; a state has at most one 'do', so call the work of both from one activity",
            at: range, notes: [DiagnosticNote("its activity is declared here", at: previous)])
    }

    static func activityArgument(_ name: String, activity: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .activityArguments,
            "activity '\(activity)' cannot pass '\(name)': an activity starts when its state is entered, on no event, so its arguments are literals, as in 'label: 3'",
            at: range)
    }

    static func catchWithoutActivity(state: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .catchWithoutActivity,
            "state '\(state)' has no activity, so nothing it runs can throw and this 'catch' can never fire; declare one with 'do / work', or remove the 'catch'",
            at: range)
    }

    /// `site` is what the use of `error` is in: "an entry or exit activity", "a transition on 'go'", ...
    static func errorOutsideCatch(in site: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .errorOutsideCatch,
            "'error' is what a state's activity threw, known only in a 'catch' transition's guard and effects, not in \(site)",
            at: range)
    }

    /// An event parameter other than `error` in a `catch` transition (`parameter-in-completion`).
    static func parameterInCatch(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .parameterInCompletion,
            "a 'catch' transition has no event, so it cannot use the event parameter '\(name)'; it can pass 'error', what the activity threw, or a literal",
            at: range)
    }

    static func errorMayBeDropped(state: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .errorMayBeDropped,
            "every 'catch' of state '\(state)' has a guard: an error that none of them takes is dropped; add a 'catch' without a guard last",
            at: range)
    }

    /// `--isolation nonisolated` with an activity: its task needs the machine's actor.
    static func activityNeedsIsolation(_ name: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(
            .activityNeedsIsolation,
            "activity '\(name)' needs a machine isolated to an actor, but it is generated with --isolation nonisolated; "
                + "generate it for the main actor (the default) or a global actor",
            at: range)
    }
}
