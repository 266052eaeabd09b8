import FSMCore
import TestSupport
import XCTest

/// The two rules of completion that only parallel states can show, in the generated Swift: several
/// completions are pending at once only when several regions complete in one step. Each machine
/// (`completionRuleMachines`) is started with scripted guard answers; its transcript is the guards
/// asked and the actions run, then the active states, the story the reference interpreter tells
/// (InterpreterParallelTests.testPendingCompletionsInParallelStates).
extension SwiftEmitterTests {
    /// `Left`: A's completion leaves P before B's turn, so B (no longer active) is skipped and its
    /// guard never asked. `Incomplete`: R2 completed on entry (F2), then A's completion re-enters P
    /// with R2 at Q: R2 is active but no longer complete when its turn comes, and is skipped. `Twice`:
    /// A's completion re-enters B while B's first completion is pending, so B completes twice and
    /// both are handled in turn (the first dropped, the second firing).
    func testPendingCompletionsInParallelStates() throws {
        try expect("parallelCompletion", completionRulesTranscript)
    }

    static var parallelCompletionScenario: Scenario {
        Scenario(
            name: "parallelCompletion", machines: completionRuleMachines.map { ($0.source, .internal) },
            driver: parallelCompletionDriver)
    }

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
