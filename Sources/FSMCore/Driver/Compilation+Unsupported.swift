/// What a back end does not carry out yet: activities (`do /`) and `catch` transitions (section
/// 4f) are checked, drawn and understood by the language server, but neither generated in Swift
/// nor run by the interpreter. A machine that has them is refused by those back ends with an error
/// at each, never turned into code or a run that silently leaves them out.
extension Compilation {
    /// A back end that runs a machine: the Swift generator or the interpreter.
    public enum BackEnd: Sendable {
        case swiftGeneration, simulation

        var doesNotCarryOut: String {
            switch self {
            case .swiftGeneration: "are not generated"
            case .simulation: "are not simulated"
            }
        }
    }

    /// The errors `backEnd` has about the model: one at each activity and at each `catch`
    /// transition, in source order; empty for a compilation without a model.
    public func unsupportedConstructs(for backEnd: BackEnd) -> [Diagnostic] {
        guard let model else { return [] }
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
}
