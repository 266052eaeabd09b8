import FSMCore
import XCTest

/// The two rules of completion that only parallel states can show, in the generated Swift and in
/// the reference interpreter: several completions are pending at once only when several regions
/// complete in one step. Each machine is started with scripted guard answers; its transcript is the
/// guards asked and the actions run, then the active states.
extension SwiftEmitterTests {
    /// `Left`: A's completion leaves P before B's turn, so B (no longer active) is skipped and its
    /// guard never asked. `Incomplete`: R2 completed on entry (F2), then A's completion re-enters P
    /// with R2 at Q: R2 is active but no longer complete when its turn comes, and is skipped. `Twice`:
    /// A's completion re-enters B while B's first completion is pending, so B completes twice and
    /// both are handled in turn (the first dropped, the second firing).
    func testPendingCompletionsInParallelStates() throws {
        let expected = """
            guard ga = true
            leave
            Left: Out
            guard ga = true
            guard ga = false
            Incomplete: P R1 A R2 Q
            enterB
            guard ga = true
            enterB
            guard gb = false
            guard ga = false
            guard gb = true
            hit
            Twice: P R1 A R2 C
            """
        try expect("parallelCompletion", expected)
        var interpreted: [String] = []
        for (source, answers) in Self.completionRuleMachines {
            let model = try XCTUnwrap(Compilation(path: "m.fsm", text: source).model)
            let recorder = InterpreterTests.Recorder()
            recorder.scripted = answers
            let interpreter = Interpreter(model: model, host: recorder)
            interpreter.start()
            let noted = ["completes ", "dropped ", "skipped "]
            interpreted += recorder.log.filter { line in !noted.contains { line.hasPrefix($0) } }
            let states = interpreter.configuration.map { model.states[$0].name }
            interpreted.append("\(model.name): " + states.joined(separator: " "))
        }
        XCTAssertEqual(interpreted.joined(separator: "\n"), expected, "the interpreter tells another story")
    }

    static var parallelCompletionScenario: Scenario {
        Scenario(
            name: "parallelCompletion", machines: completionRuleMachines.map { ($0.source, .internal) },
            driver: parallelCompletionDriver)
    }

    /// Each machine with the answers its guards give, in turn (then `false`); the driver scripts the same.
    static let completionRuleMachines: [(source: String, answers: [String: [Bool]])] = [
        (
            """
            machine Left {
                initial P
                parallel state P {
                    state R1 {
                        initial A
                        state A { [ga] / leave -> Out }
                    }
                    state R2 {
                        initial B
                        state B { [gb] / stay -> Out }
                    }
                }
                state Out
            }
            """, ["ga": [true], "gb": [true]]
        ),
        (
            """
            machine Incomplete {
                initial P
                parallel state P {
                    state R1 {
                        initial A
                        state A { [ga] -> Q }
                    }
                    state R2 {
                        initial F2
                        final state F2
                        state Q
                        [r2] / r2Done -> Out
                    }
                }
                state Out
            }
            """, ["ga": [true, false], "r2": [true]]
        ),
        (
            """
            machine Twice {
                initial P
                parallel state P {
                    state R1 {
                        initial A
                        state A { [ga] -> B }
                    }
                    state R2 {
                        initial B
                        state B {
                            entry / enterB
                            [gb] / hit -> C
                        }
                        state C
                    }
                }
            }
            """, ["ga": [true, false], "gb": [false, true]]
        ),
    ]

    static let parallelCompletionDriver = """
        final class RulesOwner: LeftActions, IncompleteActions, TwiceActions {
            let t = Transcript()
            var answers: [String: [Bool]] = [:]
            func answer(_ name: String) -> Bool {
                let value = answers[name]?.isEmpty == false ? answers[name]!.removeFirst() : false
                t.add("guard \\(name) = \\(value)")
                return value
            }
            func ga() -> Bool { answer("ga") }
            func gb() -> Bool { answer("gb") }
            func r2() -> Bool { answer("r2") }
            func leave() { t.add("leave") }
            func stay() { t.add("stay") }
            func r2Done() { t.add("r2Done") }
            func enterB() { t.add("enterB") }
            func hit() { t.add("hit") }
        }

        func run_parallelCompletion() -> [String] {
            let o = RulesOwner()
            o.answers = ["ga": [true], "gb": [true]]
            let left = Left(actions: o)
            left.start()
            o.t.add("Left: " + left.activeStates.map(\\.rawValue).joined(separator: " "))
            o.answers = ["ga": [true, false], "r2": [true]]
            let incomplete = Incomplete(actions: o)
            incomplete.start()
            o.t.add("Incomplete: " + incomplete.activeStates.map(\\.rawValue).joined(separator: " "))
            o.answers = ["ga": [true, false], "gb": [false, true]]
            let twice = Twice(actions: o)
            twice.start()
            o.t.add("Twice: " + twice.activeStates.map(\\.rawValue).joined(separator: " "))
            return o.t.lines
        }
        """
}
