/// Part 4 of the generated file, in a machine without parallel states: the one place where a
/// transition is carried out. It is run-time code written once (Sources/MachineRuntime/Runtime/
/// OneLeaf+Transitions.swift, ``RuntimeCode/oneLeafTransitions``), copied with the parts the
/// machine's features need.
extension SwiftMachineEmitter {
    func emitTransitionMachinery(into out: inout CodeWriter) {
        out.line("// MARK: - Carrying out transitions")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.lines(
            RuntimeCode.oneLeafTransitions.lines(
                for: names, withMachine: plan.workNeedsMachine, withActivities: uses(.activities),
                features: oneLeafFeatures))
    }

    /// The features the one-leaf run-time code tests (`#if FSM_HISTORY`, `// with history:`).
    private var oneLeafFeatures: Set<String> {
        var features: Set<String> = []
        if plan.hasSiblingTransitions { features.insert("SIBLING") }
        if plan.hasTransitionsBelowADomain { features.insert("BELOW") }
        if uses(.push) { features.insert("PUSH") }
        if uses(.pop) { features.insert("POP") }
        if uses(.history) { features.insert("HISTORY") }
        if observable { features.insert("OBSERVABLE") }
        if uses(.completions) { features.insert("COMPLETIONS") }
        if uses(.timers) { features.insert("TIMERS") }
        return features
    }
}
