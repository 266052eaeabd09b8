/// What a back end does not carry out yet: activities (`do /`) and `catch` transitions (section
/// 4f) are checked, drawn and understood by the language server, and generated in Swift for a
/// machine without parallel states; the generator does not carry them out in a machine with
/// parallel states, nor the interpreter at all. A machine that has them there is refused with an
/// error at each, never turned into code or a run that silently leaves them out.
extension Compilation {
    /// A back end that runs a machine: the Swift generator or the interpreter.
    public enum BackEnd: Sendable, Equatable {
        case swiftGeneration, simulation

        var doesNotCarryOut: String {
            switch self {
            case .swiftGeneration: "in a machine with parallel states are not generated"
            case .simulation: "are not simulated"
            }
        }
    }

    /// The errors `backEnd` has about the model: one at each activity and at each `catch`
    /// transition, in source order; empty for a compilation without a model.
    public func unsupportedConstructs(for backEnd: BackEnd) -> [Diagnostic] {
        guard let model, backEnd == .simulation else { return [] }
        var ranges = model.states.compactMap(\.activity?.range)
        ranges += model.allCatchTransitions.map(\.range)
        return ranges.sorted { $0.start < $1.start }.map {
            Diagnostic.notCarriedOutYet("activities ('do /') and 'catch'", by: backEnd.doesNotCarryOut, at: $0)
        }
    }

    /// Adds ``unsupportedConstructs(for:)`` to the diagnostics, in source order, and drops the
    /// model when there are any. Returns whether there were.
    @discardableResult
    public mutating func refuseUnsupportedConstructs(for backEnd: BackEnd) -> Bool {
        let refused = unsupportedConstructs(for: backEnd)
        guard !refused.isEmpty else { return false }
        var engine = DiagnosticEngine(errorLimit: Int.max)
        for diagnostic in diagnostics + refused { engine.emit(diagnostic) }
        diagnostics = engine.sorted
        model = nil
        return true
    }

    /// An activity needs an isolated machine (section 4f): generated `--isolation nonisolated`, a
    /// machine with activities is refused with an error at each `do` (`activity-needs-isolation`),
    /// and the model dropped. Returns whether it was.
    @discardableResult
    public mutating func refuseActivities(isolation: Isolation) -> Bool {
        guard isolation == .nonisolated, let model else { return false }
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
