import FSMCore
import FSMRuntime
import Foundation

/// The reference interpreter's host for a differential case: guards answer from the case's list
/// (in the order they are asked, cyclically), delays from its lists, the sending actions send their
/// event while the budget lasts, and everything is logged as a transcript line.
public final class DifferentialHost: InterpreterHost {
    let testCase: DifferentialCase
    public var lines: [String] = []
    var asked = 0
    /// How many events actions may still send in the scripted operation being processed.
    public var budget = 0
    /// How many times each delay was asked.
    var delaysAsked: [String: Int] = [:]

    public init(_ testCase: DifferentialCase) { self.testCase = testCase }

    public func delay(_ name: String, interpreter: Interpreter) -> Int {
        let answers = testCase.delays[name] ?? [0]
        let answer = answers[delaysAsked[name, default: 0] % answers.count]
        delaysAsked[name, default: 0] += 1
        lines.append("delay \(name) -> \(DurationLiteral.text(nanoseconds: answer))")
        return answer
    }

    public func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        let answer = testCase.answers[asked % testCase.answers.count]
        asked += 1
        lines.append("guard \(guardCall) -> \(answer)")
        return answer
    }

    public func perform(_ action: Invocation, interpreter: Interpreter) {
        lines.append("act \(action)")
        if let occurrence = testCase.senders[action.name], budget > 0 {
            budget -= 1
            let result = interpreter.send(occurrence)
            lines.append("sent \(occurrence.description(in: testCase.model)) -> \(result)")
        }
    }

    public func unhandledEvent(_ occurrence: EventOccurrence, in state: Int, interpreter: Interpreter) {
        lines.append("unhandled \(testCase.model.events[occurrence.event].name) in \(testCase.model.states[state].name)")
    }

    /// Plays one scripted operation on `interpreter` and returns its result. An activity outcome for
    /// a state whose activity is not running is skipped, with a line saying so (the generated
    /// Swift's driver checks `runningActivities` and logs the same line), and its result is `false`.
    /// A restore replaces `interpreter` by the one restored (``restore(_:mutation:)``).
    public func apply(_ operation: DifferentialCase.Operation, to interpreter: inout Interpreter) -> Bool {
        switch operation {
        case .restore(let mutation):
            guard let restored = restore(interpreter, mutation: mutation) else { return false }
            interpreter = restored
            return true
        case .start:
            interpreter.start()
            return true
        case .send(let occurrence):
            return interpreter.send(occurrence)
        case .advance(let nanoseconds):
            interpreter.advance(by: nanoseconds)
            return true
        case .finish(let state), .fail(let state, _):
            guard interpreter.runningActivities.contains(state) else {
                lines.append(Self.skipLine(operation, testCase.model))
                return false
            }
            if case .fail(_, let name) = operation {
                interpreter.failActivity(of: state, with: .error(name))
            } else {
                interpreter.finishActivity(of: state)
            }
            return true
        }
    }

    /// The snapshot of `interpreter` through its JSON (`JSONEncoder`, sorted keys, read back by
    /// ``Snapshot/decode(_:)``), changed by `mutation`, restored into a new interpreter with
    /// this host; `nil` when the restore throws. The transcript gets the lines the generated
    /// driver writes (``DifferentialHarness``): `snapshot` and the JSON; with a mutation, `mutated`
    /// and the JSON changed; then `restore error:` and the error's description, or `restored`,
    /// followed by the restored machine's snapshot when that is not the snapshot taken (always
    /// after a mutation). A restore without mutation that changes the snapshot is also counted in
    /// ``roundTripsChanged``.
    func restore(_ interpreter: Interpreter, mutation: SnapshotMutation?) -> Interpreter? {
        let json = Self.json(interpreter.snapshot)
        lines.append("snapshot \(json)")
        var snapshot: Snapshot
        do {
            snapshot = try Snapshot.decode(Array(json.utf8))
        } catch {
            lines.append("JSON error: \(error)")
            return nil
        }
        if let mutation {
            mutation.apply(to: &snapshot)
            lines.append("mutated \(Self.json(snapshot))")
        }
        do {
            let restored = try Interpreter(model: testCase.model, host: self, restoring: snapshot)
            let after = Self.json(restored.snapshot)
            if mutation == nil && after != json { roundTripsChanged += 1 }
            lines.append(mutation == nil && after == json ? "restored" : "restored \(after)")
            return restored
        } catch {
            lines.append("restore error: \(error.description)")
            return nil
        }
    }

    /// How many restores without mutation gave a machine whose snapshot is not the one restored.
    public var roundTripsChanged = 0

    /// The JSON of `snapshot` as the generated driver writes its own: `JSONEncoder`, sorted keys.
    static func json(_ snapshot: Snapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding strings, numbers and booleans cannot fail.
        return String(decoding: try! encoder.encode(snapshot), as: UTF8.self)
    }

    /// The transcript line of an activity outcome skipped because the activity is not running.
    public static func skipLine(_ operation: DifferentialCase.Operation, _ model: Model) -> String {
        switch operation {
        case .finish(let state): "skip finish \(model.states[state].name): not running"
        case .fail(let state, let name): "skip fail \(model.states[state].name) \(name): not running"
        default: ""
        }
    }
}
