import FSMCore
import Foundation
import TestSupport

/// Runs differential cases both ways — the generated Swift, compiled with swiftc and run, and the
/// reference interpreter — and compares the transcripts line by line.
///
/// A transcript has one line per guard asked (with its answer), action run, event sent by an
/// action, delay asked (with its answer), unhandled event and activity outcome skipped (its activity
/// not running), and after each scripted operation one line with the result, the innermost state,
/// `isFinished`, every state `isIn` reports, every event `handles` reports, for a machine with timers
/// `nextTimeout` in nanoseconds and for a machine with activities `runningActivities`.
///
/// A restore (section 4g) writes the machine's snapshot as JSON (`JSONEncoder`, sorted keys: both
/// sides must write the same bytes), then, for a mutated one, the JSON changed; then `restored`
/// (with the restored machine's JSON when it is not the snapshot's) or the `RestoreError`'s
/// description. The restore itself calls no action (with manual timing and activities): what it
/// armed and started shows in the line after it (`nextTimeout`, `runningActivities`) and in what
/// follows.
enum DifferentialHarness {
    struct Mismatch: CustomStringConvertible {
        var testCase: DifferentialCase
        var operationIndex: Int?
        var expected: [String]
        var actual: [String]
        var description: String {
            let firstDifference = firstDifference(expected, actual)
            let interpreter = expected.dropFirst(max(0, firstDifference - 3)).prefix(6)
            let swift = actual.dropFirst(max(0, firstDifference - 3)).prefix(6)
            return """
                mismatch for seed \(testCase.seed) (machine \(testCase.name)) at transcript line \(firstDifference + 1):
                \(testCase.source)
                script:
                \(scriptText(testCase).joined(separator: "\n"))
                guard answers: \(testCase.answers)
                delay answers: \(testCase.delays.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.map { DurationLiteral.text(nanoseconds: $0) })" })
                isolation: \(isolation(for: testCase) == .nonisolated ? "nonisolated" : "automatic")
                senders: \(testCase.senders.sorted { $0.key < $1.key }.map { "\($0.key) sends \($0.value.description(in: testCase.model))" })
                interpreter:
                  \(interpreter.joined(separator: "\n  "))
                generated Swift:
                  \(swift.joined(separator: "\n  "))
                """
        }
    }

    struct BatchResult {
        var machines = 0
        var operations = 0
        var transcriptLines = 0
        /// The restores compared, counted by what they restored (``restoreFigures(_:)``).
        var restores: [String: Int] = [:]
        var mismatches: [Mismatch] = []
        var failure: String?
    }

    /// What the restores of a transcript restored, counted: `restores` (all of them), `unstarted`,
    /// `finished`, `with history`, `with stack`, `with timers` (what the snapshot held), `mutated`,
    /// `threw` (the restore threw), `kept a mutation` (a mutated snapshot restored), `restarted
    /// activities` (activities running after the restore).
    static func restoreFigures(_ transcript: [String]) -> [String: Int] {
        var figures: [String: Int] = [:]
        var restored = false
        for line in transcript {
            if line.hasPrefix("snapshot ") {
                figures["restores", default: 0] += 1
                for (kind, text) in [
                    ("unstarted", "\"started\":false"), ("finished", "\"finished\":true"),
                ] where line.contains(text) {
                    figures[kind, default: 0] += 1
                }
                for (kind, empty) in [
                    ("with history", "\"history\":{}"), ("with stack", "\"stack\":[]"), ("with timers", "\"timers\":[]"),
                ] where !line.contains(empty) {
                    figures[kind, default: 0] += 1
                }
            } else if line.hasPrefix("mutated ") {
                figures["mutated", default: 0] += 1
            } else if line.hasPrefix("restore error: ") {
                figures["threw", default: 0] += 1
            } else if line.hasPrefix("restored") {
                restored = true
                if line.hasPrefix("restored {") { figures["kept a mutation", default: 0] += 1 }
            } else if line.hasPrefix("=> ") && restored {
                restored = false
                if line.contains("running [\"") { figures["restarted activities", default: 0] += 1 }
            }
        }
        return figures
    }

    static func scriptText(_ testCase: DifferentialCase) -> [String] {
        testCase.script.map { operation in
            switch operation {
            case .start: "start()"
            case .send(let occurrence): occurrence.description(in: testCase.model)
            case .advance(let nanoseconds): "advanceTime(by: \(DurationLiteral.text(nanoseconds: nanoseconds)))"
            case .finish(let state): "finishActivity(of: \(testCase.model.states[state].name))"
            case .fail(let state, let name): "failActivity(of: \(testCase.model.states[state].name), with: \(name))"
            case .restore(let mutation): "restore" + (mutation.map { " (\($0.description))" } ?? "")
            }
        }
    }

    /// Whether the machine has timed transitions: then it has `advanceTime(by:)` and `nextTimeout`,
    /// and (unless generated `--isolation nonisolated`) is isolated to the main actor.
    static func hasTimers(_ model: Model) -> Bool { !model.allTimedTransitions.isEmpty }

    /// One machine in three of those with timers (by seed) is generated `--isolation nonisolated`
    /// (manual timing only, no actor); the others are `@MainActor`, the default. The isolation
    /// changes no behaviour, and both are compared with the interpreter.
    /// A machine with activities needs an actor (`activity-needs-isolation`): it is always `@MainActor`.
    static func isolation(for testCase: DifferentialCase) -> Isolation {
        hasTimers(testCase.model) && !testCase.model.hasActivities && testCase.seed.isMultiple(of: 3)
            ? .nonisolated : .automatic
    }

    // MARK: - The interpreter's transcript

    static func interpreterTranscript(_ testCase: DifferentialCase) -> [String] {
        interpreterRun(testCase).transcript
    }

    /// Whether the interpreter stops on the case (``Interpreter/failure``: an endless cycle of
    /// `raise`, completions or zero-delay timeouts) where the generated Swift would run forever:
    /// such a case cannot be compared, and is skipped.
    static func interpreterFails(_ testCase: DifferentialCase) -> Bool {
        interpreterRun(testCase).failure != nil
    }

    /// The interpreter's transcript, and its failure if it stopped (the transcript then ends with
    /// a line saying so).
    static func interpreterRun(_ testCase: DifferentialCase) -> (transcript: [String], failure: InterpreterFailure?) {
        let host = DifferentialHost(testCase)
        var interpreter = Interpreter(model: testCase.model, host: host)
        let model = testCase.model
        for (index, operation) in testCase.script.enumerated() {
            host.budget = DifferentialCase.sendBudget
            host.lines.append("op \(index)")
            let result = host.apply(operation, to: &interpreter)
            if let failure = interpreter.failure {
                host.lines.append("interpreter failure: \(failure)")
                return (host.lines, failure)
            }
            let inStates = model.states.indices.filter { interpreter.isIn($0) }.map { model.states[$0].name }
            let handled = model.events.indices.filter { interpreter.handles($0) }.map { model.events[$0].name }
            // A machine with parallel states has no `state` in its generated API: its whole configuration is compared.
            let configuration =
                model.hasParallelStates
                ? "active \(interpreter.configuration.map { model.states[$0].name })"
                : "state \(model.states[interpreter.state].name)"
            // `nextTimeout`: how long until the earliest armed timer is due, in nanoseconds.
            let next =
                hasTimers(model)
                ? " next " + (interpreter.timers.map(\.deadline).min().map { "\($0 - interpreter.now)" } ?? "nil") : ""
            // `runningActivities`, for a machine with activities.
            let running =
                model.hasActivities ? " running \(interpreter.runningActivities.map { model.states[$0].name })" : ""
            host.lines.append(
                "=> \(result) \(configuration) finished \(interpreter.isFinished) in \(inStates) handles \(handled)\(next)\(running)"
            )
        }
        // A line the generated driver never writes: the mismatch shows the restores that changed the snapshot.
        if host.roundTripsChanged > 0 {
            host.lines.append("\(host.roundTripsChanged) restores without mutation gave another snapshot")
        }
        return (host.lines, nil)
    }

    // MARK: - The generated Swift's transcript

    /// The Swift that plays `testCase` on the generated machine: an actions class logging every
    /// call, and a function running the script. For a machine with timers (manual timing), both are
    /// isolated as the machine is (the main actor, unless generated `--isolation nonisolated`).
    ///
    /// With `activityTasks`, the machine runs its activities as tasks (`.tasks`, the default): each
    /// activity awaits a continuation that the driver resumes, or throws a `DiffError` into, for a
    /// `finishActivity(of:)` or `failActivity(of:with:)` of the script, then waits until the task
    /// has handed its outcome to the machine; a cancelled activity's continuation is resumed with a
    /// `CancellationError` (its outcome discarded). The run function is `async` then. The case must
    /// give each state with an activity a call of its own (``hasDistinctThrowingActivities(_:)``),
    /// by which the driver finds the continuation.
    static func swiftDriver(_ testCase: DifferentialCase, activityTasks: Bool = false) -> String {
        let model = testCase.model
        let m = testCase.name
        let timed = hasTimers(model)
        let activities = model.hasActivities
        let attributes =
            (timed || activities ? "@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) " : "")
            + ((timed || activities) && isolation(for: testCase) != .nonisolated ? "@MainActor " : "")
        var out: [String] = []
        out.append("\(attributes)final class \(m)Host: \(m)Actions {")
        out.append("    var log: [String] = []")
        out.append("    var asked = 0")
        out.append("    var budget = 0")
        out.append("    var delaysAsked: [String: Int] = [:]")
        out.append("    let answers: [Bool] = \(testCase.answers)")
        out.append("    var machine: \(m)?")
        for requirement in model.requirements where requirement.isDelay {
            let answers = testCase.delays[requirement.name] ?? [0]
            let table = answers.map { "(\($0), \"\(DurationLiteral.text(nanoseconds: $0))\")" }.joined(separator: ", ")
            out.append("    func \(requirement.name)() -> Duration {")
            out.append("        let answers: [(Int64, String)] = [\(table)]")
            out.append("        let answer = answers[delaysAsked[\"\(requirement.name)\", default: 0] % answers.count]")
            out.append("        delaysAsked[\"\(requirement.name)\", default: 0] += 1")
            out.append("        log.append(\"delay \(requirement.name) -> \\(answer.1)\")")
            out.append("        return .nanoseconds(answer.0)")
            out.append("    }")
        }
        // Never called with `.manual` activities; with tasks, each awaits the driver.
        for requirement in model.requirements where requirement.isActivity {
            let parameters = requirement.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
            let signature = "    func \(requirement.name)(\(parameters)) async\(requirement.isThrowingActivity ? " throws" : "")"
            guard activityTasks else {
                out.append(signature + " {}")
                continue
            }
            out.append(signature + " {")
            out.append("        let id = nextID")
            out.append("        nextID += 1")
            out.append("        defer { ended.insert(id) }")
            out.append("        let slot = ActivitySlot()")
            out.append("        try await withTaskCancellationHandler {")
            out.append("            try await withCheckedThrowingContinuation { continuation in")
            out.append("                slot.wait(continuation)")
            out.append("                waiting.append((id, \"\(described(requirement))\", slot))")
            out.append("            }")
            out.append("        } onCancel: {")
            out.append("            slot.cancel()")
            out.append("        }")
            out.append("    }")
        }
        if activityTasks {
            out.append("    var nextID = 0")
            out.append("    var ended: Set<Int> = []")
            out.append("    var waiting: [(id: Int, key: String, slot: ActivitySlot)] = []")
            out.append("    /// Resumes the activity called as `key` once it waits (the only one not cancelled: a cancelled")
            out.append("    /// one's slot says so as soon as its task is cancelled), then waits until its task has handed")
            out.append("    /// the outcome to the machine.")
            out.append("    func end(_ key: String, throwing error: DiffError?) async {")
            out.append("        var spins = 0")
            out.append("        while true {")
            out.append("            waiting.removeAll { $0.slot.isCancelled }")
            out.append("            if waiting.filter({ $0.key == key }).count == 1 { break }")
            out.append("            spins += 1")
            out.append("            if spins > 100_000 { return log.append(\"no activity \\(key) waits\") }")
            out.append("            await Task.yield()")
            out.append("        }")
            out.append("        let entry = waiting.remove(at: waiting.firstIndex { $0.key == key }!)")
            out.append("        entry.slot.resume(throwing: error)")
            out.append("        while !ended.contains(entry.id) {")
            out.append("            spins += 1")
            out.append("            if spins > 100_000 { return log.append(\"activity \\(key) did not end\") }")
            out.append("            await Task.yield()")
            out.append("        }")
            out.append("    }")
            out.append("    /// At the end: every activity still waiting is cancelled, and its task ends.")
            out.append("    func drain() async {")
            out.append("        for entry in waiting { entry.slot.cancel() }")
            out.append("        waiting = []")
            out.append("        for _ in 0..<100 { await Task.yield() }")
            out.append("    }")
        }
        for requirement in model.requirements where !requirement.isDelay && !requirement.isActivity {
            let parameters = requirement.parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
            let described =
                requirement.parameters.isEmpty
                ? requirement.name
                : requirement.name + "("
                    + requirement.parameters.map { "\($0.label): \\(\(quoted($0.label, type: $0.type)))" }.joined(
                        separator: ", ") + ")"
            if requirement.isGuard {
                out.append("    func \(requirement.name)(\(parameters)) -> Bool {")
                out.append("        let answer = answers[asked % answers.count]")
                out.append("        asked += 1")
                out.append("        log.append(\"guard \(described) -> \\(answer)\")")
                out.append("        return answer")
                out.append("    }")
            } else {
                out.append("    func \(requirement.name)(\(parameters)) {")
                out.append("        log.append(\"act \(described)\")")
                if let occurrence = testCase.senders[requirement.name] {
                    out.append("        if budget > 0, let machine {")
                    out.append("            budget -= 1")
                    out.append("            let result = machine.\(call(occurrence, model))")
                    out.append(
                        "            log.append(\"sent \(occurrence.description(in: model).replacingOccurrences(of: "\"", with: "\\\"")) -> \\(result)\")"
                    )
                    out.append("        }")
                }
                out.append("    }")
            }
        }
        out.append("    func unhandledEvent(_ event: \(m).Event, in state: \(m).StateID) {")
        out.append(
            model.events.isEmpty ? "" : "        log.append(\"unhandled \\(event.rawValue) in \\(state.rawValue)\")")
        out.append("    }")
        out.append("}")
        out.append("")
        if activityTasks {
            // The machine lives in a function of its own: released when it returns, it cancels its
            // tasks (their outcomes reach no machine), and then the host resumes what still waits.
            out.append("\(attributes)func run\(m)() async -> [String] {")
            out.append("    let host = \(m)Host()")
            out.append("    await play\(m)(host)")
            out.append("    await host.drain()")
            out.append("    return host.log")
            out.append("}")
            out.append("")
            out.append("\(attributes)func play\(m)(_ host: \(m)Host) async {")
        } else {
            out.append("\(attributes)func run\(m)() -> [String] {")
            out.append("    let host = \(m)Host()")
        }
        // The options of `init(actions:)`, which a restore passes too.
        let options = (timed ? ", timing: .manual" : "") + (activities && !activityTasks ? ", activities: .manual" : "")
        let mutations = restoreMutations(testCase)
        out.append("    \(mutations == nil ? "let" : "var") machine = \(m)(actions: host\(options))")
        out.append("    host.machine = machine")
        out.append("    var result = false")
        for (index, operation) in testCase.script.enumerated() {
            out.append("    host.budget = \(DifferentialCase.sendBudget); host.log.append(\"op \(index)\")")
            switch operation {
            case .start: out.append("    machine.start(); result = true")
            case .send(let occurrence): out.append("    result = machine.\(call(occurrence, model))")
            case .advance(let nanoseconds):
                // A machine without timers has no time to move: nothing happens, in the interpreter too.
                out.append(
                    timed ? "    machine.advanceTime(by: .nanoseconds(\(nanoseconds))); result = true" : "    result = true")
            case .finish(let state), .fail(let state, _):
                // `finishActivity(of:)` of an activity that is not running is a precondition failure:
                // skipped, as the interpreter's host skips it.
                let id = "\(m).StateID(rawValue: \"\(model.states[state].name)\")!"
                var end =
                    if case .fail(_, let name) = operation {
                        "machine.failActivity(of: \(id), with: DiffError(name: \"\(name)\"))"
                    } else {
                        "machine.finishActivity(of: \(id))"
                    }
                if activityTasks, let call = model.states[state].activity?.call {
                    let error = if case .fail(_, let name) = operation { "DiffError(name: \"\(name)\")" } else { "nil" }
                    end = "await host.end(\"\(key(of: call).replacingOccurrences(of: "\"", with: "\\\""))\", throwing: \(error))"
                }
                out.append("    if machine.runningActivities.contains(\(id)) {")
                out.append("        \(end); result = true")
                out.append("    } else {")
                out.append("        host.log.append(\"\(DifferentialHost.skipLine(operation, model))\"); result = false")
                out.append("    }")
            case .restore(let mutation):
                let number = mutation.flatMap { mutations?.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                out.append("    (machine, result) = restore(machine, host, mutation: \(number))")
                out.append("    host.machine = machine")
            }
            out.append("    report(machine, result, host)")
        }
        out.append("    host.machine = nil")
        if !activityTasks { out.append("    return host.log") }
        out.append("}")
        out.append("")
        out.append("\(attributes)private func report(_ machine: \(m), _ result: Bool, _ host: \(m)Host) {")
        out.append("    let inStates = \(m).StateID.allCases.filter { machine.isIn($0) }.map(\\.rawValue)")
        out.append(
            model.events.isEmpty
                ? "    let handled: [String] = []"
                : "    let handled = \(m).Event.allCases.filter { machine.handles($0) }.map(\\.rawValue)")
        let configuration =
            model.hasParallelStates ? "active \\(machine.activeStates.map(\\.rawValue))" : "state \\(machine.state.rawValue)"
        // `nextTimeout` in nanoseconds, as the interpreter's earliest deadline minus its time.
        var next = ""
        if timed {
            out.append("    let next = machine.nextTimeout.map { duration in")
            out.append("        let (seconds, attoseconds) = duration.components")
            out.append("        return \"\\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)\"")
            out.append("    } ?? \"nil\"")
            next = " next \\(next)"
        }
        let running = activities ? " running \\(machine.runningActivities.map(\\.rawValue))" : ""
        out.append(
            "    host.log.append(\"=> \\(result) \(configuration) finished \\(machine.isFinished) in \\(inStates) handles \\(handled)\(next)\(running)\")"
        )
        out.append("}")
        if let mutations {
            out.insert("import Foundation\n", at: 0)
            out += restoreFunction(testCase, mutations: mutations, attributes: attributes, options: options)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The distinct mutations of the script's restores, in the order they first appear (a restore
    /// names its mutation by its place in this list, from 1; 0 is none); `nil` when the script has
    /// no restore.
    private static func restoreMutations(_ testCase: DifferentialCase) -> [SnapshotMutation]? {
        var mutations: [SnapshotMutation] = []
        var restores = false
        for case .restore(let mutation) in testCase.script {
            restores = true
            if let mutation, !mutations.contains(mutation) { mutations.append(mutation) }
        }
        return restores ? mutations : nil
    }

    /// `restore(_:_:mutation:)` of a driver: the machine's snapshot through its JSON (`JSONEncoder`,
    /// sorted keys, then `JSONDecoder`), changed by the mutation, restored into a new machine with
    /// the same actions and options; the machine given when the restore throws. It writes the
    /// lines the interpreter's host writes (``DifferentialHost/restore(_:mutation:)``).
    private static func restoreFunction(
        _ testCase: DifferentialCase, mutations: [SnapshotMutation], attributes: String, options: String
    ) -> [String] {
        let m = testCase.name
        var out = [
            "",
            "\(attributes)private func restore(_ machine: \(m), _ host: \(m)Host, mutation: Int) -> (\(m), Bool) {",
            "    let encoder = JSONEncoder()",
            "    encoder.outputFormatting = [.sortedKeys]",
            "    do {",
            "        let json = String(decoding: try encoder.encode(machine.snapshot), as: UTF8.self)",
            "        host.log.append(\"snapshot \\(json)\")",
            "        \(mutations.isEmpty ? "let" : "var") snapshot = try JSONDecoder().decode(\(m).Snapshot.self, from: Data(json.utf8))",
        ]
        if !mutations.isEmpty {
            out.append("        switch mutation {")
            for (index, mutation) in mutations.enumerated() {
                out.append("        case \(index + 1): \(mutation.swift)")
            }
            out.append("        default: break")
            out.append("        }")
            out.append("        if mutation != 0 {")
            out.append("            let mutated = try encoder.encode(snapshot)")
            out.append("            host.log.append(\"mutated \" + String(decoding: mutated, as: UTF8.self))")
            out.append("        }")
        }
        out += [
            "        let restored = try \(m)(actions: host, restoring: snapshot\(options))",
            "        let after = String(decoding: try encoder.encode(restored.snapshot), as: UTF8.self)",
            "        host.log.append(mutation == 0 && after == json ? \"restored\" : \"restored \\(after)\")",
            "        return (restored, true)",
            "    } catch let error as \(m).RestoreError {",
            "        host.log.append(\"restore error: \\(String(describing: error))\")",
            "    } catch {",
            "        host.log.append(\"JSON error: \\(error)\")",
            "    }",
            "    return (machine, false)",
            "}",
        ]
        return out
    }

    /// Where an activity run as a task waits: its continuation, resumed by the driver, or with a
    /// `CancellationError` when its task is cancelled (at once, from the cancellation handler).
    static let activitySlot = """
        import Foundation

        final class ActivitySlot: @unchecked Sendable {
            private let lock = NSLock()
            private var continuation: CheckedContinuation<Void, any Error>?
            private var cancelled = false
            var isCancelled: Bool { lock.withLock { cancelled } }
            func wait(_ continuation: CheckedContinuation<Void, any Error>) {
                let cancelled = lock.withLock {
                    self.continuation = continuation
                    return self.cancelled
                }
                if cancelled { cancel() }
            }
            func cancel() {
                let continuation = lock.withLock {
                    cancelled = true
                    defer { self.continuation = nil }
                    return self.continuation
                }
                continuation?.resume(throwing: CancellationError())
            }
            func resume(throwing error: (any Error)?) {
                let continuation = lock.withLock {
                    defer { self.continuation = nil }
                    return self.continuation
                }
                if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
            }
        }

        """

    /// How an activity's function describes its call (`fetch(s: "x")`), in Swift.
    private static func described(_ requirement: Model.Requirement) -> String {
        requirement.parameters.isEmpty
            ? requirement.name
            : requirement.name + "("
                + requirement.parameters.map { "\($0.label): \\(\(quoted($0.label, type: $0.type)))" }.joined(
                    separator: ", ") + ")"
    }

    /// What ``described(_:)`` makes of the call of a state's activity (its arguments are literals).
    private static func key(of call: Model.Call) -> String {
        guard !call.arguments.isEmpty else { return call.name }
        let arguments = call.arguments.map { argument in
            let value: String
            switch argument.value {
            case .literal(.string(let text)): value = "\"\(text)\""
            case .literal(.integer(let text)), .literal(.decimal(let text)): value = text
            case .literal(.boolean(let flag)): value = "\(flag)"
            case .parameter(let name): value = name
            }
            return "\(argument.label): \(value)"
        }
        return call.name + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// Whether every state with an activity calls it differently (so that a driver with tasks
    /// finds each state's continuation by its call) and every activity throws (so that a `fail`
    /// can throw into it).
    static func hasDistinctThrowingActivities(_ model: Model) -> Bool {
        let calls = model.states.compactMap(\.activity).map { key(of: $0.call) }
        return !calls.isEmpty && Set(calls).count == calls.count
            && model.requirements.filter(\.isActivity).allSatisfy(\.isThrowingActivity)
    }

    private static func quoted(_ label: String, type: ParameterType) -> String {
        type == .string ? "\"\\\"\" + \(label) + \"\\\"\"" : label
    }

    private static func call(_ occurrence: EventOccurrence, _ model: Model) -> String {
        let event = model.events[occurrence.event]
        let arguments = zip(event.parameters, occurrence.arguments).map { "\($0.name): \($1)" }
        return event.name + "(" + arguments.joined(separator: ", ") + ")"
    }

    static let uncheckedExclusivity = "@exclusivity(unchecked) "

    /// Compiles the cases into one program, runs it and compares each case's transcript with the
    /// interpreter's. The generated Swift is compiled as fsmc writes it, unless `checkingExclusivity`:
    /// then the run-time exclusivity check that the generated machine leaves out on its state is put
    /// back (the attribute removed, `-enforce-exclusivity=checked`), so an access to the state that
    /// spans a call to the actions, which may send an event, stops the program.
    static func runBatch(
        _ cases: [DifferentialCase], in directory: URL, checkingExclusivity: Bool = false, activityTasks: Bool = false
    ) -> BatchResult {
        var result = BatchResult()
        do {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var files: [String: String] = [:]
            var main = ""
            for testCase in cases {
                // Every other machine holds its actions strongly (`--actions-reference strong`): the
                // reference changes no behaviour, and both are compared with the interpreter.
                var generated = SwiftEmitter.emit(
                    testCase.model, sourceName: "\(testCase.name).fsm", access: .internal,
                    actionsReference: testCase.seed.isMultiple(of: 2) ? .unowned : .strong,
                    isolation: isolation(for: testCase))
                if checkingExclusivity {
                    guard generated.contains(uncheckedExclusivity) else {
                        result.failure = "the generated \(testCase.name).swift no longer says \(uncheckedExclusivity)"
                        return result
                    }
                    generated = generated.replacingOccurrences(of: uncheckedExclusivity, with: "")
                }
                files["\(testCase.name).swift"] = generated
                files["\(testCase.name)Driver.swift"] = swiftDriver(testCase, activityTasks: activityTasks)
                // Top-level code runs on the main actor: it calls a main-actor driver as any other.
                main +=
                    "print(\"=== \(testCase.name)\")\nfor line in \(activityTasks ? "await " : "")run\(testCase.name)() { print(line) }\n"
            }
            files["main.swift"] = main
            if activityTasks { files["ActivitySlot.swift"] = activitySlot }
            // What a script's `fail` throws: printed as its name, as the interpreter prints `.error(name)`.
            files["DiffError.swift"] =
                "struct DiffError: Error, CustomStringConvertible {\n    let name: String\n    var description: String { name }\n}\n"

            for (name, text) in files {
                try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let executable = directory.appendingPathComponent("program").path
            let compile = try runSwiftc(
                ["-swift-version", "6", "-Onone", "-wmo", "-num-threads", "2", "-o", executable]
                    + fsmRuntimeLinkArguments()
                    + (checkingExclusivity ? ["-enforce-exclusivity=checked"] : [])
                    + files.keys.sorted().map { directory.appendingPathComponent($0).path })
            guard compile.status == 0 else {
                result.failure = "swiftc failed in \(directory.path):\n\(compile.output.prefix(4000))"
                return result
            }
            // A machine that never stops (a completion cycle with guards that keep holding) must fail
            // the run, not hang it.
            let program = try runProcess(
                URL(fileURLWithPath: executable), [], mergingStandardError: true, timeout: 120)
            guard program.status == 0 else {
                result.failure = "the program failed in \(directory.path):\n\(program.output.suffix(4000))"
                return result
            }
            var sections: [String: [String]] = [:]
            var current = ""
            for line in program.output.split(separator: "\n") {
                if line.hasPrefix("=== ") {
                    current = String(line.dropFirst(4))
                } else {
                    sections[current, default: []].append(String(line))
                }
            }
            for testCase in cases {
                let expected = interpreterTranscript(testCase)
                let actual = sections[testCase.name] ?? []
                result.machines += 1
                result.operations += testCase.script.count
                result.transcriptLines += expected.count
                result.restores.merge(restoreFigures(expected)) { $0 + $1 }
                if expected != actual {
                    result.mismatches.append(
                        Mismatch(testCase: testCase, operationIndex: nil, expected: expected, actual: actual))
                }
            }
        } catch {
            result.failure = "\(error)"
        }
        return result
    }

    /// Shrinks a mismatching case: drops script operations while the mismatch remains (each try
    /// is one compile of one machine), then cuts the script after the first differing operation.
    /// A shorter script on which the interpreter stops (an endless loop, where the generated Swift
    /// would hang) is not tried.
    static func minimise(
        _ mismatch: Mismatch, in directory: URL, checkingExclusivity: Bool = false, activityTasks: Bool = false,
        attempts: Int = 25
    ) -> Mismatch {
        var best = mismatch
        func firstDifferingOperation(_ m: Mismatch) -> Int? {
            let expectedOps = split(m.expected)
            let actualOps = split(m.actual)
            let index = firstDifference(expectedOps, actualOps)
            return index < max(expectedOps.count, actualOps.count) ? index : nil
        }
        if let cut = firstDifferingOperation(best), cut + 1 < best.testCase.script.count {
            var shorter = best.testCase
            shorter.script = Array(shorter.script.prefix(cut + 1))
            if let found = runBatch(
                [shorter], in: directory, checkingExclusivity: checkingExclusivity, activityTasks: activityTasks
            ).mismatches.first {
                best = found
            }
        }
        var index = 0
        var tries = 0
        while index < best.testCase.script.count && tries < attempts {
            var candidate = best.testCase
            candidate.script.remove(at: index)
            tries += 1
            if interpreterFails(candidate) {
                index += 1
            } else if let found = runBatch(
                [candidate], in: directory, checkingExclusivity: checkingExclusivity, activityTasks: activityTasks
            ).mismatches.first {
                best = found
            } else {
                index += 1
            }
        }
        return best
    }

    /// The index of the first element where the arrays differ (the shorter one's count when one
    /// is a prefix of the other).
    static func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var index = 0
        while index < a.count && index < b.count && a[index] == b[index] { index += 1 }
        return index
    }

    private static func split(_ lines: [String]) -> [[String]] {
        var operations: [[String]] = []
        for line in lines {
            if line.hasPrefix("op ") || operations.isEmpty { operations.append([]) }
            operations[operations.count - 1].append(line)
        }
        return operations
    }
}
