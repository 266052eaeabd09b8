/// Part 4 of the generated file for a machine with regions (``MachinePlan/Shape/regions``): the
/// step that fires the selected transitions together (`fire`, or the local step written out in
/// line; the direct step is in SwiftMachineEmitter+RegionsDirectStep) and `enter`.
extension SwiftMachineEmitter {
    /// `fire(actions) { switch $0 { case 3: ... } }`: the step, with the effects of `transitions`
    /// by number.
    func emitFireCall(_ transitions: [TransitionPlan], into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let fire = names.member("fire")
        let withEffects = transitions.filter { !$0.transition.actions.isEmpty }
        guard !withEffects.isEmpty else {
            out.line("\(fire)(\(actionsName)) { _ in }")
            return
        }
        out.block("\(fire)(\(actionsName))") { out in
            out.line("switch $0 {")
            for transition in withEffects {
                out.line("case \(transition.number):  // \(label(of: transition))")
                out.indented { emitActions(transition.transition.actions, context: .machineItself, into: &$0) }
            }
            out.line("default: break")
            out.line("}")
        }
    }

    /// The step (`fire`) and `enter`.
    func emitRegionsTransitionMachinery(into out: inout CodeWriter) {
        let machineName = names.machine
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        let history = uses(.history)
        out.line("// MARK: - Carrying out transitions")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(machineName)") { out in
            out.docComment(
                [
                    "The step for the selected transitions: drops those that conflict, then, for the others",
                    "together, exits the union of their exit sets in reverse document order"
                        + (history ? " (history recorded" : ","),
                    history
                        ? "before any exit activity), runs their effects in selection order and enters the union of"
                        : "runs their effects in selection order and enters the union of their entry sets in",
                    history ? "their entry sets in document order." : "document order.",
                ] + directStepDoc)
            out.line("@inline(never)")
            out.block("private func fire(_ \(actionsName): \(actionsType), effects: (Int) -> Void)") { out in
                if plan.allDirect { return emitDirectStep(into: &out) }
                if !plan.directSteps.isEmpty {
                    out.block("if machine.regions.allSelected(Self.isDirect)") { out in
                        emitDirectStep(into: &out)
                        out.line("return")
                    }
                }
                let records = history ? ", records: &machine.history" : ""
                out.line("// The rules of the step work out what it exits and enters, from the machine's tables.")
                out.line("let selected = Array(machine.regions.selected)")
                out.line("let step = Self.rules.step(selected: selected, in: machine.configuration.map(\\.number)\(records))")
                out.line("for state in step.exiting { State.exit(state, \(entryArguments(machine: "self"))) }")
                out.line("for number in step.fired { effects(number) }")
                out.line("enter(step.entering, configuration: step.configuration, \(actionsName))")
            }
            emitIsLocal(into: &out)
            emitIsDirect(into: &out)
            if !plan.directSteps.isEmpty {
                out.line()
                emitDirectStepTable(into: &out)
            }
            out.line()
            var doc = [
                "Enters the states numbered `entering`, in order; `configuration` (by number) becomes the",
                "machine's once all are entered (during the activities it is the one before).",
            ]
            if uses(.completions) {
                doc.append("The states that complete wait in `steps` for their turn, if they have completion transitions.")
            }
            out.docComment(doc)
            out.line("@inline(never)")
            out.block("private func enter(_ entering: [Int], configuration: [Int], _ \(actionsName): \(actionsType))") { out in
                let entryArguments = entryArguments(machine: "self")
                let activities = uses(.activities) ? ", activities: machine.activities" : ""
                let queueing: (inout CodeWriter) -> Void = { $0.line(self.queueingCompletion(of: "Self.stateClass(state)")) }
                if uses(.raisedEvents) && uses(.completions) {
                    // Each completion joins the internal queue when it arises, after the entry that
                    // causes it and before the events the next entry raises.
                    out.line("guard !entering.isEmpty else { return }")
                    out.line("var completed: [Int] = []")
                    out.block("for position in entering.indices") { out in
                        out.line("State.entry(entering[position], \(entryArguments))")
                        out.line("let before = completed.count")
                        out.line(
                            "Self.rules.appendCompletingStates(onEntering: entering, at: position, in: configuration\(activities), to: &completed)"
                        )
                        out.block("for state in completed[before...] where Self.stateClass(state).hasCompletion", queueing)
                    }
                } else {
                    out.line("for state in entering { State.entry(state, \(entryArguments)) }")
                    out.line("guard !entering.isEmpty else { return }")
                }
                if observable { emitObservedConfigurationChange(into: &out) } else { out.lines(Self.configurationChange) }
                if uses(.completions) && !uses(.raisedEvents) {
                    out.block(
                        "for state in Self.rules.completingStates(onEntering: entering, in: configuration\(activities)) where Self.stateClass(state).hasCompletion",
                        queueing)
                }
                if !observable && hasFinishedFlag {
                    out.line("if entering.contains(where: { Self.stateClass($0).finishesMachine }) { machine.isFinished = true }")
                }
                if uses(.timers) && hasFinishedFlag { out.line("if machine.isFinished { cancelAllTimers() }") }
            }
            if needsRules { emitRules(into: &out) }
        }
    }

    /// The new configuration (`configuration`, by number) becomes the machine's.
    private static let configurationChange = [
        "machine.regions.configurationList.replace(with: configuration.map(Self.stateClass))",
        "machine.regions.leafList.replace(with: Self.stateTree.leaves(of: configuration).map(Self.stateClass))",
    ]

    /// The same in an observable machine, whose observers are told only when the states active, or
    /// whether the machine has finished, differ from before the step.
    private func emitObservedConfigurationChange(into out: inout CodeWriter) {
        // Whether the machine has finished is part of what observers see, in a machine that can.
        if hasFinishedFlag {
            out.line("let isFinished = machine.isFinished || entering.contains { Self.stateClass($0).finishesMachine }")
        }
        out.line("// Observers hear of a new configuration only: leaving and entering a state again is none.")
        let finishing = hasFinishedFlag ? "isFinished != machine.isFinished || " : ""
        out.block("if \(finishing)!configuration.elementsEqual(machine.configuration.lazy.map(\\.number))") { out in
            out.block("withMutation(keyPath: \(observedKeyPath))") { out in
                out.lines(Self.configurationChange)
                if hasFinishedFlag { out.line("machine.isFinished = isFinished") }
            }
        }
    }

    /// The step for `transitions`, selected: the local step when they stay in their regions, else
    /// `fire`; then `terminal`.
    func emitStep(for transitions: [TransitionPlan], then terminal: String, into out: inout CodeWriter) {
        guard !emitLocalStep(transitions, then: terminal, into: &out) else { return }
        emitFireCall(transitions, into: &out)
        out.line(terminal)
    }

    /// The step for selected transitions that are all local (``TransitionPlan/staysInItsRegion``), written out for
    /// the transitions `candidates` (an event's, or the completion transitions): their exit sets are
    /// their sources alone, so none conflicts, and the step changes the leaves in place, with the
    /// activities and effects called directly: nothing is built, looked up or allocated. Checks at
    /// run time that every selected transition is local only where some candidate is not. Ends with
    /// `terminal`. Returns whether every candidate is local (then nothing may follow).
    func emitLocalStep(_ candidates: [TransitionPlan], then terminal: String, into out: inout CodeWriter) -> Bool {
        let local = plan.regionLocal(candidates)
        guard !local.isEmpty else { return false }
        let machine = names.member("machine")
        let external = local.filter { $0.target != nil }
        let exits: [(Int, [String])] = external.compactMap { transition in
            guard let source = transition.source, !plan.onExit(of: source).isEmpty else { return nil }
            return (transition.number, lines(of: plan.onExit(of: source), context: .machineItself))
        }
        let effects = local.filter { !$0.transition.actions.isEmpty }.map { transition in
            var out = CodeWriter()
            emitActions(transition.transition.actions, context: .machineItself, into: &out)
            return (transition.number, out.text.split(separator: "\n").map(String.init))
        }
        let entries: [(Int, [String])] = external.compactMap { transition in
            guard let target = transition.target, !plan.onEntry(of: target).isEmpty else { return nil }
            return (transition.number, lines(of: plan.onEntry(of: target), context: .machineItself))
        }
        let replacements = leafReplacements(external)
        // Where some candidates are internal, the exits and entries (when there are any) are skipped
        // when only those are selected.
        let onlyIfExternal = { (isEmpty: Bool, out: inout CodeWriter, part: (inout CodeWriter) -> Void) in
            if external.count < local.count && !isEmpty {
                out.block("if \(machine).regions.selectedExternal", part)
            } else {
                part(&out)
            }
        }
        let body: (inout CodeWriter) -> Void = { out in
            out.line("// Every selected transition is local to its region: none conflicts.")
            onlyIfExternal(exits.isEmpty, &out) { self.emitSwitchOverSelected(exits, reversed: true, into: &$0) }
            self.emitSwitchOverSelected(effects, into: &out)
            onlyIfExternal(entries.isEmpty && replacements.cases.isEmpty, &out) { out in
                self.emitSwitchOverSelected(entries, into: &out)
                self.emitLeafReplacements(replacements, into: &out)
            }
            out.line(terminal)
        }
        if local.count == candidates.count {
            body(&out)
            return true
        }
        out.block("if \(machine).regions.allSelected(Self.isLocal)", body)
        return false
    }

    /// `for index in 0..<machine.regions.selectedCount { switch machine.regions.selected[index] { ... } }` over the
    /// selected transitions (in reverse with `reversed`), running each case's lines; cases with the
    /// same lines share one `case`. Nothing when there are no cases.
    func emitSwitchOverSelected(_ cases: [(Int, [String])], reversed: Bool = false, into out: inout CodeWriter) {
        emitSwitchOverSelected(cases, reversed: reversed, into: &out) { lines, out in out.lines(lines) }
    }

    /// The same, each case described by a `key` whose lines `body` writes: cases with equal keys
    /// share one `case`, in the order of their first number, so `body` must write the same lines
    /// for equal keys (different keys may write the same lines: two cases are then written where one
    /// would do, which is correct, only longer). Grouped through a dictionary, so that
    /// a machine of thousands of transitions is grouped in linear time; and a key can be cheaper to
    /// hash than the lines, which are then written piece by piece, once per group.
    func emitSwitchOverSelected<Key: Hashable>(
        _ cases: [(Int, Key)], reversed: Bool = false, into out: inout CodeWriter,
        body: (Key, inout CodeWriter) -> Void
    ) {
        guard !cases.isEmpty else { return }
        let groups = Self.grouped(cases)
        let machine = names.member("machine")
        let loop =
            reversed
            ? "for index in (0..<\(machine).regions.selectedCount).reversed()"
            : "for index in 0..<\(machine).regions.selectedCount"
        out.block(loop) { out in
            out.line("switch \(machine).regions.selected[index] {")
            for (key, group) in groups {
                out.line("case \(group.map(String.init).joined(separator: ", ")):")
                out.indented { body(key, &$0) }
            }
            out.line("default: break")
            out.line("}")
        }
    }

    /// `isLocal(_:)`: whether the transition numbered `number` is local to a region; only where the
    /// step asks (``MachinePlan/needsRegionLocalTest``).
    private func emitIsLocal(into out: inout CodeWriter) {
        guard plan.needsRegionLocalTest else { return }
        emitTransitionTest(
            "isLocal", numbers: plan.regionLocal(plan.transitions).map(\.number),
            doc: [
                "Whether transition `number` stays inside one region and changes at most its leaf: an internal",
                "transition, or one from a leaf to a non-final leaf beside it.",
            ], into: &out)
    }

    /// `private static func name(_ number: Int) -> Bool`: whether the transition numbered `number` is
    /// one of `numbers`; nothing when none or every transition is.
    func emitTransitionTest(_ name: String, numbers: [Int], doc: [String], into out: inout CodeWriter) {
        guard !numbers.isEmpty, numbers.count < plan.transitionsAndTimeouts.count else { return }
        out.line()
        out.docComment(doc)
        out.block("private static func \(name)(_ number: Int) -> Bool") { out in
            out.line("switch number {")
            out.line("case \(numbers.map(String.init).joined(separator: ", ")): true")
            out.line("default: false")
            out.line("}")
        }
    }

    /// Each selected external transition's target takes its source's place among the leaves, and
    /// completes if it has completion transitions: the lines of each (`cases`), and the transitions
    /// that change a leaf (`changing`; not a transition from a leaf to itself).
    private func leafReplacements(_ external: [TransitionPlan]) -> (cases: [(Int, [String])], changing: [Int]) {
        let machine = names.member("machine")
        var cases: [(Int, [String])] = []
        var changing: [Int] = []
        for transition in external {
            guard let source = transition.source, let target = transition.target else { continue }
            var lines: [String] = []
            if source != target {
                lines.append(
                    "\(machine).regions.replaceLeaf(where: { $0 == \(names.stateType(source)).self }, by: \(names.stateType(target)).self)"
                )
                changing.append(transition.number)
            }
            if plan.statesWithCompletion.contains(target) {
                lines.append(queueingCompletion(of: "\(names.stateType(target)).self"))
            }
            if !lines.isEmpty { cases.append((transition.number, lines)) }
        }
        return (cases, changing)
    }

    /// The leaf replacements. In an observable machine, observers hear of them only when some
    /// region's leaf changes.
    private func emitLeafReplacements(_ replacements: (cases: [(Int, [String])], changing: [Int]), into out: inout CodeWriter) {
        guard observable, !replacements.changing.isEmpty else { return emitSwitchOverSelected(replacements.cases, into: &out) }
        out.block("func replaceLeaves()") { emitSwitchOverSelected(replacements.cases, into: &$0) }
        out.line("var changesLeaf = false")
        emitSwitchOverSelected(replacements.changing.map { ($0, ["changesLeaf = true"]) }, into: &out)
        out.line("if changesLeaf { withMutation(keyPath: \(observedKeyPath), replaceLeaves) } else { replaceLeaves() }")
    }
}
