import FSMCore
import TestSupport
import XCTest

/// The random machines of the differential tests (Tests/TestSupport/RandomMachine.swift), before
/// EndToEndTests' DifferentialTests compare the generated Swift with the interpreter on them: they
/// are valid; those of version 2 (completion transitions, final states inside composites, history)
/// and those with parallel states use every feature, and the interpreter runs their scripts to the end;
/// those of version 3 (timed transitions, `raise`) use every feature, and the interpreter runs most
/// of their scripts to the end; the scripts' restore points (snapshots) change nothing else, and
/// the interpreter restores what it saved.
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

    /// Version 3 (sections 4d and 4e), with parallel states and without: every machine is valid and
    /// every feature is used, each by many machines; the scripts move time.
    func testVersion3MachinesAreValidAndUseEveryFeature() throws {
        for parallel in [false, true] {
            var features: [String: Int] = [:]
            for seed in seeds {
                guard let testCase = DifferentialCase.generate(seed: seed, name: "M", parallel: parallel, version3: true) else {
                    let source = DifferentialCase.generateSource(seed: seed, name: "M", parallel: parallel, version3: true)
                    return XCTFail("seed \(seed) gives an invalid machine:\n\(source)\n" + diagnosticsText(source))
                }
                let model = testCase.model
                for timed in model.allTimedTransitions {
                    let kind = timed.kind.rawValue
                    switch timed.delay {
                    case .literal(0, _): features["\(kind) 0ms", default: 0] += 1
                    case .literal: features["\(kind) literal", default: 0] += 1
                    case .named: features["\(kind) named", default: 0] += 1
                    }
                    if timed.guardExpression != nil { features["\(kind) guarded", default: 0] += 1 }
                    if !timed.actions.isEmpty { features["\(kind) with effects", default: 0] += 1 }
                    if timed.source == nil { features["machine's \(kind)", default: 0] += 1 }
                    switch timed.target {
                    case .internal: features["\(kind) internal", default: 0] += 1
                    case .state: features["\(kind) to a state", default: 0] += 1
                    case .history: features["\(kind) to a history", default: 0] += 1
                    case .push, .pop: features["\(kind) push or pop", default: 0] += 1
                    }
                }
                func noteRaises(_ actions: [Model.Action], _ place: String) {
                    for case .raise(let raise) in actions {
                        features["raise in \(place)", default: 0] += 1
                        features[raise.arguments.isEmpty ? "raise" : "raise with arguments", default: 0] += 1
                        if raise.arguments.contains(where: { if case .parameter = $0.value { true } else { false } }) {
                            features["raise passing a parameter on", default: 0] += 1
                        }
                    }
                }
                for state in model.states {
                    noteRaises(state.entryActions, "entry")
                    noteRaises(state.exitActions, "exit")
                }
                for transition in model.allTransitions {
                    noteRaises(transition.actions, transition.isCompletion ? "completion effects" : "effects")
                }
                for timed in model.allTimedTransitions { noteRaises(timed.actions, "timed effects") }
                if testCase.script.contains(where: { if case .advance = $0 { true } else { false } }) {
                    features["advance in the script", default: 0] += 1
                }
            }
            var expected = [
                "after 0ms", "after literal", "after named", "after guarded", "after with effects", "machine's after",
                "after internal", "after to a state", "after to a history", "every literal", "every named",
                "every guarded", "every with effects", "machine's every", "raise in entry", "raise in exit",
                "raise in effects", "raise in completion effects", "raise in timed effects", "raise",
                "raise with arguments", "raise passing a parameter on", "advance in the script",
            ]
            if !parallel { expected.append("after push or pop") }
            for feature in expected {
                XCTAssertGreaterThan(features[feature, default: 0], parallel ? 3 : 5, "\(feature), parallel: \(parallel)")
            }
            XCTAssertEqual(features["every to a state", default: 0] + features["every to a history", default: 0], 0)
            XCTAssertEqual(features["every 0ms", default: 0], 0, "an 'every' needs a positive delay")
        }
    }

    /// The switch is off by default: no timed transition, `raise` or time step without it, so the
    /// machines and scripts of the other kinds stay as they were.
    func testVersion3FeaturesOnlyWithTheSwitch() {
        for seed in seeds {
            for (version2, parallel) in [(false, false), (true, false), (false, true)] {
                let source = DifferentialCase.generateSource(seed: seed, name: "M", version2: version2, parallel: parallel)
                for keyword in ["after ", "every ", "raise "] {
                    XCTAssertFalse(source.contains(keyword), "seed \(seed): \(keyword)")
                }
                let testCase = DifferentialCase.generate(seed: seed, name: "M", version2: version2, parallel: parallel)
                XCTAssertEqual(testCase?.delays, [:])
                XCTAssertEqual(testCase?.script.contains { if case .advance = $0 { true } else { false } }, false)
            }
        }
    }

    /// The interpreter runs the scripts of version 3, timeouts and raised events happening; the few
    /// on which it stops (an endless cycle of `raise`, or of zero-delay timeouts), which the
    /// differential tests skip, stay few. Every `every` delay the host answers is positive. (40 seeds
    /// of each kind: a script the interpreter stops on takes up to a second, its limits reached.)
    func testTheInterpreterRunsMostVersion3Scripts() throws {
        for parallel in [false, true] {
            var failures = 0
            var steps: [String: Int] = [:]
            for seed in seeds.prefix(40) {
                let testCase = try XCTUnwrap(DifferentialCase.generate(seed: seed, name: "M", parallel: parallel, version3: true))
                for name in DifferentialCase.everyDelayNames {
                    XCTAssertTrue(testCase.delays[name, default: []].allSatisfy { $0 > 0 }, "seed \(seed): \(name)")
                }
                let host = ScriptedHost(testCase)
                let interpreter = Interpreter(model: testCase.model, host: host)
                for operation in testCase.script where interpreter.failure == nil {
                    host.budget = DifferentialCase.sendBudget
                    switch operation {
                    case .start: interpreter.start()
                    case .send(let occurrence): interpreter.send(occurrence)
                    case .advance(let nanoseconds): interpreter.advance(by: nanoseconds)
                    case .finish, .fail: XCTFail("an activity outcome without activities")
                    case .restore: XCTFail("a restore without snapshots")
                    }
                    XCTAssertFalse(interpreter.isRunning, "seed \(seed)")
                }
                if let failure = interpreter.failure {
                    failures += 1
                    if case .everyDelayNotPositive = failure { XCTFail("seed \(seed): \(failure)") }
                } else {
                    steps.merge(host.steps) { $0 + $1 }
                }
            }
            XCTAssertLessThan(failures, parallel ? 10 : 6, "parallel: \(parallel)")
            for step in ["timerArmed", "timerCancelled", "timeout", "timeoutIgnored", "raised", "raisedDequeued"] {
                XCTAssertGreaterThan(steps[step, default: 0], 10, "\(step), parallel: \(parallel)")
            }
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
                case .advance(let nanoseconds): interpreter.advance(by: nanoseconds)
                case .finish, .fail: XCTFail("an activity outcome without activities")
                case .restore: XCTFail("a restore without snapshots")
                }
                XCTAssertFalse(interpreter.isRunning, "seed \(seed)")
                XCTAssertNil(interpreter.failure, "seed \(seed)")
            }
            steps.merge(host.steps) { $0 + $1 }
        }
        return steps
    }

    /// The activities switch is off by default: no `do /`, `catch` or activity outcome without it,
    /// so the machines and scripts of the other kinds stay as they were.
    func testActivityFeaturesOnlyWithTheSwitch() {
        for seed in seeds.prefix(100) {
            for (parallel, version3) in [(false, false), (true, false), (false, true)] {
                let source = DifferentialCase.generateSource(seed: seed, name: "M", parallel: parallel, version3: version3)
                XCTAssertFalse(source.contains("do /") || source.contains("catch"), "seed \(seed)")
            }
        }
    }

    /// The machines with activities are valid and use every feature of section 4f; the script's
    /// outcomes are mostly of running activities (the interpreter running the script picks them),
    /// and the interpreter runs the scripts to the end, `report(error)` running in `catch` effects.
    func testActivityMachinesAreValidAndUseEveryFeature() throws {
        for parallel in [false, true] {
            var features: [String: Int] = [:]
            for seed in seeds.prefix(150) {
                guard let testCase = DifferentialCase.generate(seed: seed, name: "M", parallel: parallel, activities: true)
                else {
                    let source = DifferentialCase.generateSource(seed: seed, name: "M", parallel: parallel, activities: true)
                    return XCTFail("seed \(seed) gives an invalid machine:\n\(source)\n" + diagnosticsText(source))
                }
                let model = testCase.model
                for state in model.states where state.activity != nil {
                    features["activity", default: 0] += 1
                    if state.transitions.contains(where: \.isCompletion) {
                        features["completion after an activity", default: 0] += 1
                    }
                    if state.isComposite { features["activity of a composite state", default: 0] += 1 }
                }
                for caught in model.allCatchTransitions {
                    let transition = caught.transition
                    features[transition.guardExpression == nil ? "catch" : "guarded catch", default: 0] += 1
                    features[transition.target == .internal ? "internal catch" : "catch with a target", default: 0] += 1
                }
                let host = DifferentialHost(testCase)
                var interpreter = Interpreter(model: model, host: host)
                for operation in testCase.script {
                    host.budget = DifferentialCase.sendBudget
                    let before = host.lines.count
                    _ = host.apply(operation, to: &interpreter)
                    switch operation {
                    case .finish, .fail:
                        features[
                            host.lines.count > before && host.lines.last!.hasPrefix("skip ") ? "skipped" : "outcome", default: 0] +=
                            1
                    default: break
                    }
                    XCTAssertNil(interpreter.failure, "seed \(seed)")
                }
                for line in host.lines where line.hasPrefix("act report(error: ") { features["report(error)", default: 0] += 1 }
            }
            for feature in [
                "activity", "completion after an activity", "activity of a composite state", "catch", "guarded catch",
                "internal catch", "catch with a target", "report(error)",
            ] {
                XCTAssertGreaterThan(features[feature, default: 0], 10, "\(feature), parallel: \(parallel)")
            }
            XCTAssertGreaterThan(features["outcome", default: 0], 2 * features["skipped", default: 0], "parallel: \(parallel)")
        }
    }

    /// Restore points (section 4g) only with their switch, drawn from a generator of their own: the
    /// machine and the other operations are those of the seed without them (but for activity
    /// outcomes, picked among the activities running, which a restore starts again). Every script
    /// gets one to five, some before the first operation, and about one in seven is mutated, every
    /// kind of mutation appearing.
    func testRestorePointsOnlyWithTheSwitch() throws {
        var restores = 0
        var mutations: [String: Int] = [:]
        for seed in seeds.prefix(60) {
            for (parallel, version3, activities) in [
                (false, false, false), (true, false, false), (false, true, false), (false, false, true),
            ] {
                let plain = DifferentialCase.generate(
                    seed: seed, name: "M", parallel: parallel, version3: version3, activities: activities)
                XCTAssertFalse(plain?.script.contains { if case .restore = $0 { true } else { false } } ?? false)
                let testCase = try XCTUnwrap(
                    DifferentialCase.generate(
                        seed: seed, name: "M", parallel: parallel, version3: version3, activities: activities,
                        snapshots: true))
                XCTAssertEqual(testCase.source, plain?.source)
                var others: [DifferentialCase.Operation] = []
                var count = 0
                for operation in testCase.script {
                    guard case .restore(let mutation) = operation else {
                        others.append(operation)
                        continue
                    }
                    count += 1
                    if let mutation { mutations[String("\(mutation)".prefix { $0 != "(" }), default: 0] += 1 }
                }
                XCTAssertTrue((1...5).contains(count), "seed \(seed): \(count) restores")
                restores += count
                if !activities { XCTAssertEqual(others, plain?.script, "seed \(seed)") }
            }
        }
        XCTAssertGreaterThan(restores, 240 * 2)
        let mutated = mutations.values.reduce(0, +)
        XCTAssertTrue((restores / 10...restores / 5).contains(mutated), "\(mutated) mutated of \(restores)")
        for kind in ["renameState", "dropState", "addState", "otherMachine", "notStarted", "history", "push", "timer"] {
            XCTAssertGreaterThan(mutations[kind, default: 0], 0, "\(kind) \(mutations)")
        }
    }

    /// In the interpreter alone, every restore of a script without mutation gives back the snapshot
    /// it restored (through its JSON, read by `Snapshot.decode`), and a mutated one that is
    /// restored gives a snapshot that holds only what fits; some mutated ones throw.
    func testTheInterpreterRestoresWhatItSaved() throws {
        var lines: [String: Int] = [:]
        let kinds = ["snapshot ", "mutated ", "restored", "restore error: ", "JSON error: "]
        for seed in seeds.prefix(40) {
            for (parallel, version3, activities) in [
                (false, false, false), (true, false, false), (false, true, false), (false, false, true),
            ] {
                let testCase = try XCTUnwrap(
                    DifferentialCase.generate(
                        seed: seed, name: "M", parallel: parallel, version3: version3, activities: activities,
                        snapshots: true))
                let host = DifferentialHost(testCase)
                var interpreter = Interpreter(model: testCase.model, host: host)
                for operation in testCase.script where interpreter.failure == nil {
                    host.budget = DifferentialCase.sendBudget
                    _ = host.apply(operation, to: &interpreter)
                }
                XCTAssertEqual(host.roundTripsChanged, 0, "seed \(seed)")
                for line in host.lines {
                    for kind in kinds where line.hasPrefix(kind) {
                        lines[kind, default: 0] += 1
                    }
                }
            }
        }
        XCTAssertEqual(lines["JSON error: ", default: 0], 0)
        XCTAssertEqual(lines["snapshot ", default: 0], lines["restored", default: 0] + lines["restore error: ", default: 0])
        XCTAssertGreaterThan(lines["restore error: ", default: 0], 10)
        XCTAssertLessThan(lines["restore error: ", default: 0], lines["mutated ", default: 0])
    }

    /// Answers guards from the case's list, cyclically; runs its senders while the budget lasts;
    /// counts the steps, by kind (and the completions of parallel states). (A chain of completions
    /// that seems endless stops the interpreter: `runScripts` checks its `failure`.)
    private final class ScriptedHost: InterpreterHost {
        let testCase: DifferentialCase
        var answer = 0
        var budget = 0
        var delaysAsked: [String: Int] = [:]
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

        /// Each delay's answers in turn, as the differential tests' hosts give them.
        func delay(_ name: String, interpreter: Interpreter) -> Int {
            let answers = testCase.delays[name] ?? [0]
            defer { delaysAsked[name, default: 0] += 1 }
            return answers[delaysAsked[name, default: 0] % answers.count]
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            // The kinds the tests look for, named by a switch: describing every step (its transition)
            // would cost more than the run itself.
            let kind: String
            switch step {
            case .completed: kind = "completed"
            case .completionDropped: kind = "completionDropped"
            case .historyRecorded: kind = "historyRecorded"
            case .preempted: kind = "preempted"
            case .timerArmed: kind = "timerArmed"
            case .timerCancelled: kind = "timerCancelled"
            case .timeout: kind = "timeout"
            case .timeoutIgnored: kind = "timeoutIgnored"
            case .raised: kind = "raised"
            case .raisedDequeued: kind = "raisedDequeued"
            default: return
            }
            steps[kind, default: 0] += 1
            if case .completed(let state) = step, interpreter.model.states[state].isParallel {
                steps["completed parallel", default: 0] += 1
            }
        }
    }
}
