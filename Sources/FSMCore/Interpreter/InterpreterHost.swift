/// What plays the part of the generated actions protocol for an ``Interpreter``.
public protocol InterpreterHost: AnyObject {
    /// The value of a guard; it may send events (they are queued).
    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool
    /// Runs an action: an effect, or an entry or exit activity. It may send events (they are queued).
    func perform(_ action: Invocation, interpreter: Interpreter)
    /// The `unhandledEvent` hook: `state` is the innermost active state that contains every active
    /// state (the active leaf, without parallel states). Empty by default.
    func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter)
    /// Each step of processing, for tracing. Empty by default.
    func observe(_ step: Interpreter.Step, interpreter: Interpreter)
}

extension InterpreterHost {
    public func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {}
    public func observe(_ step: Interpreter.Step, interpreter: Interpreter) {}
}
