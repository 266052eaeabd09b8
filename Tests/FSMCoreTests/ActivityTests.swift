import FSMCore
import TestSupport
import XCTest

/// Version 3's activities (`do /`) and `catch` transitions (section 4f) in the front end: their
/// model, requirements and checks, and the back ends' refusal until they carry them out.
final class ActivityTests: XCTestCase {
    static let loader = """
        machine Loader {
            event load(url: String)
            initial Idle
            state Idle { load -> Loading }
            state Loading {
                entry / showSpinner
                do / fetchVideo(quality: 720)
                -> Ready
                catch [isOffline(error)] -> Offline
                catch / report(error), raise giveUp -> Failed
                cancel -> Idle
            }
            state Ready {
                initial Playing
                do / buffer
                state Playing { do / play }
                catch / log(error)
            }
            state Offline { retry -> Loading }
            state Failed { giveUp -> Idle }
        }
        """

    func testActivityAndCatchTransitionsInTheModel() throws {
        let model = try XCTUnwrap(model(Self.loader))
        func index(_ name: String) throws -> Int { try XCTUnwrap(model.states.firstIndex { $0.name == name }) }
        let loading = model.states[try index("Loading")]
        let activity = try XCTUnwrap(loading.activity)
        XCTAssertEqual(activity.call.name, "fetchVideo")
        XCTAssertEqual(activity.call.arguments.map(\.label), ["quality"])
        XCTAssertEqual(activity.call.arguments.map(\.value), [.literal(.integer("720"))])
        XCTAssertEqual(loading.catchTransitions.map(\.target), [.state(try index("Offline")), .state(try index("Failed"))])
        XCTAssertEqual(loading.catchTransitions.map(\.source), [try index("Loading"), try index("Loading")])
        XCTAssertEqual(loading.catchTransitions[0].domain, nil, "top-level states: the machine is the domain")
        // `error` is an argument like an event parameter, of type `any Error`.
        guard case .call(let guardCall)? = loading.catchTransitions[0].guardExpression else { return XCTFail("no guard") }
        XCTAssertEqual(guardCall.arguments.map(\.label), ["error"])
        XCTAssertEqual(guardCall.arguments.map(\.value), [.parameter("error")])
        XCTAssertEqual(loading.catchTransitions[1].actions.count, 2)
        XCTAssertEqual(loading.catchTransitions[1].transition.event, nil)
        // Completion transitions and event transitions stay as they were.
        XCTAssertEqual(loading.transitions.count, 2)
        XCTAssertFalse(model.isLeftOnCompletion(try index("Loading")), "it waits for its activity")
        // An internal catch of a composite state.
        let ready = model.states[try index("Ready")]
        XCTAssertEqual(ready.activity?.call.name, "buffer")
        XCTAssertEqual(ready.catchTransitions.map(\.target), [.internal])
        XCTAssertEqual(model.states[try index("Playing")].activity?.call.name, "play")
        XCTAssertEqual(model.allRaises.map { model.events[$0.event].name }, ["giveUp"])
    }

    func testActivityRequirements() throws {
        let model = try XCTUnwrap(model(Self.loader.replacingOccurrences(of: "catch / log(error)", with: "")))
        func requirement(_ name: String) throws -> Model.Requirement {
            try XCTUnwrap(model.requirements.first { $0.name == name })
        }
        let fetch = try requirement("fetchVideo")
        XCTAssertTrue(fetch.isActivity)
        XCTAssertTrue(fetch.isThrowingActivity, "Loading has a catch")
        XCTAssertEqual(fetch.result, .void)
        XCTAssertEqual(fetch.parameters.map(\.type), [.int])
        let play = try requirement("play")
        XCTAssertTrue(play.isActivity)
        XCTAssertFalse(play.isThrowingActivity, "Playing has no catch")
        XCTAssertEqual(try requirement("isOffline").parameters.map(\.type), [.error])
        XCTAssertEqual(try requirement("report").parameters.map(\.label), ["error"])
        XCTAssertFalse(try requirement("report").isActivity)
    }

    /// One activity in two states, one with a `catch` and one without: `async throws` for both
    /// (docs/Language.md), whichever comes first.
    func testAnActivityOfTwoStatesThrowsWhenEitherHasACatch() throws {
        for order in [["A", "B"], ["B", "A"]] {
            let bodies = [
                "A": "state A { do / work; catch -> B; go -> B }",
                "B": "state B { do / work; back -> A }",
            ]
            let source = "machine M {\n initial \(order[0])\n \(bodies[order[0]]!)\n \(bodies[order[1]]!)\n}"
            let model = try XCTUnwrap(model(source))
            XCTAssertEqual(model.requirements.filter(\.isActivity).map(\.isThrowingActivity), [true], source)
        }
    }

    func testCatchMayPrecedeItsActivity() throws {
        let model = try XCTUnwrap(model("machine M {\n initial A\n state A { catch -> B; do / work }\n state B { go -> A }\n}"))
        XCTAssertTrue(try XCTUnwrap(model.requirements.first).isThrowingActivity)
        XCTAssertEqual(model.states[0].catchTransitions.count, 1)
    }

    func testErrorMayBePassedWithALabelAndRaised() throws {
        let source = """
            machine M {
                event failed(cause: any Error)
                initial A
                state A {
                    do / work
                    catch [isBad(e: error)] / log(reason: error), raise failed(cause: error) -> B
                }
                state B { failed -> A }
            }
            """
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.requirements.first { $0.name == "isBad" }?.parameters.map(\.label), ["e"])
        XCTAssertEqual(model.requirements.first { $0.name == "log" }?.parameters.map(\.type), [.error])
    }

    /// An event parameter named `error` is the event's, not what an activity threw.
    func testAnEventParameterNamedErrorIsTheEvents() throws {
        let source = "machine M {\n event fail(error: String)\n initial A\n state A { fail / log(error) -> A }\n}"
        let model = try XCTUnwrap(model(source))
        XCTAssertEqual(model.requirements.first?.parameters.map(\.type), [.string])
    }

    func testChecks() {
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n do / w\n state A { go -> A }\n}"), ["misplaced-member"])
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { do / a; do / b; go -> A }\n}"), ["duplicate-activity"])
        XCTAssertEqual(
            diagnosticIDs("machine M {\n event e(x: Int)\n initial A\n state A { do / a(x); e -> A }\n}"), ["activity-arguments"])
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { catch -> A; go -> A }\n}"), ["catch-without-activity"])
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { go / log(error) -> A }\n}"), ["error-outside-catch"])
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { do / w; catch -> A; catch -> A }\n}"), ["transition-never-fires"])
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { do / w; catch [ok(error)] -> A; go -> A }\n}"),
            ["error-may-be-dropped"])
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { do / go; entry / go }\n}"), ["guard-used-as-action"])
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { do / w }\n final state F { do / w; catch -> A }\n}"),
            ["final-state-body", "final-state-body"])
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { do / w; after w -> A }\n}"), ["delay-name-conflict"])
    }

    /// A state left only by its `catch` is no dead end, and what it leads to is reachable; the
    /// `catch` of a composite state applies while any state inside it is active.
    func testReachabilityAndDeadEndsCountCatchTransitions() {
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { do / w; catch -> B }\n state B { go -> A }\n}"), [])
        XCTAssertEqual(
            diagnosticIDs(
                "machine M {\n initial P\n state P { initial A; do / w; catch -> B; state A }\n state B { go -> P }\n}"),
            [])
        // An activity's completion leaves the state: no dead end; the target is reached.
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { do / w; -> B }\n state B { go -> A }\n}"), [])
        // Without a way out, a state with an activity is still a dead end.
        XCTAssertEqual(diagnosticIDs("machine M {\n initial A\n state A { do / w }\n}"), ["dead-end"])
    }

    /// A state with an activity is not left on entry: its event transitions are not shadowed, and
    /// a cycle of completions through it is no endless cycle.
    func testCompletionWaitsForTheActivity() {
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { do / w; -> B; go -> B }\n state B { -> A }\n}"), [])
        XCTAssertEqual(
            diagnosticIDs("machine M {\n initial A\n state A { -> B; go -> B }\n state B { -> A }\n}"),
            ["completion-cycle", "shadowed-by-completion"])
    }

    /// Generated `--isolation nonisolated`, a machine with activities is refused with an error at
    /// each `do` (`activity-needs-isolation`); for an actor, and a machine without activities, not.
    func testGenerationRefusesActivitiesWithoutAnActor() {
        var compilation = Compilation(path: "l.fsm", text: Self.loader)
        XCTAssertNotNil(compilation.model)
        XCTAssertFalse(compilation.refuseActivities(isolation: .automatic))
        XCTAssertFalse(compilation.refuseActivities(isolation: .globalActor("DatabaseActor")))
        XCTAssertNotNil(compilation.model)
        XCTAssertTrue(compilation.refuseActivities(isolation: .nonisolated))
        XCTAssertNil(compilation.model)
        XCTAssertEqual(Set(compilation.diagnostics.filter { $0.severity == .error }.map(\.id)), [.activityNeedsIsolation])
        var plain = Compilation(path: "p.fsm", text: "machine M {\n initial A\n state A { go -> A }\n}")
        XCTAssertFalse(plain.refuseActivities(isolation: .nonisolated))
        XCTAssertNotNil(plain.model)
    }
}
