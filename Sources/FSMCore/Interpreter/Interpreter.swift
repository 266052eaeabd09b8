import FSMRuntime

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
/// - an event selects a transition in each active region, conflicting ones are dropped, and the
///   rest fire together (section 4c; without parallel states, the one transition of section 4);
/// - an unhandled event calls the host's ``InterpreterHost/unhandledEvent(_:in:interpreter:)``
///   with the innermost active state that contains every active state, and ``send(_:)`` returns
///   `false`;
/// - completions (section 4a) and raised events (section 4e) share one internal queue, first in,
///   first out, each appended when it arises (a raised event when its `raise` runs, a completion
///   when its state completes, after its entry activities); the queue is emptied after each step,
///   before the next queued event or timeout; ``start()`` empties it before it returns;
/// - history (section 4b) is recorded per interpreter, that is per machine instance;
/// - time is virtual (section 4d, manual timing): ``now`` moves only in ``advance(by:)``, which
///   processes the timeouts due meanwhile; ``start()`` and ``send(_:)`` never process one. A
///   named delay is the host's answer (``InterpreterHost/delay(_:interpreter:)``);
/// - activities (section 4f, as the generated code's `.manual` activities) are pending from their
///   state's entry, start at the end of the step once the internal queue is empty, and are
///   cancelled by its exit; the host ends a running one with ``finishActivity(of:)`` or
///   ``failActivity(of:with:)``, a step of its own (`Interpreter+Activities.swift`);
/// - snapshots (section 4g): ``snapshot`` between steps, and an interpreter restored from one with
///   ``init(model:host:restoring:)``, which enters no state (`Interpreter+Snapshot.swift`).
///
/// Where the generated code would run forever, the interpreter stops: a run (a ``start()``, or a
/// ``send(_:)`` with the events queued meanwhile, or one timeout of ``advance(by:)`` with what it
/// causes) handles at most ``completionLimit`` completions and as many raised events, and one
/// instant at most as many timeouts; past that it sets ``failure`` and does nothing more.
public final class Interpreter {
    public let model: Model
    public let host: any InterpreterHost

    /// The active states in document order (before ``start()``, the ones it will enter). Kept as a
    /// set rather than a leaf, so that nothing here assumes a single active leaf.
    public internal(set) var configuration: [Int]
    public internal(set) var isStarted = false
    public internal(set) var isFinished = false
    /// Whether an event is being processed; events sent meanwhile are queued.
    public private(set) var isRunning = false
    /// The states remembered by `-> push`, the last one on top.
    public internal(set) var stack: [Int] = []
    /// What this machine instance remembers for `history` (section 4b).
    public internal(set) var history = HistoryRecords()
    /// What a step caused, waiting for its turn (sections 4a and 4e): raised events and completions,
    /// the events sent meanwhile. FSMRuntime's `StepQueue` decides the order, for this reference
    /// interpreter and for every generated machine alike. A raised event carries the place of its `raise`.
    private var steps = StepQueue<QueuedEvent, Int>()
    /// The completions handled in the current run, against ``completionLimit``.
    private var completionsInRun = 0
    /// The raised events processed in the current run, against ``completionLimit``.
    private var raisedInRun = 0
    /// The virtual time of the machine, in nanoseconds since the interpreter was made (section 4d):
    /// moved by ``advance(by:)`` only; while a timeout is handled, its deadline.
    public internal(set) var now = 0
    /// The armed timers, in the order they were armed (section 4d).
    public internal(set) var timers: [ArmedTimer] = []
    /// The stamp of the next arming: every arming has its own, so that a timer cancelled and armed
    /// again is a different timer.
    var nextStamp = 0
    /// Where the activity of each active state with one is (section 4f): pending, running or done;
    /// a state not listed is idle (not active, or its activity threw).
    public internal(set) var activities: [Int: ActivityPhase] = [:]

    /// An event waiting in ``steps``: sent from outside (`raisedAt` nil), or raised by the `raise` at `raisedAt`.
    private struct QueuedEvent {
        var occurrence: EventOccurrence
        var raisedAt: SourceRange?
    }

    /// A timer armed for a timed transition (section 4d).
    public struct ArmedTimer: Sendable, Hashable {
        public var transition: Model.TimedTransition
        /// When it is due, in nanoseconds of ``Interpreter/now``.
        public var deadline: Int
        /// The order of arming: of two timers with the same deadline, the one with the smaller stamp is
        /// due first.
        public var stamp: Int
    }

    /// The most completions one run handles (and raised events it processes, and timeouts at one
    /// instant). A cycle of completion transitions whose guards keep
    /// holding would otherwise go on forever (the checker rejects the cycles without guards; those
    /// with guards are the author's responsibility).
    public static let completionLimit = 10_000

    /// The limit this interpreter applies (``completionLimit`` unless lowered): `fsmc paths` takes
    /// a step past a hundred completions as one that never ends, rather than run each one ten
    /// thousand times while it tries the answers of its guards. The failure's message still names
    /// ``completionLimit``: only the search, which reports no message, lowers it.
    var runLimit = completionLimit

    /// Why the interpreter stopped in the middle of a run; `nil` while it has not. The
    /// completion that would have gone over the limit is not handled (nor observed), nothing
    /// queued is processed, and from then on ``start()`` and ``send(_:)`` do nothing (`send`
    /// returns `false`).
    public internal(set) var failure: InterpreterFailure?

    public init(model: Model, host: any InterpreterHost) {
        self.model = model
        self.host = host
        self.configuration = model.defaultEntry(of: nil)
    }

    /// A copy of `other` between runs, answered by `host`: the same configuration, history, stack,
    /// time, timers and activities, going on from there independently (`fsmc paths` explores the
    /// steps possible from one configuration on copies of it).
    init(copying other: Interpreter, host: any InterpreterHost) {
        precondition(!other.isRunning, "an interpreter is copied between runs only")
        self.model = other.model
        self.host = host
        self.configuration = other.configuration
        self.isStarted = other.isStarted
        self.isFinished = other.isFinished
        self.stack = other.stack
        self.history = other.history
        self.now = other.now
        self.timers = other.timers
        self.nextStamp = other.nextStamp
        self.activities = other.activities
        self.failure = other.failure
        self.runLimit = other.runLimit
    }

    /// Told the outcome of each transition's guard where it is evaluated (`nil`: not observed).
    /// What `fsmc paths` counts as a guard's outcome: the whole guard of one transition.
    var guardDecided: ((Model.Transition, Bool) -> Void)?

    /// The innermost active state: the first active state in document order none of whose
    /// children is active (the only such state in a machine without parallel states; with them,
    /// the first active leaf).
    public var state: Int {
        let active = Set(configuration)
        return configuration.first { !model.states[$0].children.contains(where: active.contains) } ?? model.initialState
    }

    /// Whether `index` is active: the innermost active state or one of its ancestors.
    public func isIn(_ index: Int) -> Bool { configuration.contains(index) }

    /// Whether a transition for `event` is declared on an active state or the machine (guards
    /// not evaluated); `false` once the machine has finished.
    public func handles(_ event: Int) -> Bool {
        if isFinished { return false }
        return (configuration.map(Optional.some) + [nil]).contains { node in
            model.transitions(declaredIn: node).contains { $0.event == event }
        }
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
            steps.send(QueuedEvent(occurrence: occurrence))
            host.observe(.queued(occurrence), interpreter: self)
            return true
        }
        return run { process(occurrence) }
    }

    /// Runs to completion: the start if needed (the machine's timers armed before the initial
    /// states are entered, then what the start caused but the events sent), then `handle`, then
    /// what it caused (``finishSteps(takingSent:)``).
    func run(_ handle: () -> Bool) -> Bool {
        guard failure == nil else { return false }
        isRunning = true
        completionsInRun = 0
        raisedInRun = 0
        if !isStarted {
            isStarted = true
            host.observe(.started, interpreter: self)
            for timed in model.machineTimedTransitions { arm(timed, from: now) }
            enter(model.entry(below: nil, by: .default, history: history))
            finishSteps(takingSent: false)
        }
        let handled = failure == nil && handle()
        finishSteps()
        isRunning = false
        return handled
    }

    /// What the steps caused, in the order of FSMRuntime's `StepQueue` (sections 4a, 4e, 4f): the
    /// internal queue, first in, first out, what each item causes joining its end; then the
    /// activities the step left pending start; then each event sent meanwhile, a step of its own.
    /// A raised event is processed like one sent from outside. A completion is skipped when its
    /// state is no longer active (or, a composite, no longer complete; or, with an activity, its
    /// activity is not done: the state was entered again since); else the state's own completion
    /// transitions are tried once, in order, and the completion is dropped when none fires. Past
    /// ``completionLimit`` completions, or as many raised events, in the run, the interpreter stops
    /// (``failure``) and drops everything waiting.
    private func finishSteps(takingSent: Bool = true) {
        while failure == nil, let work = steps.next(takingSent: takingSent) {
            switch work {
            case .raised(let raised):
                raisedInRun += 1
                if raisedInRun > runLimit {
                    guard let range = raised.raisedAt else { preconditionFailure("a raised event knows its raise") }
                    failure = .endlessRaisedEvents(model.events[raised.occurrence.event].name, at: range)
                    break
                }
                host.observe(.raisedDequeued(raised.occurrence), interpreter: self)
                _ = process(raised.occurrence)
            case .completion(let completed):
                handleCompletion(of: completed)
            case .endOfStep:
                startPendingActivities()
            case .sent(let sent):
                host.observe(.dequeued(sent.occurrence), interpreter: self)
                _ = process(sent.occurrence)
            }
        }
        if failure != nil { steps = StepQueue() }
    }

    /// Selection (sections 4 and 4c): from each active leaf outwards, the first enabled transition;
    /// the ones that do not conflict fire together.
    private func process(_ occurrence: EventOccurrence) -> Bool {
        if !isFinished {
            let selected = model.selectTransitions(for: occurrence.event, in: configuration) {
                isEnabled($0, .event(occurrence))
            }
            if !selected.isEmpty {
                fire(selected, .event(occurrence))
                return true
            }
        }
        host.observe(.unhandled(occurrence), interpreter: self)
        host.unhandledEvent(occurrence, in: model.innermostContaining(configuration) ?? state, interpreter: self)
        return false
    }

    /// The completion of `completed`, its turn come in the internal queue (``finishSteps(takingSent:)``).
    private func handleCompletion(of completed: Int) {
        let stillComplete =
            model.states[completed].isComposite
            ? model.isComplete(completed, in: Set(configuration), activityDone: activityLetsComplete)
            : activityLetsComplete(completed)
        guard isIn(completed), stillComplete else {
            host.observe(.completionSkipped(completed), interpreter: self)
            return
        }
        completionsInRun += 1
        if completionsInRun > runLimit {
            failure = .endlessCompletions
            return
        }
        host.observe(.completed(completed), interpreter: self)
        if let transition = model.completionTransitions(of: completed).first(where: { isEnabled($0, nil) }) {
            fire([transition], nil)
        } else {
            host.observe(.completionDropped(completed), interpreter: self)
        }
    }

    /// Whether `transition` can fire: a `pop` needs a remembered state (its guard is not evaluated
    /// otherwise), and its guard must hold, evaluated in `scope` (nothing for a completion
    /// transition or a timeout, the error for a `catch`).
    func isEnabled(_ transition: Model.Transition, _ scope: Scope) -> Bool {
        if transition.target == .pop && stack.isEmpty { return false }
        if let condition = transition.guardExpression {
            let value = evaluate(condition, scope)
            guardDecided?(transition, value)
            return value
        }
        return true
    }

    /// The step (section 4c): drops the selected transitions that conflict, then, for those kept
    /// together, records history, exits the union of their exit sets, runs their effects in
    /// selection order and enters the union of their entry sets. The model derives the sets and
    /// the history rules; with one transition this is the external transition of section 4.
    /// `announcing` is false for a timed transition, whose ``Step/timeout(_:)`` said it all.
    func fire(_ selected: [Model.Transition], _ scope: Scope, announcing: Bool = true) {
        let kept = model.removingConflicts(from: selected, in: configuration)
        for transition in selected where announcing {
            host.observe(kept.contains(transition) ? .fired(transition) : .preempted(transition), interpreter: self)
        }
        // What each kept transition enters: its domain, target and kind of entry. `push` and `pop`
        // (never with parallel states, so alone) update the stack here, before the exits.
        var entries: [(domain: Int?, target: Int, kind: Model.EntryKind)] = []
        var exiting = Set<Int>()
        for transition in kept {
            var popped: Int?
            switch transition.target {
            case .internal:
                break
            case .state(let target), .history(let target, _):
                entries.append((transition.domain, target, Model.EntryKind(transition.target)))
            case .push(let target):
                stack.append(state)
                entries.append((transition.domain, target, .default))
            case .pop:
                let target = stack.removeLast()
                popped = target
                entries.append((model.domain(from: transition.source, to: target), target, .default))
            }
            exiting.formUnion(model.exitSet(of: transition, in: configuration, popping: popped))
        }
        let exitOrder = exiting.sorted(by: >)
        history.record(exiting: exitOrder, from: configuration, in: model)
        for state in exitOrder where model.states[state].recordsHistory {
            host.observe(.historyRecorded(state, history[state] ?? []), interpreter: self)
        }
        for state in exitOrder {
            host.observe(.exiting(state), interpreter: self)
            cancelTimers { $0.transition.source == state }
            exitActivity(of: state)
            for action in model.states[state].exitActions { perform(action, nil) }
        }
        for transition in kept where !transition.actions.isEmpty {
            host.observe(.effects(transition), interpreter: self)
            for action in transition.actions { perform(action, scope) }
        }
        var entering = Set<Int>()
        for entry in entries {
            entering.formUnion(model.entrySet(to: entry.target, below: entry.domain, by: entry.kind, history: history))
        }
        enter(entering.sorted(), joining: configuration.filter { !exiting.contains($0) })
    }

    /// Enters `entering` in order: each state's entry activities, then its timers armed, then its
    /// activity made pending, then the completions its entry causes queued (a state with an
    /// activity completes only once its activity is done). The configuration becomes `staying` and
    /// `entering` once all are entered (during the step's activities it is the one before, as in the
    /// generated code). Finishes the machine, cancelling every timer, when a top-level final state
    /// was entered.
    private func enter(_ entering: [Int], joining staying: [Int] = []) {
        guard !entering.isEmpty else { return }
        let entered = (staying + entering).sorted()
        // The states entered now are idle until the loop below: their activities count as not done.
        let completing = model.completingStatesByEntry(onEntering: entering, in: Set(entered)) { activities[$0] == .done }
        for (state, completed) in zip(entering, completing) {
            host.observe(.entering(state), interpreter: self)
            for action in model.states[state].entryActions { perform(action, nil) }
            for timed in model.states[state].timedTransitions { arm(timed, from: now) }
            enterActivity(of: state)
            queueCompletions(completed)
        }
        configuration = entered
        if entering.contains(where: model.finishesMachine) {
            isFinished = true
            host.observe(.finished, interpreter: self)
            cancelTimers { _ in true }
        }
    }

    /// Puts the completions of `completed` on the internal queue, in order. A state without
    /// completion transitions completes to no effect: leaving it out keeps the trace of a version-1
    /// machine as it was.
    func queueCompletions(_ completed: [Int]) {
        for state in completed where !model.completionTransitions(of: state).isEmpty { steps.complete(state) }
    }

    func evaluate(_ condition: Model.Guard, _ scope: Scope) -> Bool {
        switch condition {
        case .call(let call):
            let invocation = Invocation(call, model: model, scope: scope)
            let value = host.evaluate(invocation, interpreter: self)
            host.observe(.guardEvaluated(invocation, value), interpreter: self)
            return value
        case .not(let operand): return !evaluate(operand, scope)
        case .and(let left, let right): return evaluate(left, scope) && evaluate(right, scope)
        case .or(let left, let right): return evaluate(left, scope) || evaluate(right, scope)
        }
    }

    /// Runs an action: a call by the host; a `raise` appends its event to the internal queue.
    func perform(_ action: Model.Action, _ scope: Scope) {
        switch action {
        case .call(let call):
            host.perform(Invocation(call, model: model, scope: scope), interpreter: self)
        case .raise(let raise):
            let raised = EventOccurrence(raise, model: model, scope: scope)
            steps.raise(QueuedEvent(occurrence: raised, raisedAt: raise.range))
            host.observe(.raised(raised), interpreter: self)
        }
    }
}

extension Interpreter {
    /// What the parameters named in a guard's or an action's arguments refer to.
    enum Scope: ExpressibleByNilLiteral {
        /// Nothing: an entry or exit activity, a completion transition, a timeout.
        case nothing
        /// The event being processed: its parameters, by name.
        case event(EventOccurrence)
        /// The error an activity threw, for the `catch` transitions of its state (section 4f): `error`.
        case caught(InterpreterValue)

        init(nilLiteral: ()) { self = .nothing }
    }
}
