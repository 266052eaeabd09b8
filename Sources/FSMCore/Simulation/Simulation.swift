import FSMRuntime

/// A session of `fsmc simulate`: a machine run by the reference interpreter one script line at a
/// time, with the transcript `fsmc simulate` prints for each line.
///
/// The command line, `fsmc preview` and `fsmc paths --coverage` all run scripts through this one
/// type, so that a transcript has one formatter: every line reaches `output` without its line end,
/// indented by two spaces per level, exactly as `fsmc simulate` writes it.
///
/// Guards are answered by the line's own answers (in brackets), then by ``answers``, then by the
/// ``SimulationAsker`` (a terminal, a page); named delays by ``delays``, then by the asker. A guard or
/// a delay nobody answers stops the session (``failure``), as does an interpreter that stops.
public final class Simulation {
    public let model: Model
    public private(set) var interpreter: Interpreter
    /// The `--guard` answers, by guard name; a page may change them between lines.
    public var answers: [String: Bool] {
        get { host.answers }
        set { host.answers = newValue }
    }
    /// The `--delay` answers, in nanoseconds, by delay name.
    public var delays: [String: Int] {
        get { host.delays }
        set { host.delays = newValue }
    }
    /// Why the session cannot go on; `nil` while it can. Set by ``start()`` or ``run(_:echo:save:)``,
    /// after which neither does anything more.
    public private(set) var failure: SimulationFailure?
    private let host: SimulationHost
    /// Told every step of the interpreter, after the transcript's lines for it (`fsmc paths --coverage`).
    var observer: ((Interpreter.Step) -> Void)? {
        get { host.observer }
        set { host.observer = newValue }
    }

    /// A session of `model` that starts in its initial states.
    public init(
        model: Model, answers: [String: Bool] = [:], delays: [String: Int] = [:], asker: (any SimulationAsker)? = nil,
        output: @escaping (String) -> Void
    ) {
        self.model = model
        self.host = SimulationHost(model: model, answers: answers, delays: delays, asker: asker, output: output)
        self.interpreter = Interpreter(model: model, host: host)
    }

    /// A session of `model` that starts from `snapshot`, read from the file `source` (named by the
    /// transcript's first line, `restored from <source>`).
    public init(
        model: Model, restoring snapshot: Snapshot, from source: String, answers: [String: Bool] = [:],
        delays: [String: Int] = [:], asker: (any SimulationAsker)? = nil, output: @escaping (String) -> Void
    ) throws(Interpreter.RestoreError) {
        self.model = model
        self.host = SimulationHost(model: model, answers: answers, delays: delays, asker: asker, output: output)
        host.restoredFrom = source
        self.interpreter = try Interpreter(model: model, host: host, restoring: snapshot)
    }

    /// Starts the machine (`start`, or `restored from ...`) and writes the active states; `false`
    /// when the session cannot go on (``failure``).
    @discardableResult
    public func start() -> Bool {
        guard failure == nil else { return false }
        interpreter.start()
        return finishLine()
    }

    /// Runs one line of a script, first echoing it as `> line` when `echo` is given (a script read
    /// from a file; a terminal has shown what was typed). A `save` line hands the snapshot and its
    /// path to `save`, which writes it; what `save` throws, `run` throws, before the line saying
    /// it was saved, and the session can go on. `false` when the session cannot go on.
    @discardableResult
    public func run<SaveError: Error>(
        _ line: ScriptLine, echo: String? = nil, save: (Snapshot, String) throws(SaveError) -> Void
    ) throws(SaveError) -> Bool {
        guard failure == nil else { return false }
        if let echo { host.write("> " + echo.trimmed) }
        switch line {
        case .wait(let nanoseconds, let answers):
            host.lineAnswers = answers
            interpreter.advance(by: nanoseconds)
            host.lineAnswers = nil
            guard checkFailure() else { return false }
            host.write("time: " + DurationLiteral.text(nanoseconds: interpreter.now), indent: 1)
        case .activity(let outcome):
            if let reason = host.notRunning(outcome.state, interpreter) {
                host.write("discarded: " + reason, indent: 1)
            } else {
                host.lineAnswers = outcome.guardAnswers
                if let error = outcome.error {
                    interpreter.failActivity(of: outcome.state, with: error)
                } else {
                    interpreter.finishActivity(of: outcome.state)
                }
                host.lineAnswers = nil
            }
        case .save(let path):
            try save(interpreter.snapshot, path)
            host.write("saved to " + path, indent: 1)
            return true
        case .event(let scripted):
            host.lineAnswers = scripted.guardAnswers
            interpreter.send(scripted.occurrence)
            host.lineAnswers = nil
        }
        return finishLine()
    }

    /// Runs one line of a script, where nothing is saved: a `save` line is echoed and does nothing
    /// more (`fsmc paths --coverage` reads scripts without writing their files).
    @discardableResult
    public func run(_ line: ScriptLine, echo: String? = nil) -> Bool {
        if case .save = line {
            guard failure == nil else { return false }
            if let echo { host.write("> " + echo.trimmed) }
            return true
        }
        return run(line, echo: echo) { (_, _) throws(Never) in }
    }

    /// Why the activity of `state` cannot take an outcome now, or `nil` when it is running.
    public func whyNotRunning(_ state: Int) -> String? { host.notRunning(state, interpreter) }

    /// The active states as the transcript writes them after `state: `: `Call > [Audio > Muted | Video > On]`.
    public var configurationText: String { host.configurationText(of: interpreter) }

    /// The states `active` (indices) as the transcript writes them after `state: `: from the active
    /// top-level state inwards, `A > B` down a chain of composite states, the regions of a parallel
    /// state between brackets, separated by `|` so that nesting stays clear (`Call > [Audio > Muted |
    /// Video > CameraOn]`), and ` (finished)` once the machine has finished.
    public static func configurationText(_ active: [Int], isFinished: Bool, in model: Model) -> String {
        let active = Set(active)
        func describe(_ state: Int) -> String {
            let name = model.states[state].name
            let children = model.states[state].children.filter(active.contains)
            if model.states[state].isParallel {
                return name + " > [" + children.map(describe).joined(separator: " | ") + "]"
            }
            return children.first.map { name + " > " + describe($0) } ?? name
        }
        let states = model.topLevelStates.first(where: active.contains).map(describe) ?? ""
        return states + (isFinished ? " (finished)" : "")
    }

    private func finishLine() -> Bool {
        guard checkFailure() else { return false }
        host.printConfiguration(of: interpreter)
        return true
    }

    private func checkFailure() -> Bool {
        if let message = host.failure {
            failure = SimulationFailure(message: message, range: nil)
        } else if let stopped = interpreter.failure {
            failure = SimulationFailure(message: stopped.message, range: stopped.range)
        }
        return failure == nil
    }
}

/// One line of a script that does something (blank and comment lines do nothing).
public enum ScriptLine: Sendable, Hashable {
    /// An event with its arguments and guard answers: `disarm code="1234" [isValid=false]`.
    case event(EventLine.Scripted)
    /// `wait 2s [isOnline=true]`: time moved on by so many nanoseconds, and the answers for the
    /// guards of the timeouts meanwhile.
    case wait(Int, guardAnswers: [String: [Bool]])
    /// `done Loading`, `fail Loading offline`.
    case activity(EventLine.ActivityOutcome)
    /// `save snapshot.json`.
    case save(String)
}

extension EventLine {
    /// What `line` of a script says, `nil` for a blank or comment line. The special lines (`wait`,
    /// `done`, `fail`, `save`) are tried first; an event of one of those names is still an event
    /// where its line reads as one.
    public static func parseLine(_ line: String, in model: Model) throws(EventLineError) -> ScriptLine? {
        if let wait = try parseWaitLine(line, in: model) { return .wait(wait.nanoseconds, guardAnswers: wait.guardAnswers) }
        if let outcome = try parseActivityOutcome(line, in: model) { return .activity(outcome) }
        if let save = try parseSave(line, in: model) { return .save(save) }
        return try parseScripted(line, in: model).map(ScriptLine.event)
    }
}

/// Answers a guard or a named delay that neither the script nor the options answer: a terminal asks
/// its user.
public protocol SimulationAsker: AnyObject {
    /// The guard's value for this call; `nil` when there is no answer (the end of input).
    func answer(guard call: Invocation) -> Bool?
    /// The delay's value in nanoseconds; `nil` when there is no answer.
    func answer(delay name: String) -> Int?
}

/// Why a ``Simulation`` cannot go on: its message (what follows `error: `) and the place in the
/// machine to blame, when there is one.
public struct SimulationFailure: Error, Sendable, Hashable {
    public var message: String
    public var range: SourceRange?

    public init(message: String, range: SourceRange?) {
        self.message = message
        self.range = range
    }
}

/// Answers guards for a ``Simulation`` and writes each step of the interpreter.
private final class SimulationHost: InterpreterHost {
    let model: Model
    var answers: [String: Bool]
    /// The `--delay` answers, in nanoseconds, by delay name.
    var delays: [String: Int]
    /// The answers the event line being run gives in brackets, which win over `answers`; `nil`
    /// while no event line runs (at start).
    var lineAnswers: [String: [Bool]]? { didSet { evaluations = [:] } }
    /// How many times each guard has been evaluated on the line being run: which of its answers is next.
    var evaluations: [String: Int] = [:]
    weak var asker: (any SimulationAsker)?
    let output: (String) -> Void
    /// Why the simulation must stop: a guard nobody can answer. From then on every guard is
    /// false, so that the interpreter's run comes to an end. (Endless completions stop the
    /// interpreter itself: ``Interpreter/failure``.)
    var failure: String?
    /// The snapshot file the interpreter is restored from (`--restore`), for the line that says so.
    var restoredFrom: String?
    /// The transition whose line was written last, while nothing else has been written since: its
    /// effects, right below it, are headed `effects` without naming it again.
    var lastLineFired: Model.Transition?
    var observer: ((Interpreter.Step) -> Void)?

    init(
        model: Model, answers: [String: Bool], delays: [String: Int], asker: (any SimulationAsker)?,
        output: @escaping (String) -> Void
    ) {
        self.model = model
        self.answers = answers
        self.delays = delays
        self.asker = asker
        self.output = output
    }

    func write(_ line: String, indent: Int = 0) {
        output(String(repeating: "  ", count: indent) + line)
    }

    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        if failure != nil { return false }
        if let line = lineAnswers?[guardCall.name], let last = line.last {
            let evaluation = evaluations[guardCall.name, default: 0]
            evaluations[guardCall.name] = evaluation + 1
            return evaluation < line.count ? line[evaluation] : last
        }
        if let answer = answers[guardCall.name] { return answer }
        guard let asker else {
            failure =
                "guard '\(guardCall.name)' has no answer; pass --guard \(guardCall.name)=true or --guard \(guardCall.name)=false"
                + (lineAnswers == nil ? "" : ", or answer it on the event's line: [\(guardCall.name)=true]")
            return false
        }
        guard let answer = asker.answer(guard: guardCall) else {
            failure = "no answer for guard '\(guardCall.name)' (end of input)"
            return false
        }
        return answer
    }

    func delay(_ name: String, interpreter: Interpreter) -> Int {
        if failure != nil { return 1 }
        if let answer = delays[name] { return answer }
        guard let asker else {
            failure = "delay '\(name)' has no answer; pass --delay \(name)=<duration>, like --delay \(name)=2s"
            return 1
        }
        guard let answer = asker.answer(delay: name) else {
            failure = "no answer for delay '\(name)' (end of input)"
            return 1
        }
        return answer
    }

    func perform(_ action: Invocation, interpreter: Interpreter) {
        if failure == nil { write(action.description, indent: 3) }
    }

    func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
        guard failure == nil else { return }
        defer {
            observer?(step)
            switch step {
            case .fired(let transition): lastLineFired = transition
            case .timeout(let timed): lastLineFired = timed.transition
            default: lastLineFired = nil
            }
        }
        switch step {
        case .started: write("start")
        case .restored: write("restored from " + (restoredFrom ?? "a snapshot"))
        case .queued(let occurrence): write("queued " + occurrence.description(in: model), indent: 1)
        case .dequeued(let occurrence): write(occurrence.description(in: model) + " (queued)")
        case .guardEvaluated(let call, let value): write("guard \(call) = \(value)", indent: 1)
        case .fired(let transition): write(describe(transition, interpreter), indent: 1)
        case .preempted(let transition):
            write(describe(transition, interpreter) + ": not taken, conflicts with a transition taken", indent: 1)
        case .exiting(let state): write("exit " + model.states[state].name, indent: 2)
        case .effects(let transition):
            // Right below its own line (an internal transition, alone in its step), they need no
            // name. A pop's target is off the stack by now: the pop is named alone.
            let whose = transition == lastLineFired ? "" : " of " + describe(transition, interpreter, namingPopTarget: false)
            write("effects" + whose, indent: 2)
        case .entering(let state): write("enter " + model.states[state].name, indent: 2)
        case .finished: write("finished", indent: 1)
        case .unhandled:
            let state = model.innermostContaining(interpreter.configuration) ?? interpreter.state
            write("unhandled in " + model.states[state].name, indent: 1)
        case .completed(let state): write(model.states[state].name + " completes", indent: 1)
        case .completionDropped: write("no completion transition fires", indent: 1)
        case .completionSkipped(let state):
            let reason =
                !interpreter.isIn(state)
                ? "no longer active"
                : model.states[state].activity != nil && interpreter.activities[state] != .done
                    ? "its activity is not done" : "no longer complete"
            write(model.states[state].name + " completes: skipped, " + reason, indent: 1)
        case .historyRecorded(let state, let recorded):
            let states = recorded.isEmpty ? "nothing" : recorded.map { model.states[$0].name }.joined(separator: ", ")
            write("history of \(model.states[state].name): \(states)", indent: 2)
        case .timerArmed(let timed, let deadline):
            write(
                "timer armed: \(describe(timed)), due at \(DurationLiteral.text(nanoseconds: deadline))",
                indent: timerIndent(timed, interpreter))
        case .timerCancelled(let timed):
            write("timer cancelled: " + describe(timed), indent: timerIndent(timed, interpreter))
        case .timeout(let timed):
            write("timeout at \(DurationLiteral.text(nanoseconds: interpreter.now)): " + describe(timed), indent: 1)
        case .timeoutIgnored: write("nothing fires", indent: 1)
        case .raised(let occurrence): write("raise " + occurrence.description(in: model), indent: 3)
        case .raisedDequeued(let occurrence): write(occurrence.description(in: model) + " (raised)")
        case .activityStarted(let state, let call): write("activity started: \(model.states[state].name) do / \(call)", indent: 1)
        case .activityCancelled(let state, let started):
            write("activity cancelled" + (started ? "" : " before it started") + ": " + describeActivity(of: state), indent: 3)
        case .activityDone(let state): write("activity done: " + describeActivity(of: state), indent: 1)
        case .activityFailed(let state, let error):
            write("activity failed: \(describeActivity(of: state)), error \(error)", indent: 1)
        case .errorDropped: write("no catch transition fires: the error is dropped", indent: 1)
        }
    }

    /// `Loading do / fetchVideo`.
    private func describeActivity(of state: Int) -> String {
        model.states[state].name + " do / " + (model.states[state].activity?.call.name ?? "?")
    }

    /// Why an outcome of the activity of `state` counts for nothing, or `nil` when it is running.
    func notRunning(_ state: Int, _ interpreter: Interpreter) -> String? {
        let name = model.states[state].name
        switch interpreter.activities[state] {
        case .running: return nil
        case .done: return "the activity of \(name) is not running: it returned already"
        case .pending, nil:
            if !interpreter.isStarted || !interpreter.isIn(state) {
                return "the activity of \(name) is not running: \(name) is not active"
            }
            return "the activity of \(name) is not running: it threw"
        }
    }

    /// A state's timers are armed and cancelled among its activities; the machine's on their own, and
    /// so are those a restore arms again (outside any run).
    private func timerIndent(_ timed: Model.TimedTransition, _ interpreter: Interpreter) -> Int {
        timed.source == nil || !interpreter.isRunning ? 1 : 3
    }

    private func describe(_ timed: Model.TimedTransition) -> String { timed.transcriptText(in: model) }

    func printConfiguration(of interpreter: Interpreter) {
        guard failure == nil else { return }
        write("state: " + configurationText(of: interpreter), indent: 1)
    }

    func configurationText(of interpreter: Interpreter) -> String {
        Simulation.configurationText(interpreter.configuration, isFinished: interpreter.isFinished, in: model)
    }

    /// `Locked -> Open`; a pop with the state it returns to (`-> pop (to Idle)`) unless `namingPopTarget` is false.
    private func describe(_ transition: Model.Transition, _ interpreter: Interpreter, namingPopTarget: Bool = true) -> String {
        let source = transition.source.map { model.states[$0].name } ?? "machine"
        switch transition.target {
        case .internal: return "\(source): internal transition"
        case .state(let target): return "\(source) -> \(model.states[target].name)"
        case .push(let target): return "\(source) -> push \(model.states[target].name)"
        case .pop:
            guard namingPopTarget else { return "\(source) -> pop" }
            return "\(source) -> pop (to \(interpreter.stack.last.map { model.states[$0].name } ?? "?"))"
        case .history(let target, let kind):
            return "\(source) -> \(kind == .deep ? "deep history" : "history") \(model.states[target].name)"
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end (Foundation's `.whitespaces`: a line's `\r` stays).
    fileprivate var trimmed: String {
        let isSpace: (Character) -> Bool = {
            $0 == "\t" || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension Model.TimedTransition {
    /// `Offline after retryDelay -> Loading`, `Loading every 500ms`, `machine after 1min -> Idle`: as
    /// the transcript names a timer (and the preview page lists the armed ones).
    func transcriptText(in model: Model) -> String {
        let source = self.source.map { model.states[$0].name } ?? "machine"
        let delay =
            switch self.delay {
            case .literal(_, let text): text
            case .named(let name): name
            }
        let target = self.target.state.map { " -> " + model.states[$0].name } ?? ""
        return "\(source) \(kind.rawValue) \(delay)" + target
    }
}
