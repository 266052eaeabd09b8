import FSMCore
import Foundation

extension Commands {
    /// `fsmc simulate FILE [--events PATH|-] [--guard NAME=true|false]...`: runs a machine in the
    /// reference interpreter and prints what each event does.
    static let simulate = Command(
        name: "simulate",
        abstract: "Run a .fsm machine in the reference interpreter, one event per line.",
        usage: "fsmc simulate <file> [--events <path>|-] [--guard <name>=true|false]...",
        options: [
            OptionSpec(
                names: ["--events"], valueName: "path",
                help: "Read events from this file ('-': standard input, the default)."),
            OptionSpec(
                names: ["--guard"], valueName: "name=value",
                help: "Answer every call of this guard with true or false (repeatable).", repeatable: true),
        ],
        discussion: """
            Each line is an event, its parameters as name=value with Swift literals (nil for an
            optional):
              disarm code="1234"
              tick delay=1.5 fast=true
            and last, optionally, answers for guards while that event is processed (its
            completions included), in brackets; they win over --guard:
              disarm code="0000" [isValid=false]
            Blank lines and lines starting with '#' are skipped. For each event fsmc prints the
            guards asked, the transitions taken, the states exited, the transitions' effects
            ('effects of A -> B') and the states entered with their actions in order, the
            completions handled and the history recorded, and the active states afterwards (the
            regions of a parallel state as [A > B | C]). A guard answered neither way is asked on
            the terminal when standard input is one; otherwise it is an error. Exit status: 0 when
            every event was run (unhandled events included), 1 when the file has errors or an event
            line is wrong or a guard has no answer or completions go on forever, 2 for bad usage or
            an unreadable file.
            """,
        run: { arguments in
            let files = try requireFiles(arguments, command: "simulate", single: true)
            let eventsPath = arguments.value("--events") ?? FileIO.standardInput
            if files[0] == FileIO.standardInput && eventsPath == FileIO.standardInput {
                throw UsageError(
                    message: "the machine and the events cannot both come from standard input; pass --events <path>",
                    command: "simulate")
            }
            let answers = try guardAnswers(arguments.values("--guard"))
            // The interpreter runs the model, not Swift: the rules of the generated Swift's names are not checked.
            var compilation = Compilation(
                path: FileIO.displayName(files[0]), bytes: try FileIO.read(files[0]), checkingSwiftNames: false)
            // Timed transitions and `raise` are not run by the interpreter yet: an error at each.
            compilation.refuseUnsupportedConstructs(for: .simulation)
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
            let host = SimulationHost(model: model, answers: answers, canAsk: isatty(0) != 0)
            let interpreter = Interpreter(model: model, host: host)
            interpreter.start()
            if let failure = host.failure ?? interpreter.failure?.message { return stop(failure) }
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
                do throws(EventLineError) {
                    scripted = try EventLine.parseScripted(line, in: model)
                } catch {
                    let place = interactive ? "" : "\(FileIO.displayName(eventsPath)):\(lineNumber): "
                    Terminal.writeError("\(place)error: \(error.message)\n")
                    if interactive { continue }
                    return ExitStatus.inputErrors
                }
                guard let scripted else { continue }
                if !interactive { host.write("> " + line.trimmingCharacters(in: .whitespaces)) }
                host.lineAnswers = scripted.guardAnswers
                interpreter.send(scripted.occurrence)
                host.lineAnswers = nil
                if let failure = host.failure ?? interpreter.failure?.message { return stop(failure) }
                host.printConfiguration(of: interpreter)
            }
            return ExitStatus.success
        })

    /// Reports why the simulation cannot go on (exit status 1).
    private static func stop(_ failure: String) -> Int32 {
        Terminal.writeError("error: \(failure)\n")
        return ExitStatus.inputErrors
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
    /// The answers the event line being run gives in brackets, which win over `answers`; `nil`
    /// while no event line runs (at start).
    var lineAnswers: [String: Bool]?
    let canAsk: Bool
    /// Why the simulation must stop: a guard nobody can answer. From then on every guard is
    /// false, so that the interpreter's run comes to an end. (Endless completions stop the
    /// interpreter itself: ``Interpreter/failure``.)
    var failure: String?
    /// The transition whose line was written last, while nothing else has been written since: its
    /// effects, right below it, are headed `effects` without naming it again.
    var lastLineFired: Model.Transition?

    init(model: Model, answers: [String: Bool], canAsk: Bool) {
        self.model = model
        self.answers = answers
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

    func perform(_ action: Invocation, interpreter: Interpreter) {
        if failure == nil { write(action.description, indent: 3) }
    }

    func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
        guard failure == nil else { return }
        defer {
            if case .fired(let transition) = step { lastLineFired = transition } else { lastLineFired = nil }
        }
        switch step {
        case .started: write("start")
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
            let reason = interpreter.isIn(state) ? "no longer complete" : "no longer active"
            write(model.states[state].name + " completes: skipped, " + reason, indent: 1)
        case .historyRecorded(let state, let recorded):
            let states = recorded.isEmpty ? "nothing" : recorded.map { model.states[$0].name }.joined(separator: ", ")
            write("history of \(model.states[state].name): \(states)", indent: 2)
        }
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
