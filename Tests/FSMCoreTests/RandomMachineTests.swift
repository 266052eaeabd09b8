import FSMCore
import TestSupport
import XCTest

/// The random machines of the differential tests (Tests/TestSupport/RandomMachine.swift), before
/// EndToEndTests' DifferentialTests compare the generated Swift with the interpreter on them: they
/// are valid; those of version 2 (completion transitions, final states inside composites, history)
/// and those with parallel states use every feature, and the interpreter runs their scripts to the end.
final class DifferentialGeneratorTests: XCTestCase {
    private let seeds = UInt64(0)..<300

    /// The generator only writes valid machines: every seed must compile.
    func testGeneratorWritesValidMachines() {
        for seed in UInt64(0)..<300 {
            if DifferentialCase.generate(seed: seed, name: "M") == nil {
                let source = DifferentialCase.generateSource(seed: seed, name: "M")
                XCTFail("seed \(seed) gives an invalid machine:\n\(source)\n" + diagnosticsText(source))
                return
            }
        }
    }

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
        let steps = try runScripts(parallel: false)
        for step in ["completed", "completionDropped", "historyRecorded"] {
            XCTAssertGreaterThan(steps[step, default: 0], 10, step)
        }
    }

    func testParallelMachinesAreValidAndUseEveryFeature() throws {
        var features: [String: Int] = [:]
        for seed in seeds {
            guard let testCase = DifferentialCase.generate(seed: seed, name: "M", parallel: true) else {
                let source = DifferentialCase.generateSource(seed: seed, name: "M", parallel: true)
                return XCTFail("seed \(seed) gives an invalid machine:\n\(source)\n" + diagnosticsText(source))
            }
            let model = testCase.model
            let parallelStates = model.states.indices.filter { model.states[$0].isParallel }
            for state in parallelStates {
                features["parallel", default: 0] += 1
                if model.ancestry(of: state).dropFirst().contains(where: { model.states[$0].isParallel }) {
                    features["nested parallel", default: 0] += 1
                }
                // Every region can complete: each is a composite with a final child.
                let regions = model.states[state].children
                if !model.completionTransitions(of: state).isEmpty,
                    regions.allSatisfy({ model.states[$0].children.contains { model.states[$0].isFinal } })
                {
                    features["parallel state that can complete", default: 0] += 1
                }
                if model.states[state].recordsHistory { features["history of a parallel state", default: 0] += 1 }
            }
            for (index, state) in model.states.enumerated() where state.recordsHistory && !state.isParallel {
                if model.ancestry(of: index).contains(where: { model.states[$0].isParallel }) {
                    features["history inside a region", default: 0] += 1
                }
            }
            if !parallelStates.isEmpty {
                XCTAssertFalse(
                    model.allTransitions.contains { if case .push = $0.target { true } else { $0.target == .pop } },
                    "seed \(seed): push or pop with a parallel state")
            }
        }
        for feature in [
            "parallel", "nested parallel", "parallel state that can complete", "history of a parallel state",
            "history inside a region",
        ] {
            XCTAssertGreaterThan(features[feature, default: 0], 10, feature)
        }
    }

    /// The switch is off by default: no parallel state without it, and the version-2 machines stay
    /// as they were.
    func testParallelStatesOnlyWithTheSwitch() {
        for seed in seeds {
            XCTAssertFalse(DifferentialCase.generateSource(seed: seed, name: "M", version2: true).contains("parallel"))
        }
    }

    /// The interpreter runs every script of a machine with parallel states to the end: every chain of
    /// completions ends, and events select transitions in several regions at once.
    func testTheInterpreterRunsEveryParallelScript() throws {
        let steps = try runScripts(parallel: true)
        for step in ["completed", "completed parallel", "historyRecorded", "preempted"] {
            XCTAssertGreaterThan(steps[step, default: 0], 10, step)
        }
    }

    /// Runs the scripts of the first 150 version-2 seeds (with parallel states or without) in the
    /// interpreter, each operation to its end; returns the steps observed, counted by kind.
    private func runScripts(parallel: Bool) throws -> [String: Int] {
        var steps: [String: Int] = [:]
        for seed in seeds.prefix(150) {
            let testCase = try XCTUnwrap(
                DifferentialCase.generate(seed: seed, name: "M", version2: true, parallel: parallel))
            let host = ScriptedHost(testCase)
            let interpreter = Interpreter(model: testCase.model, host: host)
            for operation in testCase.script {
                host.budget = DifferentialCase.sendBudget
                switch operation {
                case .start: interpreter.start()
                case .send(let occurrence): interpreter.send(occurrence)
                }
                XCTAssertFalse(interpreter.isRunning, "seed \(seed)")
                XCTAssertNil(interpreter.failure, "seed \(seed)")
            }
            steps.merge(host.steps) { $0 + $1 }
        }
        return steps
    }

    /// Answers guards from the case's list, cyclically; runs its senders while the budget lasts;
    /// counts the steps, by kind (and the completions of parallel states). (A chain of completions
    /// that seems endless stops the interpreter: `runScripts` checks its `failure`.)
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
            if case .completed(let state) = step, interpreter.model.states[state].isParallel {
                steps["completed parallel", default: 0] += 1
            }
        }
    }
}
