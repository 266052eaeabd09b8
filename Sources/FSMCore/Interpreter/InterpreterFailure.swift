/// Why an ``Interpreter`` stopped in the middle of a run (``Interpreter/failure``).
public enum InterpreterFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// More than ``Interpreter/completionLimit`` completions in one run: a cycle of completion
    /// transitions whose guards keep holding.
    case endlessCompletions

    /// What `fsmc simulate` reports (after `error: `).
    public var message: String {
        switch self {
        case .endlessCompletions:
            "more than \(Interpreter.completionLimit) completions in a row: a cycle of completion transitions whose guards keep holding"
        }
    }

    public var description: String { message }
}
