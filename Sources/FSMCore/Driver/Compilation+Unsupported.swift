/// What a back end does not carry out yet: activities (`do /`) and `catch` transitions (section
/// 4f) are checked, drawn, run by the interpreter and understood by the language server, but not
/// generated in Swift. A machine that has them is refused by the generator with an error at each,
/// never turned into code that silently leaves them out.
extension Compilation {
    /// A back end that does not carry out every construct yet: the Swift generator.
    public enum BackEnd: Sendable {
        case swiftGeneration

        var doesNotCarryOut: String {
            switch self {
            case .swiftGeneration: "are not generated"
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
