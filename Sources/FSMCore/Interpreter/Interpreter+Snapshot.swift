import FSMRuntime

/// Snapshots (section 4g): ``snapshot`` takes one between steps; ``init(model:host:restoring:)``
/// makes an interpreter in the state a snapshot describes, as the generated
/// `init(actions:restoring:)` does, with the same checks, the same messages and the same rules for
/// what no longer fits.
extension Interpreter {
    /// The state of this machine instance, by name: the active states (none before ``start()``),
    /// history records, `push` stack and armed timers (in arming order, each with its time left).
    /// Activities are not part of it: a restore starts those of the active states again.
    ///
    /// - Precondition: not from inside a guard or an action.
    public var snapshot: Snapshot {
        precondition(!isRunning, "snapshot from inside a guard or an action")
        let name = { self.model.states[$0].name }
        var records: [String: [String]] = [:]
        for state in history.recordedStates { records[name(state)] = (history[state] ?? []).map(name) }
        return Snapshot(
            machine: model.name, started: isStarted, finished: isFinished,
            activeStates: isStarted ? configuration.map(name) : [], history: records, stack: stack.map(name),
            timers: timers.map { timer in
                let timed = timer.transition
                let written = timed.source.map { model.states[$0].timedTransitions } ?? model.machineTimedTransitions
                guard let index = written.firstIndex(of: timed) else {
                    preconditionFailure("an armed timer is one of its state's timed transitions")
                }
                return Snapshot.ArmedTimer(
                    state: timed.source.map(name), index: index, remainingNanoseconds: Int64(max(timer.deadline - now, 0)))
            })
    }

    /// An interpreter of `model` in the state `snapshot` describes (section 4g).
    ///
    /// The snapshot must be of this machine and, when it has started, name a configuration of it;
    /// else this throws the first problem found (``RestoreError``), in this order: another
    /// machine's name; active states in a snapshot that has not started; a state the machine does
    /// not have; active states that are not a configuration. What no longer fits is dropped, without
    /// a word: a history record of a state that does not exist or records no history, or that names
    /// an unknown state, or that is no complete configuration below its state; a stack entry in a
    /// machine without `push`, or naming no state without children; a timer of a state that is not
    /// active (of the machine, once it has finished), with an index past its timed transitions, a
    /// negative time left, or the same state and index as a timer kept before it. Of a snapshot that
    /// has not started, only that is kept: the result is a fresh interpreter.
    ///
    /// No state is entered: no entry action runs and the host hears of no entry. The host is told
    /// ``Step/restored``, then of each kept timer armed again, in the snapshot's order, due its time
    /// left from ``now`` (0) with stamps in that order, so that ties keep their order (no named
    /// delay is asked); then the activities of every active state that has one start again, in
    /// document order (``Step/activityStarted(_:_:)``): the snapshot does not hold activities, so
    /// one that had returned or thrown runs again. Nothing else: no completion is tried.
    public convenience init(model: Model, host: any InterpreterHost, restoring snapshot: Snapshot)
        throws(RestoreError)
    {
        let restoration = try Restoration(snapshot, model: model)
        self.init(model: model, host: host)
        if let configuration = restoration.configuration {
            isStarted = true
            self.configuration = configuration
            isFinished = configuration.contains(where: model.finishesMachine)
            history = HistoryRecords(restoring: restoration.history)
            stack = restoration.stack
        }
        host.observe(.restored, interpreter: self)
        for (timed, remaining) in restoration.timers {
            timers.append(ArmedTimer(transition: timed, deadline: now + remaining, stamp: nextStamp))
            nextStamp += 1
            host.observe(.timerArmed(timed, deadline: now + remaining), interpreter: self)
        }
        for state in configuration where isStarted && model.states[state].activity != nil { activities[state] = .pending }
        startPendingActivities()
    }
}

/// What a snapshot restores, checked against the machine and with what no longer fits dropped.
private struct Restoration {
    /// The active states in document order; `nil` when the snapshot has not started.
    var configuration: [Int]?
    var history: [Int: [Int]] = [:]
    var stack: [Int] = []
    /// The timers kept, in the snapshot's order, each with its time left in nanoseconds.
    var timers: [(Model.TimedTransition, Int)] = []

    init(_ snapshot: Snapshot, model: Model) throws(Interpreter.RestoreError) {
        guard snapshot.machine == model.name else { throw .otherMachine(snapshot.machine) }
        guard snapshot.started || snapshot.activeStates.isEmpty else { throw .activeStatesBeforeStart }
        let states = Dictionary(model.states.indices.map { (model.states[$0].name, $0) }) { first, _ in first }
        var active = Set<Int>()
        for name in snapshot.activeStates {
            guard let state = states[name] else { throw .unknownState(name) }
            active.insert(state)
        }
        guard snapshot.started else { return }
        if let problem = Self.problem(with: active, in: model) { throw .notAConfiguration(problem) }
        configuration = active.sorted()

        for (key, names) in snapshot.history {
            guard let state = states[key], model.states[state].recordsHistory else { continue }
            let recorded = names.compactMap { states[$0] }
            guard recorded.count == names.count, Self.isComplete(Set(recorded), below: state, in: model) else { continue }
            history[state] = Set(recorded).sorted()
        }
        if model.usesPush {
            stack = snapshot.stack.compactMap { states[$0] }.filter { !model.states[$0].isComposite }
        }
        let finished = active.contains(where: model.finishesMachine)
        var kept = Set<[Int]>()
        for timer in snapshot.timers {
            var source: Int?
            if let name = timer.state {
                guard let state = states[name], active.contains(state) else { continue }
                source = state
            } else if finished {
                continue
            }
            let written = source.map { model.states[$0].timedTransitions } ?? model.machineTimedTransitions
            guard written.indices.contains(timer.index), timer.remainingNanoseconds >= 0,
                kept.insert([source ?? -1, timer.index]).inserted
            else { continue }
            timers.append((written[timer.index], Int(timer.remainingNanoseconds)))
        }
    }

    /// Why `active` is not a configuration of `model`: the first problem found, in the order of
    /// section 4g; `nil` when it is one.
    static func problem(with active: Set<Int>, in model: Model) -> Interpreter.RestoreError.ConfigurationProblem? {
        let name = { model.states[$0].name }
        let ordered = active.sorted()
        guard !ordered.isEmpty else { return .noStateActive }
        for state in ordered {
            if let parent = model.states[state].parent, !active.contains(parent) {
                return .withoutParent(name(state), parent: name(parent))
            }
        }
        let topLevel = ordered.filter { model.states[$0].parent == nil }
        if topLevel.count > 1 { return .twoTopLevelStates(name(topLevel[0]), name(topLevel[1])) }
        for state in ordered where model.states[state].isComposite {
            if model.states[state].isParallel {
                if let region = model.states[state].children.sorted().first(where: { !active.contains($0) }) {
                    return .withoutRegion(name(state), region: name(region))
                }
                continue
            }
            let children = ordered.filter { model.states[$0].parent == state }
            if children.isEmpty { return .withoutActiveChild(name(state)) }
            if children.count > 1 { return .twoActiveChildren(name(state), name(children[0]), name(children[1])) }
        }
        return nil
    }

    /// Whether `recorded` is a complete configuration below `state`, as a history record is: each
    /// recorded state's parent is `state` or recorded; each parallel state among them (or `state`,
    /// when it is one) has all its regions recorded, each other composite state exactly one child.
    static func isComplete(_ recorded: Set<Int>, below state: Int, in model: Model) -> Bool {
        for member in recorded {
            guard let parent = model.states[member].parent, parent == state || recorded.contains(parent) else { return false }
        }
        for composite in recorded.union([state]) where model.states[composite].isComposite {
            let children = model.states[composite].children.filter(recorded.contains)
            let expected = model.states[composite].isParallel ? model.states[composite].children.count : 1
            if children.count != expected { return false }
        }
        return true
    }
}
