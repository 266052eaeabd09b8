/// Why an ``Interpreter`` stopped in the middle of a run (``Interpreter/failure``).
public enum InterpreterFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// More than ``Interpreter/completionLimit`` completions in one run: a cycle of completion
    /// transitions whose guards keep holding.
    case endlessCompletions
    /// More than ``Interpreter/completionLimit`` raised events processed in one run: a cycle of
    /// `raise`s. The event that would have gone over, and where it is raised.
    case endlessRaisedEvents(String, at: SourceRange)
    /// More than ``Interpreter/completionLimit`` timeouts at one instant: timed transitions with a
    /// zero delay that keep arming one another. The last one, and where it is written.
    case endlessTimeouts(at: SourceRange)
    /// An `every` whose named delay is not positive (a precondition failure in the generated code):
    /// the delay's name, its answer in nanoseconds, where the `every` is written.
    case everyDelayNotPositive(String, Int, at: SourceRange)

    /// What `fsmc simulate` reports (after `error: `).
    public var message: String {
        switch self {
        case .endlessCompletions:
            "more than \(Interpreter.completionLimit) completions in a row: a cycle of completion transitions whose guards keep holding"
        case .endlessRaisedEvents(let event, _):
            "more than \(Interpreter.completionLimit) raised events in a row ('\(event)' raised here): a cycle of 'raise'"
        case .endlessTimeouts:
            "more than \(Interpreter.completionLimit) timeouts at the same instant (the last one here): timers with a zero delay that keep arming one another"
        case .everyDelayNotPositive(let name, let nanoseconds, _):
            "'every \(name)': the delay '\(name)' is \(DurationLiteral.text(nanoseconds: nanoseconds)), not positive"
        }
    }

    /// Where in the machine's source the failure arises, when one place is to blame.
    public var range: SourceRange? {
        switch self {
        case .endlessCompletions: nil
        case .endlessRaisedEvents(_, let range), .endlessTimeouts(let range), .everyDelayNotPositive(_, _, let range): range
        }
    }

    public var description: String { message }
}
