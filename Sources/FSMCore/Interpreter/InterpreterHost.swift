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
    /// The value of the delay requirement `name` (`func name() -> Duration`, section 4d), in
    /// nanoseconds; asked at each arming of a timer that names it. Zero by default.
    func delay(_ name: String, interpreter: Interpreter) -> Int
}

extension InterpreterHost {
    public func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {}
    public func observe(_ step: Interpreter.Step, interpreter: Interpreter) {}
    public func delay(_ name: String, interpreter: Interpreter) -> Int { 0 }
}
