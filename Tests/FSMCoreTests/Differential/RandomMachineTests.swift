import FSMCore
import XCTest

/// The random machines of version 2 (completion transitions, final states inside composites,
/// history), before the differential tests compare them with the generated Swift: they are valid,
/// they use every feature, and the interpreter runs their scripts to the end.
final class DifferentialGeneratorTests: XCTestCase {
    private let seeds = UInt64(0)..<300

    func testVersion2MachinesAreValidAndUseEveryFeature() throws {
        var features: [String: Int] = [:]
        for seed in seeds {
            guard let testCase = DifferentialCase.generate(seed: seed, name: "M", version2: true) else {
                let source = DifferentialCase.generateSource(seed: seed, name: "M", version2: true)
                return XCTFail("seed \(seed) gives an invalid machine:\n\(source)\n" + diagnosticsText(source))
            }
            let model = testCase.model
            for transition in model.allTransitions {
                if transition.isCompletion {
                    features[transition.alwaysFires ? "completion" : "guarded completion", default: 0] += 1
                }
                if case .history(_, let kind) = transition.target { features["\(kind) history", default: 0] += 1 }
            }
            for state in model.states {
                if let kind = state.initialHistory { features["initial \(kind) history", default: 0] += 1 }
                if state.isFinal, let parent = state.parent, !model.completionTransitions(of: parent).isEmpty {
                    features["final child completing its parent", default: 0] += 1
                }
            }
        }
        for feature in [
            "completion", "guarded completion", "shallow history", "deep history", "initial shallow history",
            "initial deep history", "final child completing its parent",
        ] {
            XCTAssertGreaterThan(features[feature, default: 0], 10, feature)
        }
    }

    /// The switch is off by default: the machines of the existing differential tests stay as they were.
    func testVersion2FeaturesOnlyWithTheSwitch() {
        for seed in seeds {
            let source = DifferentialCase.generateSource(seed: seed, name: "M")
            XCTAssertFalse(source.contains("history"), "seed \(seed)")
            XCTAssertEqual(
                DifferentialCase.generate(seed: seed, name: "M")?.model.allTransitions.contains(where: \.isCompletion), false,
                "seed \(seed)")
        }
    }

    /// Every chain of completions ends, whatever the guards answer, and completions and history
    /// records do happen.
    func testTheInterpreterRunsEveryVersion2Script() throws {
        var steps: [String: Int] = [:]
        for seed in seeds.prefix(150) {
            let testCase = try XCTUnwrap(DifferentialCase.generate(seed: seed, name: "M", version2: true))
            let host = ScriptedHost(testCase)
            let interpreter = Interpreter(model: testCase.model, host: host)
            for operation in testCase.script {
                host.budget = DifferentialCase.sendBudget
                switch operation {
                case .start: interpreter.start()
                case .send(let occurrence): interpreter.send(occurrence)
                }
                XCTAssertFalse(interpreter.isRunning, "seed \(seed)")
            }
            steps.merge(host.steps) { $0 + $1 }
        }
        for step in ["completed", "completionDropped", "historyRecorded"] {
            XCTAssertGreaterThan(steps[step, default: 0], 10, step)
        }
    }

    /// Answers guards from the case's list, cyclically; runs its senders while the budget lasts;
    /// counts the steps, by kind, and fails the run when a chain of completions seems endless.
    private final class ScriptedHost: InterpreterHost {
        let testCase: DifferentialCase
        var answer = 0
        var budget = 0
        var steps: [String: Int] = [:]

        init(_ testCase: DifferentialCase) { self.testCase = testCase }

        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            answer += 1
            return testCase.answers[(answer - 1) % testCase.answers.count]
        }

        func perform(_ action: Invocation, interpreter: Interpreter) {
            guard let occurrence = testCase.senders[action.name], budget > 0 else { return }
            budget -= 1
            interpreter.send(occurrence)
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            let kind = String(describing: step).prefix { $0 != "(" }
            steps[String(kind), default: 0] += 1
            precondition(steps["completed", default: 0] < 1_000_000, "an endless chain of completions")
        }
    }
}
