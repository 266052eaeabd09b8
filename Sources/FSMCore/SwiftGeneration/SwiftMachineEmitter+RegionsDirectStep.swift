/// The direct step of a machine with regions in the generated file (``DirectStep`` says when a
/// transition has one and why it is right).
extension SwiftMachineEmitter {
    /// The direct step in `fire`, for the selected transitions (all with a direct step): conflicts
    /// dropped in place, exits in reverse document order, effects in selection order, entries in
    /// document order, then the configuration and the leaves changed in place.
    func emitDirectStep(into out: inout CodeWriter) {
        out.line("machine.regions.removeConflicts(Self.step)")
        out.line("var position = machine.configuration.count")
        out.block("while position > 0") { out in
            out.line("position -= 1")
            out.line("let number = machine.configuration[position].number")
            out.line("if machine.regions.isExited(number, Self.step) { State.exit(number, \(entryArguments(machine: "self"))) }")
        }
        out.line("for index in 0..<machine.regions.selectedCount { effects(machine.regions.selected[index]) }")
        let external = plan.directSteps.keys.sorted().compactMap { number in
            plan.directSteps[number].flatMap { $0.entered.isEmpty ? nil : (number, $0) }
        }
        guard !external.isEmpty else { return }
        out.line("machine.regions.sortSelectedByExits(Self.step)")
        // Each case's lines are written piece by piece from what decides them, the states entered
        // (and the states exited, for the replacement): a large machine has thousands of cases of
        // up to ``DirectStep/entryLimit`` lines each.
        let entries: [(Int, [Int])] = external.compactMap { number, step in
            let withEntry = step.entered.filter { !plan.onEntry(of: $0).isEmpty }
            return withEntry.isEmpty ? nil : (number, withEntry)
        }
        emitSwitchOverSelected(entries, into: &out) { states, out in
            for state in states { emitWork(plan.onEntry(of: state), context: .machineItself, into: &out) }
        }
        let replacements = external.map { number, step in (number, Replacement(exits: step.exits, entered: step.entered)) }
        emitSwitchOverSelected(replacements, into: &out) { replacement, out in
            let replacesAll = replacement.exits == 0..<model.states.count
            if !replacesAll, replacement.entered.count == 1, !model.states[replacement.entered[0]].isComposite {
                // One leaf entered, the target: it takes the exited states' place.
                out.line(
                    "machine.regions.replace(\(replacement.exits), byLeaf: \(names.stateType(replacement.entered[0])).self) { $0.number }"
                )
            } else {
                let begin =
                    replacesAll ? "beginReplacingAll()" : "beginReplacing(\(replacement.exits)) { $0.number }"
                out.line("machine.regions." + begin)
                func append(_ state: Int, to list: StaticString) {
                    out.beginLine()
                    out.write("machine.regions.")
                    out.write(list)
                    out.write(".append(")
                    out.write(names.stateType(state))
                    out.write(".self)")
                    out.endLine()
                }
                for state in replacement.entered { append(state, to: "newConfiguration") }
                for state in model.activeLeaves(of: replacement.entered) { append(state, to: "newLeaves") }
                out.line("machine.regions.endReplacing()")
            }
            if uses(.completions) {
                for state in replacement.entered
                where !model.states[state].isComposite && plan.statesWithCompletion.contains(state) {
                    out.beginLine()
                    out.write("machine.steps.complete(")
                    out.write(names.stateType(state))
                    out.write(".self)")
                    out.endLine()
                }
            }
        }
    }

    /// What decides the lines that replace a direct step's exited states by its entered ones.
    private struct Replacement: Hashable {
        let exits: Range<Int>
        let entered: [Int]
    }

    /// What the documentation of `fire` says of the direct step.
    var directStepDoc: [String] {
        if plan.directSteps.isEmpty { return [] }
        if plan.allDirect {
            return [
                "", "What each transition exits and enters is known in advance: the step changes the",
                "configuration in place and builds nothing.",
            ]
        }
        return [
            "", "When what each selected transition exits and enters is known in advance (no history, no",
            "final state), the step changes the configuration in place and builds nothing.",
        ]
    }

    /// `isDirect(_:)`: whether the transition numbered `number` has a direct step; only when some has none.
    func emitIsDirect(into out: inout CodeWriter) {
        emitTransitionTest(
            "isDirect", numbers: plan.directSteps.keys.sorted(),
            doc: ["Whether transition `number` exits and enters states known in advance: no history, no final state."],
            into: &out)
    }

    /// `static func step(_:)` of the transition table: each direct transition's ranges.
    func emitDirectStepTable(into out: inout CodeWriter) {
        out.docComment([
            "The transition numbered `number` as the direct step sees it: the states it exits when active,",
            "its source (-1: the machine) and the states inside its source, by number.",
        ])
        out.block("private static func step(_ number: Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)") {
            out in
            out.line("switch number {")
            for number in plan.directSteps.keys.sorted() {
                let step = plan.directSteps[number]!
                out.line(
                    "case \(number): (\(step.exits), \(step.source), \(step.insideSource))  // \(label(of: plan.transitions[number]))"
                )
            }
            out.line("default: preconditionFailure(\"no direct step for transition \\(number)\")")
            out.line("}")
        }
    }
}
