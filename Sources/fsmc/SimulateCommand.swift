import FSMCore
import Foundation

extension Commands {
    /// `fsmc simulate FILE [--events PATH|-] [--restore PATH] [--guard NAME=true|false]... [--delay NAME=DURATION]...`:
    /// runs a machine in the reference interpreter and prints what each event and each wait does.
    static let simulate = Command(
        name: "simulate",
        abstract: "Run a .fsm machine in the reference interpreter, one event per line.",
        usage:
            "fsmc simulate <file> [--events <path>|-] [--restore <path>] [--guard <name>=true|false]... [--delay <name>=<duration>]...",
        options: [
            OptionSpec(
                names: ["--events"], valueName: "path",
                help: "Read events from this file ('-': standard input, the default)."),
            OptionSpec(
                names: ["--restore"], valueName: "path",
                help: "Start from the snapshot in this file (written by a 'save' line or a generated machine)."),
            OptionSpec(
                names: ["--guard"], valueName: "name=value",
                help: "Answer every call of this guard with true or false (repeatable).", repeatable: true),
            OptionSpec(
                names: ["--delay"], valueName: "name=duration",
                help: "Answer this named delay with a duration, like retryDelay=2s (repeatable).",
                repeatable: true),
        ],
        discussion: """
            Each line is an event, its parameters as name=value with Swift literals (nil for an
            optional):
              disarm code="1234"
              tick delay=1.5 fast=true
            and last, optionally, answers for guards while that event is processed (its
            completions included), in brackets; they win over --guard:
              disarm code="0000" [isValid=false]
            A line 'wait <duration>' (a duration as after 'after': 500ms, 2s, 1.5min, 1h) moves
            the machine's virtual time on and processes the timeouts due meanwhile, in order; time
            moves only there. A named delay is answered by --delay, else asked on the terminal.
            A line 'done <state>' says the running activity ('do /') of that state returned,
            'fail <state> <name>' that it threw the error <name> (what 'error' passes to its
            'catch'), each with guard answers in brackets if needed:
              fail Loading offline [isOffline=true]
            An outcome of an activity that is not running is discarded, with a line saying why.
            A line 'save <path>' writes the machine's snapshot (its active states, history, push
            stack and timers with their time left) to that file as JSON, the snapshot a generated
            machine's 'snapshot' encodes to; 'save "a b.json"' for a path with spaces. With
            --restore <path>, the machine starts from such a snapshot instead of its initial
            states: no entry action runs, its timers are armed again with their time left and the
            activities of its active states start again; what no longer fits the machine (a history
            record, a stack entry or a timer of a state gone) is dropped.
            Blank lines and lines starting with '#' are skipped. For each event fsmc prints the
            guards asked, the transitions taken, the states exited, the transitions' effects
            ('effects of A -> B') and the states entered with their actions in order, the
            completions handled and the history recorded, the timers armed, cancelled and timing
            out ('timeout at 2s: Offline after 2s -> Loading'), the events raised and processed
            ('giveUp (raised)'), the activities started, cancelled, done and failed, and the
            active states afterwards (the regions of a parallel state
            as [A > B | C]). A guard or a delay answered neither way is asked on the terminal
            when standard input is one; otherwise it is an error. Exit status: 0 when every
            event was run (unhandled events included), 1 when the file has errors or an event
            line is wrong or a guard or a delay has no answer or completions, raised events or
            timeouts at one instant go on forever or the snapshot to restore is not JSON or does
            not fit the machine, 2 for bad usage or a file that cannot be read or written.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "simulate", single: true)
            let eventsPath = arguments.value("--events") ?? FileIO.standardInput
            let restorePath = arguments.value("--restore")
            let inputs = [("the machine", files[0]), ("the snapshot", restorePath), ("the events", eventsPath)]
            let fromStandardInput = inputs.filter { $0.1 == FileIO.standardInput }.map(\.0)
            if fromStandardInput.count > 1 {
                let hint = fromStandardInput[1] == "the events" ? "; pass --events <path>" : ""
                throw UsageError(
                    message: "\(fromStandardInput[0]) and \(fromStandardInput[1]) cannot both come from standard input" + hint,
                    command: "simulate")
            }
            let answers = try guardAnswers(arguments.values("--guard"))
            let delays = try delayAnswers(arguments.values("--delay"))
            // The interpreter runs the model, not Swift: the rules of the generated Swift's names are not checked.
            var compilation = Compilation(
                path: FileIO.displayName(files[0]), bytes: try FileIO.read(files[0]), checkingSwiftNames: false)
            report([compilation])
            guard let model = compilation.model else { return ExitStatus.inputErrors }
            let guards = model.guardNames
            // In name order: the first unknown one reported is the same on every run.
            for name in answers.keys.sorted() where !guards.contains(name) {
                throw UsageError(
                    message: "'--guard \(name)=...': the machine has no guard '\(name)'"
                        + Suggestions.hint(for: name, among: guards, listedAs: "its guards"),
                    command: "simulate")
            }
            let delayNames = model.requirements.filter(\.isDelay).map(\.name)
            for name in delays.keys.sorted() where !delayNames.contains(name) {
                let known =
                    delayNames.isEmpty ? "; it has none" : Suggestions.hint(for: name, among: delayNames, listedAs: "its delays")
                throw UsageError(
                    message: "'--delay \(name)=...': the machine has no delay '\(name)'" + known, command: "simulate")
            }
            let interactive = eventsPath == FileIO.standardInput && isatty(0) != 0
            let script: [String]
            if interactive {
                script = []
            } else {
                let bytes = try FileIO.read(eventsPath)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw IOError(message: "\(eventsPath): is not UTF-8 text")
                }
                script = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            let host = SimulationHost(model: model, answers: answers, delays: delays, canAsk: isatty(0) != 0)
            let interpreter: Interpreter
            if let restorePath {
                guard let restored = try restore(model, from: restorePath, host: host) else { return ExitStatus.inputErrors }
                interpreter = restored
            } else {
                interpreter = Interpreter(model: model, host: host)
            }
            interpreter.start()
            if let failure = host.failure { return stop(failure) }
            if let failure = interpreter.failure { return stop(failure, in: compilation) }
            host.printConfiguration(of: interpreter)
            var lineNumber = 0
            while true {
                let line: String
                if interactive {
                    Terminal.writeOut("> ")
                    guard let next = readLine() else {
                        Terminal.writeOut("\n")
                        break
                    }
                    line = next
                } else {
                    guard lineNumber < script.count else { break }
                    line = script[lineNumber]
                }
                lineNumber += 1
                let scripted: EventLine.Scripted?
                let wait: Int?
                let outcome: EventLine.ActivityOutcome?
                let save: String?
                do throws(EventLineError) {
                    wait = try EventLine.parseWait(line, in: model)
                    outcome = wait == nil ? try EventLine.parseActivityOutcome(line, in: model) : nil
                    save = wait == nil && outcome == nil ? try EventLine.parseSave(line, in: model) : nil
                    scripted =
                        wait == nil && outcome == nil && save == nil ? try EventLine.parseScripted(line, in: model) : nil
                } catch {
                    let place = interactive ? "" : "\(FileIO.displayName(eventsPath)):\(lineNumber): "
                    Terminal.writeError("\(place)error: \(error.message)\n")
                    if interactive { continue }
                    return ExitStatus.inputErrors
                }
                if let wait {
                    if !interactive { host.write("> " + line.trimmingCharacters(in: .whitespaces)) }
                    interpreter.advance(by: wait)
                    if let failure = host.failure { return stop(failure) }
                    if let failure = interpreter.failure { return stop(failure, in: compilation) }
                    host.write("time: " + DurationLiteral.text(nanoseconds: interpreter.now), indent: 1)
                    host.printConfiguration(of: interpreter)
                    continue
                }
                if let outcome {
                    if !interactive { host.write("> " + line.trimmingCharacters(in: .whitespaces)) }
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
                        if let failure = host.failure { return stop(failure) }
                        if let failure = interpreter.failure { return stop(failure, in: compilation) }
                    }
                    host.printConfiguration(of: interpreter)
                    continue
                }
                if let save {
                    if !interactive { host.write("> " + line.trimmingCharacters(in: .whitespaces)) }
                    do throws(IOError) {
                        try Self.save(interpreter.snapshot, to: save)
                    } catch {
                        if !interactive { throw error }
                        Terminal.writeError("error: \(error.message)\n")
                        continue
                    }
                    host.write("saved to " + save, indent: 1)
                    continue
                }
                guard let scripted else { continue }
                if !interactive { host.write("> " + line.trimmingCharacters(in: .whitespaces)) }
                host.lineAnswers = scripted.guardAnswers
                interpreter.send(scripted.occurrence)
                host.lineAnswers = nil
                if let failure = host.failure { return stop(failure) }
                if let failure = interpreter.failure { return stop(failure, in: compilation) }
                host.printConfiguration(of: interpreter)
            }
            return ExitStatus.success
        })

    /// The interpreter restored from the snapshot at `path` (`--restore`); `nil`, once the problem is
    /// reported, when the file is not the JSON of a snapshot (at its place) or the snapshot does not
    /// fit the machine.
    private static func restore(_ model: Model, from path: String, host: SimulationHost) throws(IOError) -> Interpreter? {
        let bytes = try FileIO.read(path)
        let file = SourceFile(path: FileIO.displayName(path), bytes: bytes)
        guard bytes.count <= Compilation.maximumFileSize else {
            throw IOError(message: "\(file.path): is larger than \(Compilation.maximumFileSize) bytes; not a snapshot")
        }
        let snapshot: MachineSnapshot
        do throws(JSONReadError) {
            snapshot = try MachineSnapshot.decode(file.bytes)
        } catch {
            let location = file.location(of: error.offset)
            Terminal.writeError("\(file.path):\(location.line):\(location.column): error: \(error.message)\n")
            return nil
        }
        host.restoredFrom = file.path
        do throws(RestoreError) {
            return try Interpreter(model: model, host: host, restoring: snapshot)
        } catch {
            Terminal.writeError("\(file.path): error: \(error.message)\n")
            return nil
        }
    }

    /// Writes `snapshot` to `path` (a `save` line) as `JSONEncoder` writes it with sorted keys,
    /// pretty-printed, and a line end.
    private static func save(_ snapshot: MachineSnapshot, to path: String) throws(IOError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(snapshot) else {
            preconditionFailure("a snapshot of names, flags and integers always encodes")
        }
        try FileIO.writeIfChanged(String(decoding: data, as: UTF8.self) + "\n", to: path)
    }

    /// Reports why the simulation cannot go on (exit status 1).
    private static func stop(_ failure: String) -> Int32 {
        Terminal.writeError("error: \(failure)\n")
        return ExitStatus.inputErrors
    }

    /// Reports why the interpreter stopped, at the place in the machine to blame when there is one.
    private static func stop(_ failure: InterpreterFailure, in compilation: Compilation) -> Int32 {
        guard let range = failure.range else { return stop(failure.message) }
        let location = compilation.file.location(of: range.start)
        Terminal.writeError("\(compilation.file.path):\(location.line):\(location.column): error: \(failure.message)\n")
        return ExitStatus.inputErrors
    }

    private static func delayAnswers(_ options: [String]) throws(UsageError) -> [String: Int] {
        var answers: [String: Int] = [:]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw UsageError(
                    message: "invalid '--delay \(option)'; expected name=duration, like retryDelay=2s", command: "simulate")
            }
            let nanoseconds: Int
            switch EventLine.parseDelayAnswer(parts[1]) {
            case .success(let value): nanoseconds = value
            case .failure(let error):
                throw UsageError(message: "invalid '--delay \(option)': \(error.message)", command: "simulate")
            }
            if answers[parts[0]] != nil {
                throw UsageError(message: "'--delay \(parts[0])=...' given more than once", command: "simulate")
            }
            answers[parts[0]] = nanoseconds
        }
        return answers
    }

    private static func guardAnswers(_ options: [String]) throws(UsageError) -> [String: Bool] {
        var answers: [String: Bool] = [:]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Bool(parts[1]) else {
                throw UsageError(message: "invalid '--guard \(option)'; expected name=true or name=false", command: "simulate")
            }
            if answers[parts[0]] != nil {
                throw UsageError(message: "'--guard \(parts[0])=...' given more than once", command: "simulate")
            }
            answers[parts[0]] = value
        }
        return answers
    }
}

/// Answers guards for `fsmc simulate` and prints each step of the interpreter.
private final class SimulationHost: InterpreterHost {
    let model: Model
    let answers: [String: Bool]
    /// The `--delay` answers, in nanoseconds, by delay name.
    let delays: [String: Int]
    /// The answers the event line being run gives in brackets, which win over `answers`; `nil`
    /// while no event line runs (at start).
    var lineAnswers: [String: Bool]?
    let canAsk: Bool
    /// Why the simulation must stop: a guard nobody can answer. From then on every guard is
    /// false, so that the interpreter's run comes to an end. (Endless completions stop the
    /// interpreter itself: ``Interpreter/failure``.)
    var failure: String?
    /// The snapshot file the interpreter is restored from (`--restore`), for the line that says so.
    var restoredFrom: String?
    /// The transition whose line was written last, while nothing else has been written since: its
    /// effects, right below it, are headed `effects` without naming it again.
    var lastLineFired: Model.Transition?

    init(model: Model, answers: [String: Bool], delays: [String: Int], canAsk: Bool) {
        self.model = model
        self.answers = answers
        self.delays = delays
        self.canAsk = canAsk
    }

    func write(_ line: String, indent: Int = 0) {
        Terminal.writeOut(String(repeating: "  ", count: indent) + line + "\n")
    }

    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        if failure != nil { return false }
        if let answer = lineAnswers?[guardCall.name] ?? answers[guardCall.name] { return answer }
        guard canAsk else {
            failure =
                "guard '\(guardCall.name)' has no answer; pass --guard \(guardCall.name)=true or --guard \(guardCall.name)=false"
                + (lineAnswers == nil ? "" : ", or answer it on the event's line: [\(guardCall.name)=true]")
            return false
        }
        while true {
            Terminal.writeOut("  guard \(guardCall)? [t/f] ")
            guard let reply = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else {
                failure = "no answer for guard '\(guardCall.name)' (end of input)"
                return false
            }
            if ["t", "true", "y", "yes"].contains(reply) { return true }
            if ["f", "false", "n", "no"].contains(reply) { return false }
        }
    }

    func delay(_ name: String, interpreter: Interpreter) -> Int {
        if failure != nil { return 1 }
        if let answer = delays[name] { return answer }
        guard canAsk else {
            failure = "delay '\(name)' has no answer; pass --delay \(name)=<duration>, like --delay \(name)=2s"
            return 1
        }
        while true {
            Terminal.writeOut("  delay \(name)? [duration, like 2s] ")
            guard let reply = readLine()?.trimmingCharacters(in: .whitespaces) else {
                failure = "no answer for delay '\(name)' (end of input)"
                return 1
            }
            if case .success(let nanoseconds) = EventLine.parseDelayAnswer(reply) { return nanoseconds }
        }
    }

    func perform(_ action: Invocation, interpreter: Interpreter) {
        if failure == nil { write(action.description, indent: 3) }
    }

    func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
        guard failure == nil else { return }
        defer {
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

    /// `Offline after retryDelay -> Loading`, `Loading every 500ms`, `machine after 1min -> Idle`.
    private func describe(_ timed: Model.TimedTransition) -> String {
        let source = timed.source.map { model.states[$0].name } ?? "machine"
        let delay =
            switch timed.delay {
            case .literal(_, let text): text
            case .named(let name): name
            }
        let target = timed.target.state.map { " -> " + model.states[$0].name } ?? ""
        return "\(source) \(timed.kind.rawValue) \(delay)" + target
    }

    func printConfiguration(of interpreter: Interpreter) {
        guard failure == nil else { return }
        let active = Set(interpreter.configuration)
        let states = model.topLevelStates.first(where: active.contains).map { describe($0, active) } ?? ""
        write("state: " + states + (interpreter.isFinished ? " (finished)" : ""), indent: 1)
    }

    /// The active states from `state` inwards: `A > B` down a chain of composite states; the
    /// regions of a parallel state between brackets, separated by `|`, so that nesting stays clear:
    /// `Call > [Audio > Muted | Video > CameraOn]`.
    private func describe(_ state: Int, _ active: Set<Int>) -> String {
        let name = model.states[state].name
        let children = model.states[state].children.filter(active.contains)
        if model.states[state].isParallel {
            return name + " > [" + children.map { describe($0, active) }.joined(separator: " | ") + "]"
        }
        return children.first.map { name + " > " + describe($0, active) } ?? name
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
