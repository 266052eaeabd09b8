/// The reference interpreter: runs a resolved ``Model`` directly, with the semantics of section 4
/// of the language contract and the run-time decisions of the generated Swift (section 5).
///
/// It is the oracle of the differential tests (generated Swift and interpreter must agree on every
/// guard asked, action run and state reached) and the engine of `fsmc simulate`. Guards and actions
/// are answered by an ``InterpreterHost``, which plays the part of the generated actions protocol:
/// it may send events back to the interpreter from a guard or an action, and those are queued
/// (run to completion), exactly as in the generated code.
///
/// Decisions shared with the generated code:
/// - an event sent before ``start()`` starts the machine first; ``start()`` a second time does nothing;
/// - an event sent while another is processed is queued and ``send(_:)`` returns `true`;
/// - a `pop` with an empty stack is not enabled, and its guard is not evaluated;
/// - after a top-level final state is entered, every event is unhandled;
/// - an unhandled event calls the host's ``InterpreterHost/unhandledEvent(_:in:interpreter:)``
///   with the innermost active state, and ``send(_:)`` returns `false`.
public final class Interpreter {
    public let model: Model
    public let host: any InterpreterHost

    /// The innermost active state (before ``start()``, the one it will enter).
    public private(set) var state: Int
    public private(set) var isStarted = false
    public private(set) var isFinished = false
    /// Whether an event is being processed; events sent meanwhile are queued.
    public private(set) var isRunning = false
    /// The states remembered by `-> push`, the last one on top.
    public private(set) var stack: [Int] = []
    private var queue: [EventOccurrence] = []

    public init(model: Model, host: any InterpreterHost) {
        self.model = model
        self.host = host
        self.state = model.initialLeaf(of: model.initialState)
    }

    /// Whether `index` is the innermost active state or one of its ancestors.
    public func isIn(_ index: Int) -> Bool { model.isDescendant(state, of: index) }

    /// The active states, outermost first.
    public var configuration: [Int] { model.configuration(ofLeaf: state) }

    /// Whether a transition for `event` is declared on the active states or the machine (guards
    /// not evaluated); `false` once the machine has finished.
    public func handles(_ event: Int) -> Bool {
        if isFinished { return false }
        return model.candidateTransitions(in: state).contains { $0.event == event }
    }

    /// Enters the initial configuration, running entry activities outer to inner. Does nothing
    /// the second time.
    public func start() {
        guard !isStarted else { return }
        _ = run { true }
    }

    /// Sends an event. Returns `true` when a transition fired or the event was queued, `false` when
    /// it was unhandled.
    @discardableResult
    public func send(_ occurrence: EventOccurrence) -> Bool {
        precondition(
            occurrence.arguments.count == model.events[occurrence.event].parameters.count,
            "one argument per parameter of the event")
        if isRunning {
            queue.append(occurrence)
            host.observe(.queued(occurrence), interpreter: self)
            return true
        }
        return run { process(occurrence) }
    }

    private func run(_ handle: () -> Bool) -> Bool {
        isRunning = true
        if !isStarted {
            isStarted = true
            host.observe(.started, interpreter: self)
            enter(model.defaultEntry(of: nil))
        }
        let handled = handle()
        var next = 0
        while next < queue.count {
            host.observe(.dequeued(queue[next]), interpreter: self)
            _ = process(queue[next])
            next += 1
        }
        queue.removeAll()
        isRunning = false
        return handled
    }

    /// Selection (section 4): the innermost active state's transitions first, outwards, then the
    /// machine's; the first enabled one fires.
    private func process(_ occurrence: EventOccurrence) -> Bool {
        if !isFinished {
            for transition in model.candidateTransitions(in: state) where transition.event == occurrence.event {
                if tryFiring(transition, occurrence) { return true }
            }
        }
        host.observe(.unhandled(occurrence), interpreter: self)
        host.unhandledEvent(occurrence, in: state, interpreter: self)
        return false
    }

    private func tryFiring(_ transition: Model.Transition, _ occurrence: EventOccurrence) -> Bool {
        if transition.target == .pop && stack.isEmpty { return false }
        if let condition = transition.guardExpression, !evaluate(condition, occurrence) { return false }
        host.observe(.fired(transition), interpreter: self)
        let effects = { for call in transition.effects { self.perform(call, occurrence) } }
        switch transition.target {
        case .internal:
            effects()
        case .history:
            preconditionFailure("TODO(issue 14): history targets in the interpreter")
        case .state(let target):
            carryOut(below: transition.domain, to: target, effects)
        case .push(let target):
            stack.append(state)
            carryOut(below: transition.domain, to: target, effects)
        case .pop:
            let target = stack.removeLast()
            carryOut(below: model.domain(from: transition.source, to: target), to: target, effects)
        }
        return true
    }

    /// An external transition (section 4): exits the exit set, runs the effects, enters the entry
    /// set. The model derives both sets, so the rules (and, later, history) live there.
    private func carryOut(below domain: Int?, to target: Int, _ effects: () -> Void) {
        for exiting in model.exitSet(of: configuration, below: domain) {
            host.observe(.exiting(exiting), interpreter: self)
            for call in model.states[exiting].exit { perform(call, nil) }
        }
        effects()
        enter(model.entrySet(to: target, below: domain))
    }

    /// Enters `entering` in order. In a machine without parallel states the last one entered is
    /// the new innermost active state.
    private func enter(_ entering: [Int]) {
        for index in entering { entered(index) }
        guard let leaf = entering.last else { return }
        state = leaf
        isFinished = model.finishesMachine(leaf)
        if isFinished { host.observe(.finished, interpreter: self) }
    }

    private func entered(_ index: Int) {
        host.observe(.entering(index), interpreter: self)
        for call in model.states[index].entry { perform(call, nil) }
    }

    private func evaluate(_ condition: Model.Guard, _ occurrence: EventOccurrence) -> Bool {
        switch condition {
        case .call(let call):
            let invocation = Invocation(call, model: model, occurrence: occurrence)
            let value = host.evaluate(invocation, interpreter: self)
            host.observe(.guardEvaluated(invocation, value), interpreter: self)
            return value
        case .not(let operand): return !evaluate(operand, occurrence)
        case .and(let left, let right): return evaluate(left, occurrence) && evaluate(right, occurrence)
        case .or(let left, let right): return evaluate(left, occurrence) || evaluate(right, occurrence)
        }
    }

    private func perform(_ call: Model.Call, _ occurrence: EventOccurrence?) {
        host.perform(Invocation(call, model: model, occurrence: occurrence), interpreter: self)
    }
}
