import FSMCore
import Foundation
import struct FSMRuntime.Snapshot

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
            A guard named twice is answered per evaluation, in order: [ok=false, ok=true].
            A line 'wait <duration>' (a duration as after 'after': 500ms, 2s, 1.5min, 1h) moves
            the machine's virtual time on and processes the timeouts due meanwhile, in order; time
            moves only there; 'wait 2s [isOnline=true]' answers the guards of the timeouts. A
            named delay is answered by --delay, else asked on the terminal.
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
            let asker: TerminalAsker? = isatty(0) != 0 ? TerminalAsker() : nil
            let simulation: Simulation
            let output: (String) -> Void = { Terminal.writeOut($0 + "\n") }
            if let restorePath {
                guard
                    let restored = try restore(
                        model, from: restorePath, answers: answers, delays: delays, asker: asker, output: output)
                else { return ExitStatus.inputErrors }
                simulation = restored
            } else {
                simulation = Simulation(model: model, answers: answers, delays: delays, asker: asker, output: output)
            }
            guard simulation.start() else { return stop(simulation, in: compilation) }
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
                let parsed: ScriptLine?
                do throws(EventLineError) {
                    parsed = try EventLine.parseLine(line, in: model)
                } catch {
                    let place = interactive ? "" : "\(FileIO.displayName(eventsPath)):\(lineNumber): "
                    Terminal.writeError("\(place)error: \(error.message)\n")
                    if interactive { continue }
                    return ExitStatus.inputErrors
                }
                guard let parsed else { continue }
                let goesOn: Bool
                do throws(IOError) {
                    goesOn = try simulation.run(parsed, echo: interactive ? nil : line, save: Self.save)
                } catch {
                    if !interactive { throw error }
                    Terminal.writeError("error: \(error.message)\n")
                    continue
                }
                guard goesOn else { return stop(simulation, in: compilation) }
            }
            return ExitStatus.success
        })

    /// The session restored from the snapshot at `path` (`--restore`); `nil`, once the problem is
    /// reported, when the file is not the JSON of a snapshot (at its place) or the snapshot does not
    /// fit the machine.
    private static func restore(
        _ model: Model, from path: String, answers: [String: Bool], delays: [String: Int], asker: TerminalAsker?,
        output: @escaping (String) -> Void
    ) throws(IOError) -> Simulation? {
        let bytes = try FileIO.read(path)
        let file = SourceFile(path: FileIO.displayName(path), bytes: bytes)
        guard bytes.count <= Compilation.maximumFileSize else {
            throw IOError(message: "\(file.path): is larger than \(Compilation.maximumFileSize) bytes; not a snapshot")
        }
        let snapshot: Snapshot
        do throws(JSONReadError) {
            snapshot = try Snapshot.decode(file.bytes)
        } catch {
            let location = file.location(of: error.offset)
            Terminal.writeError("\(file.path):\(location.line):\(location.column): error: \(error.message)\n")
            return nil
        }
        do throws(Interpreter.RestoreError) {
            return try Simulation(
                model: model, restoring: snapshot, from: file.path, answers: answers, delays: delays, asker: asker,
                output: output)
        } catch {
            Terminal.writeError("\(file.path): error: \(error.message)\n")
            return nil
        }
    }

    /// Writes `snapshot` to `path` (a `save` line) as `JSONEncoder` writes it with sorted keys,
    /// pretty-printed, and a line end.
    private static func save(_ snapshot: Snapshot, to path: String) throws(IOError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(snapshot) else {
            preconditionFailure("a snapshot of names, flags and integers always encodes")
        }
        try FileIO.writeIfChanged(String(decoding: data, as: UTF8.self) + "\n", to: path)
    }

    /// Reports why the session stopped (exit status 1), at the place in the machine to blame when
    /// there is one.
    private static func stop(_ simulation: Simulation, in compilation: Compilation) -> Int32 {
        let failure = simulation.failure ?? SimulationFailure(message: "the simulation stopped", range: nil)
        if let range = failure.range {
            let location = compilation.file.location(of: range.start)
            Terminal.writeError("\(compilation.file.path):\(location.line):\(location.column): error: \(failure.message)\n")
        } else {
            Terminal.writeError("error: \(failure.message)\n")
        }
        return ExitStatus.inputErrors
    }

    static func delayAnswers(_ options: [String], command: String = "simulate") throws(UsageError) -> [String: Int] {
        var answers: [String: Int] = [:]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw UsageError(
                    message: "invalid '--delay \(option)'; expected name=duration, like retryDelay=2s", command: command)
            }
            let nanoseconds: Int
            switch EventLine.parseDelayAnswer(parts[1]) {
            case .success(let value): nanoseconds = value
            case .failure(let error):
                throw UsageError(message: "invalid '--delay \(option)': \(error.message)", command: command)
            }
            if answers[parts[0]] != nil {
                throw UsageError(message: "'--delay \(parts[0])=...' given more than once", command: command)
            }
            answers[parts[0]] = nanoseconds
        }
        return answers
    }

    static func guardAnswers(_ options: [String], command: String = "simulate") throws(UsageError) -> [String: Bool] {
        var answers: [String: Bool] = [:]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Bool(parts[1]) else {
                throw UsageError(message: "invalid '--guard \(option)'; expected name=true or name=false", command: command)
            }
            if answers[parts[0]] != nil {
                throw UsageError(message: "'--guard \(parts[0])=...' given more than once", command: command)
            }
            answers[parts[0]] = value
        }
        return answers
    }
}

/// Asks the terminal's user for a guard's or a delay's value, until the answer is one.
private final class TerminalAsker: SimulationAsker {
    func answer(guard call: Invocation) -> Bool? {
        while true {
            Terminal.writeOut("  guard \(call)? [t/f] ")
            guard let reply = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
            if ["t", "true", "y", "yes"].contains(reply) { return true }
            if ["f", "false", "n", "no"].contains(reply) { return false }
        }
    }

    func answer(delay name: String) -> Int? {
        while true {
            Terminal.writeOut("  delay \(name)? [duration, like 2s] ")
            guard let reply = readLine()?.trimmingCharacters(in: .whitespaces) else { return nil }
            if case .success(let nanoseconds) = EventLine.parseDelayAnswer(reply) { return nanoseconds }
        }
    }
}
