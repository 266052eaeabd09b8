/// What the Swift generator cannot carry out for a choice of the command line: an activity (`do /`,
/// section 4f) runs as a task on the machine's actor, so a machine generated `--isolation
/// nonisolated` cannot have one. Refused with an error at each, never generated without it.
extension Compilation {
    /// An activity needs an isolated machine: generated `--isolation nonisolated`, a machine with
    /// activities is refused with an error at each `do` (`activity-needs-isolation`), and the model
    /// dropped. Returns whether it was.
    @discardableResult
    public mutating func refuseActivities(isolation: Isolation) -> Bool {
        guard let model, model.hasActivities, MachinePlan.globalActor(of: model, isolation: isolation) == nil else {
            return false
        }
        let refused = model.states.compactMap { state in
            state.activity.map { Diagnostic.activityNeedsIsolation($0.call.name, at: $0.range) }
        }
        guard !refused.isEmpty else { return false }
        var engine = DiagnosticEngine(errorLimit: Int.max)
        for diagnostic in diagnostics + refused { engine.emit(diagnostic) }
        diagnostics = engine.sorted
        self.model = nil
        return true
    }
}
