import FSMCore

/// The error a script fails an activity with: `offline` (which `isOffline(error)` accepts) or
/// another, in the generated machine as a Swift error and in the interpreter as `.error(name)`.
struct ScriptError: Error {
    let name: String
}

/// What a guard answers, by name, on both sides: fixed, so that the same calls get the same answers.
let guardAnswers = ["allowed": true, "refused": false]

/// The delay named `settle`, in nanoseconds, on both sides.
let settleNanoseconds: Int64 = 1_500_000_000

/// The actions of every generated machine of the fuzzer: each call recorded as a line, in the
/// words ``InterpreterRecorder`` records the interpreter's calls in, so that the two transcripts
/// can be compared line for line.
final class Recorder {
    var lines: [String] = []

    func log(s: String) { lines.append("log \(s)") }

    func allowed() -> Bool { answer("allowed") }

    func refused() -> Bool { answer("refused") }

    func settle() -> Swift.Duration {
        lines.append("delay settle")
        return .nanoseconds(settleNanoseconds)
    }

    func isOffline(error: any Error) -> Bool {
        let name = (error as? ScriptError)?.name ?? "\(error)"
        let answer = name == "offline"
        lines.append("guard isOffline(error: \(name)) -> \(answer)")
        return answer
    }

    func watch() async {}
    func fetch() async throws {}
    func load() async throws {}

    func unhandled(_ event: String, in state: String) { lines.append("unhandled \(event) in \(state)") }

    private func answer(_ name: String) -> Bool {
        let answer = guardAnswers[name] ?? false
        lines.append("guard \(name) -> \(answer)")
        return answer
    }
}

extension Recorder: FuzzLeafActions, FuzzRegionsActions, FuzzTimersActions {
    func unhandledEvent(_ event: FuzzLeaf.Event, in state: FuzzLeaf.StateID) { unhandled(event.rawValue, in: state.rawValue) }
    func unhandledEvent(_ event: FuzzRegions.Event, in state: FuzzRegions.StateID) {
        unhandled(event.rawValue, in: state.rawValue)
    }
    func unhandledEvent(_ event: FuzzTimers.Event, in state: FuzzTimers.StateID) {
        unhandled(event.rawValue, in: state.rawValue)
    }
}

extension Recorder: FuzzActivitiesActions {
    func unhandledEvent(_ event: FuzzActivities.Event, in state: FuzzActivities.StateID) {
        unhandled(event.rawValue, in: state.rawValue)
    }
}

/// The interpreter's host: the same answers as ``Recorder``, each call recorded in its words.
final class InterpreterRecorder: InterpreterHost {
    var lines: [String] = []

    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        if guardCall.name == "isOffline" {
            let name = guardCall.arguments.first.map { "\($0.value)" } ?? ""
            let answer = name == "offline"
            lines.append("guard isOffline(error: \(name)) -> \(answer)")
            return answer
        }
        let answer = guardAnswers[guardCall.name] ?? false
        lines.append("guard \(guardCall.name) -> \(answer)")
        return answer
    }

    func perform(_ action: Invocation, interpreter: Interpreter) {
        guard action.name == "log", case .string(let text)? = action.arguments.first?.value else {
            return lines.append("action \(action)")
        }
        lines.append("log \(text)")
    }

    func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {
        let model = interpreter.model
        lines.append("unhandled \(model.events[occurrence.event].name) in \(model.states[state].name)")
    }

    func delay(_ name: String, interpreter: Interpreter) -> Int {
        lines.append("delay \(name)")
        return name == "settle" ? Int(settleNanoseconds) : 0
    }
}
