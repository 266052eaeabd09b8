/// What a back end does not carry out yet: timed transitions (section 4d) and `raise` (section
/// 4e) are checked, drawn and run by the interpreter (`fsmc simulate`), but not generated in
/// Swift. A machine that has them is refused by the generator with an error at each, never turned
/// into code that silently leaves them out.
extension Compilation {
    /// A back end that turns a machine into something that runs: the Swift generator.
    public enum BackEnd: Sendable {
        case swiftGeneration

        var doesNotCarryOut: String {
            switch self {
            case .swiftGeneration: "are not generated"
            }
        }
    }

    /// The errors `backEnd` has about the model: one at each timed transition and at each
    /// `raise`; empty for a compilation without a model.
    public func unsupportedConstructs(for backEnd: BackEnd) -> [Diagnostic] {
        guard let model else { return [] }
        var found = model.allTimedTransitions.map {
            Diagnostic.notCarriedOutYet("timed transitions ('\($0.kind.rawValue)')", by: backEnd.doesNotCarryOut, at: $0.range)
        }
        found += model.allRaises.map {
            Diagnostic.notCarriedOutYet("internal events ('raise')", by: backEnd.doesNotCarryOut, at: $0.range)
        }
        return found
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
