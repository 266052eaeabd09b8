/// The reference interpreter: runs a resolved ``Model`` directly, with the semantics of the language
/// (docs/Language.md) and the run-time decisions of the generated Swift (docs/Generated-API.md).
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
///   with the innermost active state, and ``send(_:)`` returns `false`;
/// - completions (section 4a) are queued in the order the states complete and handled after the
///   step's entries, before the next queued event; ``start()`` handles those of the initial
///   configuration before it returns;
/// - history (section 4b) is recorded per interpreter, that is per machine instance.
public final class Interpreter {
    public let model: Model
    public let host: any InterpreterHost

    /// The active states in document order (before ``start()``, the ones it will enter). Kept as a
    /// set rather than a leaf, so that nothing here assumes a single active leaf.
    public private(set) var configuration: [Int]
    public private(set) var isStarted = false
    public private(set) var isFinished = false
    /// Whether an event is being processed; events sent meanwhile are queued.
    public private(set) var isRunning = false
    /// The states remembered by `-> push`, the last one on top.
    public private(set) var stack: [Int] = []
    /// What this machine instance remembers for `history` (section 4b).
    public private(set) var history = HistoryRecords()
    private var queue: [EventOccurrence] = []
    /// The states whose completion waits to be handled, first in first out (section 4a).
    private var completions: [Int] = []

    public init(model: Model, host: any InterpreterHost) {
        self.model = model
        self.host = host
        self.configuration = model.defaultEntry(of: nil)
    }

    /// The innermost active state: the first active state in document order none of whose
    /// children is active (the only such state in a machine without parallel states).
    public var state: Int {
        let active = Set(configuration)
        return configuration.first { !model.states[$0].children.contains(where: active.contains) } ?? model.initialState
    }

    /// Whether `index` is active: the innermost active state or one of its ancestors.
    public func isIn(_ index: Int) -> Bool { configuration.contains(index) }

    /// Whether a transition for `event` is declared on the active states or the machine (guards
    /// not evaluated); `false` once the machine has finished.
    public func handles(_ event: Int) -> Bool {
        if isFinished { return false }
        return model.candidateTransitions(in: state).contains { $0.event == event }
    }

    /// Enters the initial configuration, running entry activities outer to inner, and handles its
    /// completions. Does nothing the second time.
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

    /// Runs to completion: the start if needed, then `handle`, then the queued events, each step
    /// followed by the completions it caused.
    private func run(_ handle: () -> Bool) -> Bool {
        isRunning = true
        if !isStarted {
            isStarted = true
            host.observe(.started, interpreter: self)
            enter(model.entry(below: nil, by: .default, history: history))
            handleCompletions()
        }
        let handled = handle()
        handleCompletions()
        var next = 0
        while next < queue.count {
            host.observe(.dequeued(queue[next]), interpreter: self)
            _ = process(queue[next])
            handleCompletions()
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

    /// The completion queue (section 4a): each state in turn, skipped when it is no longer active
    /// (or, a composite, no longer complete); else its own completion transitions are tried once,
    /// in order, and the completion is dropped when none fires. Completions caused meanwhile join
    /// the end of the queue.
    private func handleCompletions() {
        while !completions.isEmpty {
            let completed = completions.removeFirst()
            let isComposite = model.states[completed].isComposite
            guard isIn(completed), !isComposite || model.isComplete(completed, in: Set(configuration)) else {
                host.observe(.completionSkipped(completed), interpreter: self)
                continue
            }
            host.observe(.completed(completed), interpreter: self)
            if !model.completionTransitions(of: completed).contains(where: { tryFiring($0, nil) }) {
                host.observe(.completionDropped(completed), interpreter: self)
            }
        }
    }

    /// Fires `transition` if it is enabled; `occurrence` is `nil` for a completion transition.
    private func tryFiring(_ transition: Model.Transition, _ occurrence: EventOccurrence?) -> Bool {
        if transition.target == .pop && stack.isEmpty { return false }
        if let condition = transition.guardExpression, !evaluate(condition, occurrence) { return false }
        host.observe(.fired(transition), interpreter: self)
        let effects = { for call in transition.effects { self.perform(call, occurrence) } }
        switch transition.target {
        case .internal:
            effects()
        case .state(let target), .history(let target, _):
            carryOut(below: transition.domain, to: target, by: Model.EntryKind(transition.target), effects)
        case .push(let target):
            stack.append(state)
            carryOut(below: transition.domain, to: target, by: .default, effects)
        case .pop:
            let target = stack.removeLast()
            carryOut(below: model.domain(from: transition.source, to: target), to: target, by: .default, effects)
        }
        return true
    }

    /// An external transition (section 4): records history, exits the exit set, runs the effects,
    /// enters the entry set. The model derives both sets and the history rules.
    private func carryOut(below domain: Int?, to target: Int, by kind: Model.EntryKind, _ effects: () -> Void) {
        let exiting = model.exitSet(of: configuration, below: domain)
        history.record(exiting: exiting, from: configuration, in: model)
        for state in exiting where model.states[state].recordsHistory {
            host.observe(.historyRecorded(state, history[state] ?? []), interpreter: self)
        }
        for state in exiting {
            host.observe(.exiting(state), interpreter: self)
            for call in model.states[state].exit { perform(call, nil) }
        }
        effects()
        let staying = configuration.filter { !exiting.contains($0) }
        enter(model.entrySet(to: target, below: domain, by: kind, history: history), joining: staying)
    }

    /// Enters `entering` in order; the configuration becomes `staying` and `entering` once all are
    /// entered (during the step's activities it is the one before, as in the generated code). Then
    /// queues the completions they cause, and finishes the machine when a top-level final state
    /// was entered.
    private func enter(_ entering: [Int], joining staying: [Int] = []) {
        for index in entering {
            host.observe(.entering(index), interpreter: self)
            for call in model.states[index].entry { perform(call, nil) }
        }
        guard !entering.isEmpty else { return }
        configuration = (staying + entering).sorted()
        // A state without completion transitions completes to no effect: leaving it out keeps the
        // trace of a version-1 machine as it was.
        completions += model.completingStates(onEntering: entering, in: Set(configuration)).filter {
            !model.completionTransitions(of: $0).isEmpty
        }
        if entering.contains(where: model.finishesMachine) {
            isFinished = true
            host.observe(.finished, interpreter: self)
        }
    }

    private func evaluate(_ condition: Model.Guard, _ occurrence: EventOccurrence?) -> Bool {
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
