import FSMCore
import TestSupport
import XCTest

/// `fsmc paths`: the search over configurations, the paths it chooses, the reasons it gives, and
/// that every path replays — as a script, through the session `fsmc simulate` runs — to the states
/// it claims, covering what it claims.
final class PathExplorerTests: XCTestCase {
    private func explore(
        _ source: String, goal: PathExplorer.Goal = .transitions, maxLength: Int = 20, maxConfigurations: Int = 100_000,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> PathOutput {
        let model = try XCTUnwrap(model(source, file: file, line: line), file: file, line: line)
        let catalog = PathCatalog(model: model, source: Array(source.utf8))
        var options = PathExplorer.Options()
        options.goal = goal
        options.maxLength = maxLength
        options.maxConfigurations = maxConfigurations
        let report = PathExplorer(model: model, catalog: catalog, options: options).explore()
        return PathOutput(report: report, model: model, catalog: catalog, options: options, fileName: "m.fsm")
    }

    /// Replays every path as its script and checks each step's active states; returns what the
    /// scripts cover, measured by `--coverage`'s own runs.
    @discardableResult
    private func replay(_ output: PathOutput, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        var coverage = ScriptCoverage(model: output.model, catalog: output.catalog, goal: output.options.goal)
        for (number, path) in output.report.paths.enumerated() {
            let script = output.script(number + 1).split(separator: "\n").map(String.init)
            let options = output.replayOptions(path)
            var answers: [String: Bool] = [:]
            var delays: [String: Int] = [:]
            for index in stride(from: 0, to: options.count, by: 2) {
                let parts = options[index + 1].split(separator: "=").map(String.init)
                if options[index] == "--guard" { answers[parts[0]] = parts[1] == "true" }
                if options[index] == "--delay", case .success(let nanoseconds) = EventLine.parseDelayAnswer(parts[1]) {
                    delays[parts[0]] = nanoseconds
                }
            }
            var transcript: [String] = []
            let simulation = Simulation(model: output.model, answers: answers, delays: delays) { transcript.append($0) }
            XCTAssertTrue(simulation.start(), "path \(number + 1) starts", file: file, line: line)
            XCTAssertEqual(simulation.configurationText, text(path[0], output.model), file: file, line: line)
            var steps = path.dropFirst().makeIterator()
            for scriptLine in script {
                guard let parsed = try EventLine.parseLine(scriptLine, in: output.model) else { continue }
                let step = try XCTUnwrap(steps.next(), "more lines than steps", file: file, line: line)
                XCTAssertTrue(simulation.run(parsed), "path \(number + 1): \(scriptLine)", file: file, line: line)
                XCTAssertEqual(
                    simulation.configurationText, text(step, output.model), "path \(number + 1) after \(scriptLine)",
                    file: file, line: line)
            }
            XCTAssertNil(steps.next(), "a step without its line", file: file, line: line)
            try coverage.run(script: script, answers: answers, delays: delays)
        }
        let claimed = Set(output.report.goals).subtracting(output.report.uncovered.map(\.item))
        let measured = coverage.goals.filter(\.isCovered).map(\.entry.label)
        XCTAssertEqual(
            Set(measured), Set(claimed.compactMap { output.catalog.entry($0)?.label }),
            "the scripts cover what the report claims", file: file, line: line)
        return Set(measured)
    }

    /// The active states as the transcript writes them, for a path step.
    private func text(_ step: PathStep, _ model: Model) -> String {
        Simulation.configurationText(step.activeStates, isFinished: step.isFinished, in: model)
    }

    func testEveryKindOfTransitionIsFiredAndThePathsReplay() throws {
        let output = try explore(
            """
            machine Player {
                event play(speed: Double)
                initial Idle
                state Idle {
                    play [canPlay(speed)] / log(speed) -> Playing
                    settings -> push Settings
                    tap / beep
                }
                state Playing {
                    initial Buffering
                    state Buffering {
                        after 2s -> Streaming
                    }
                    state Streaming {
                        do / stream
                        catch [isOffline(error)] -> Done
                        -> Done
                    }
                    final state Done {}
                    -> Idle
                }
                state Settings {
                    close -> pop
                }
            }
            """)
        XCTAssertEqual(output.report.uncovered.map(\.reason), [])
        XCTAssertEqual(output.report.goals.count, 8)
        let covered = try replay(output)
        XCTAssertTrue(covered.contains("Idle: settings -> push Settings"), "\(covered)")
        XCTAssertTrue(covered.contains("Settings: close -> pop"))
        XCTAssertTrue(covered.contains("Buffering: after 2s -> Streaming"))
        XCTAssertTrue(covered.contains("Streaming: catch [isOffline(error)] -> Done"))
        XCTAssertTrue(covered.contains("Idle: tap / beep"), "an internal transition counts")
        let lines = output.report.paths.flatMap { $0.compactMap(output.scriptLine) }
        XCTAssertTrue(lines.contains("play speed=0.0 [canPlay=true]"), "\(lines)")
        XCTAssertTrue(lines.contains("wait 2s"))
        XCTAssertTrue(lines.contains("fail Streaming failure [isOffline=true]"))
        XCTAssertTrue(lines.contains("done Streaming"))
    }

    func testAGuardEvaluatedTwiceInOneStepIsAnsweredPerEvaluation() throws {
        let output = try explore(
            """
            machine Pick {
                initial A
                state A {
                    go [ok] -> B
                }
                state B {}
                state C {}
                go [ok] -> C
            }
            """)
        XCTAssertEqual(output.report.uncovered.count, 0)
        let lines = output.report.paths.flatMap { $0.compactMap(output.scriptLine) }
        XCTAssertTrue(lines.contains("go [ok=false, ok=true]"), "\(lines)")
        try replay(output)
    }

    func testTheGuardsGoalSeesEveryGuardTrueAndFalse() throws {
        let source = """
            machine Door {
                initial Closed
                state Closed {
                    open [isUnlocked] -> Opened
                }
                state Opened {
                    close -> Closed
                }
            }
            """
        let transitions = try explore(source)
        XCTAssertEqual(transitions.report.goals.count, 2)
        let guards = try explore(source, goal: .guards)
        XCTAssertEqual(guards.report.goals.count, 4, "two transitions and the two outcomes of one guard")
        XCTAssertEqual(guards.report.uncovered.count, 0)
        let covered = try replay(guards)
        XCTAssertTrue(covered.contains("Closed: open [isUnlocked] -> Opened, its guard false"), "\(covered)")
        let states = try explore(source, goal: .states)
        XCTAssertEqual(states.report.goals.count, 2)
        XCTAssertEqual(states.report.totalSteps, 1, "entering Opened takes one event")
    }

    func testWhatNoPathCoversIsListedWithTheReason() throws {
        let unreachable = try explore(
            """
            machine M {
                initial A
                state A { go -> B }
                state B {}
                state Island { back -> A }
            }
            """)
        XCTAssertEqual(
            unreachable.report.uncovered.map(\.reason),
            ["Island is unreachable (the checks warn: unreachable-state)"])
        let long = try explore(
            """
            machine Chain {
                initial S0
                state S0 { next -> S1 }
                state S1 { next -> S2 }
                state S2 { next -> S3 }
                state S3 { next -> S0 }
            }
            """, maxLength: 2)
        XCTAssertEqual(
            long.report.uncovered.map(\.reason),
            ["no path of at most 2 steps reaches it (--max-length)", "no path of at most 2 steps reaches it (--max-length)"])
        try replay(long)
        let bounded = try explore(
            """
            machine Chain {
                initial S0
                state S0 { next -> S1 }
                state S1 { next -> S2 }
                state S2 { next -> S3 }
                state S3 { next -> S0 }
            }
            """, maxConfigurations: 2)
        XCTAssertTrue(bounded.report.reachedConfigurationBound)
        XCTAssertTrue(
            bounded.report.uncovered.allSatisfy { $0.reason == "the search stopped at 2 configurations before reaching it" },
            "\(bounded.report.uncovered)")
    }

    func testALabelIsTheDeclarationAsWrittenOnOneLine() throws {
        let output = try explore(
            """
            machine Coffee {
                initial Idle
                state Idle {
                    order   [isOpen]  /  say(text: "Un café, s'il vous plaît") -> Served // at the bar
                }
                state Served {}
            }
            """)
        XCTAssertEqual(
            output.catalog.entry(.transition(0))?.label,
            #"Idle: order [isOpen] / say(text: "Un café, s'il vous plaît") -> Served"#)
    }

    /// Two timers armed together always tie when time moves only from timeout to timeout; `x ->
    /// Outside` fires only when Right's timer has fired and Left's has not (in Done, Left's `x` wins
    /// and drops it), which needs a wait shorter than the next timeout before `restart` re-arms
    /// Left's. It was reported as fired by no configuration the machine can reach.
    func testAWaitShorterThanTheNextTimeoutLetsOneOfTwoTimersArmedTogetherFireFirst() throws {
        let output = try explore(
            """
            machine Race {
                initial Running
                parallel state Running {
                    state Left {
                        initial Waiting
                        state Waiting {
                            after 10s -> Done
                            restart -> Waiting
                        }
                        state Done { x -> Done }
                    }
                    state Right {
                        initial Going
                        state Going { after 10s -> Arrived }
                        state Arrived { x -> Outside }
                    }
                }
                final state Outside
            }
            """)
        XCTAssertEqual(output.report.uncovered.map(\.reason), [])
        let covered = try replay(output)
        XCTAssertTrue(covered.contains("Arrived: x -> Outside"), "\(covered)")
        let scripts = output.report.paths.indices.map { output.script($0 + 1) }
        XCTAssertTrue(scripts.contains { $0.contains("wait 5s\nrestart\n") }, scripts.joined(separator: "\n"))
    }

    /// A machine with one timed transition has no timers to race: no shorter wait is tried, and
    /// where there are two, none follows another (a shorter wait arms no timer). Each machine has a
    /// goal no path covers, so that the search explores every configuration it tries.
    func testShorterWaitsAreTriedOnlyWhereTwoTimersCanRace() throws {
        let single = try explore(
            """
            machine Lamp {
                initial Off
                state Off { press -> On }
                state On {
                    after 10s -> Off
                    press -> On
                }
                state Broken { fix -> Off }
            }
            """)
        let waits = single.report.paths.joined().compactMap { step -> Int? in
            if case .wait(let nanoseconds) = step.input { nanoseconds } else { nil }
        }
        XCTAssertEqual(waits, [10_000_000_000])
        XCTAssertEqual(single.report.configurations, 2, "Off and On with its timer")
        let two = try explore(
            """
            machine Lamps {
                initial On
                state On {
                    after 10s -> Off
                    after 20s -> Off
                }
                final state Off
            }
            """)
        // The start, the wait to its timeout and the one to half of it (5s); from there the wait of
        // 5s to the timeout, and no shorter one (2.5s).
        XCTAssertEqual(two.report.configurations, 3)
        XCTAssertEqual(two.report.uncovered.count, 1, "after 20s never fires")
        let ticking = try explore(
            """
            machine Ticker {
                initial On
                state On {
                    every 3s / tick
                    after 10s -> Off
                }
                final state Off
                state Broken { fix -> Off }
            }
            """)
        // From the start (ticks due in 3s, the end in 10s): 1.5s, 8.5s left; each tick (3s, 7s),
        // (3s, 4s), then (1s, 3s) and Off; 1.5s after the start is the only shorter wait: the
        // `every` armed again by its own tick tries none.
        XCTAssertEqual(ticking.report.configurations, 6)
    }

    func testAnEventWithAParameterOfAUserTypeIsSentWithAnOpaqueValue() throws {
        let output = try explore(
            """
            machine Map {
                event move(to: Coordinate, speed: Int)
                event load(tiles: [UInt8], origin: (Int, Int)?)
                initial Idle
                state Idle { move [isNear(to)] / plan(to, speed) -> Moving }
                state Moving {
                    load / draw(tiles, origin)
                    stop -> Idle
                }
            }
            """)
        XCTAssertEqual(output.report.uncovered.count, 0, "\(output.report.uncovered)")
        XCTAssertEqual(output.report.goals.count, 3)
        let steps = output.report.paths.joined()
        let move = try XCTUnwrap(steps.first { $0.actions.first?.name == "plan" })
        // `_` for the type of the app's own and for `[UInt8]`, nil for an optional of any type.
        XCTAssertEqual(move.input, .event(EventOccurrence(event: 0, arguments: [.opaque, .integer(0)])))
        XCTAssertEqual(move.actions.map(\.description), ["plan(to: _, speed: 0)"])
        XCTAssertEqual(move.guards.map(\.call.description), ["isNear(to: _)"])
        XCTAssertEqual(output.scriptLine(move), "move to=_ speed=0 [isNear=true]")
        let load = try XCTUnwrap(steps.first { $0.actions.first?.name == "draw" })
        XCTAssertEqual(output.scriptLine(load), "load tiles=_ origin=nil")
        XCTAssertEqual(load.actions.map(\.description), ["draw(tiles: _, origin: nil)"])
        try replay(output)
    }

    func testTheStartsGuardsBecomeReplayOptions() throws {
        let output = try explore(
            """
            machine Boot {
                initial Check
                state Check {
                    [isConfigured] -> Ready
                    -> Setup
                }
                state Ready {}
                state Setup { done -> Ready }
            }
            """)
        XCTAssertEqual(output.report.uncovered.count, 0)
        let options = output.report.paths.map(output.replayOptions)
        XCTAssertTrue(options.contains(["--guard", "isConfigured=true"]), "\(options)")
        XCTAssertTrue(options.contains(["--guard", "isConfigured=false"]), "\(options)")
        try replay(output)
    }

    func testPathsAreFewAndEachCoversSomethingNew() throws {
        let output = try explore(
            """
            machine Light {
                initial Off
                state Off { toggle -> On }
                state On { toggle -> Off }
                dim -> Off
            }
            """)
        XCTAssertEqual(output.report.paths.count, 1, "one walk covers the three transitions")
        XCTAssertEqual(output.report.totalSteps, 3)
        XCTAssertEqual(output.report.lowerBound, 2, "toggling back needs two steps")
        for number in output.report.paths.indices {
            XCTAssertFalse(
                output.newlyCovered(inPath: number + 1).joined().isEmpty, "path \(number + 1) covers something new")
        }
    }

    func testTheSameMachineGivesTheSameBytes() throws {
        let source = """
            machine Upload {
                initial Idle
                state Idle { begin -> Sending }
                state Sending {
                    after retryDelay [canRetry] -> Sending
                    every 500ms / tick
                    done -> Idle
                }
            }
            """
        let first = try explore(source, goal: .guards)
        let second = try explore(source, goal: .guards)
        XCTAssertEqual(first.json(), second.json())
        XCTAssertEqual(first.script(1), second.script(1))
        try replay(first)
    }

    /// The random machines of the differential tests, every kind: each path replays to its states
    /// and covers what is claimed, and nothing a random walk reaches is claimed uncoverable.
    func testRandomMachinesOfEveryKind() throws {
        var machines = 0
        for seed in UInt64(1)...60 {
            let kind = seed % 4
            guard
                let random = DifferentialCase.generate(
                    seed: seed, name: "R\(seed)", version2: kind >= 1, parallel: kind == 2, version3: kind == 3,
                    activities: kind == 3)
            else { continue }
            machines += 1
            let catalog = PathCatalog(model: random.model, source: Array(random.source.utf8))
            var options = PathExplorer.Options()
            options.goal = .guards
            options.maxLength = 6
            options.maxConfigurations = 300
            let report = PathExplorer(model: random.model, catalog: catalog, options: options).explore()
            let output = PathOutput(report: report, model: random.model, catalog: catalog, options: options, fileName: "r.fsm")
            let covered = try replay(output)
            guard !report.reachedConfigurationBound else { continue }
            var rng = SplitMix64(seed: seed)
            let delays = Dictionary(
                uniqueKeysWithValues: random.model.requirements.filter(\.isDelay).map { ($0.name, 1_000_000_000) })
            for _ in 0..<20 {
                let script = randomWalk(random.model, length: options.maxLength, delays: delays, &rng)
                var walk = ScriptCoverage(model: random.model, catalog: catalog, goal: .guards)
                do { try walk.run(script: script, delays: delays) } catch { continue }  // a start guard unanswered
                for (entry, isCovered) in walk.goals where isCovered {
                    XCTAssertTrue(covered.contains(entry.label), "seed \(seed): a random walk covers \(entry.label)\n\(script)")
                }
            }
        }
        XCTAssertGreaterThan(machines, 40)
    }

    /// A script of `length` random lines, made as it runs: events with their guards answered at
    /// random (three answers per guard), waits to the next timeout, running activities finished and
    /// failed. The start's guards are left unanswered: such a walk stops at once.
    private func randomWalk(_ model: Model, length: Int, delays: [String: Int], _ rng: inout SplitMix64) -> [String] {
        let simulation = Simulation(model: model, delays: delays) { _ in }
        guard simulation.start() else { return [] }
        var script: [String] = []
        for _ in 0..<length {
            let guards = model.guardNames.map { name in
                (0..<3).map { _ in "\(name)=\(rng.chance(0.5))" }.joined(separator: ", ")
            }.joined(separator: ", ")
            let brackets = guards.isEmpty ? "" : " [\(guards)]"
            let interpreter = simulation.interpreter
            let running = interpreter.configuration.filter { interpreter.activities[$0] == .running }
            let line: String
            if let state = running.randomElement(using: &rng), rng.chance(0.3) {
                let name = model.states[state].name
                line = (rng.chance(0.5) ? "done \(name)" : "fail \(name) offline") + brackets
            } else if let next = interpreter.timers.map(\.deadline).min(), rng.chance(0.3) {
                let left = next - interpreter.now
                line = "wait " + DurationLiteral.text(nanoseconds: left >= 2 && rng.chance(0.3) ? left / 2 : left) + brackets
            } else {
                let event = model.events.randomElement(using: &rng)!
                let arguments = event.parameters.map { parameter -> String in
                    switch parameter.type {
                    case "Int": "\(parameter.name)=0"
                    case "Bool": "\(parameter.name)=false"
                    default: "\(parameter.name)=\"\""
                    }
                }
                line = ([event.name] + arguments).joined(separator: " ") + brackets
            }
            guard let parsed = try? EventLine.parseLine(line, in: model), simulation.run(parsed) else { break }
            script.append(line)
        }
        return script
    }
}
