import FSMCore
import TestSupport
import XCTest

/// The session behind `fsmc preview`'s page: every control becomes a script line, the log is the
/// transcript of the script, `back` replays the script without its last line.
final class PreviewSessionTests: XCTestCase {
    private let source = """
        machine Door {
            event lock(code: String)
            initial Closed
            state Closed {
                open -> Opened
                lock [isValid(code)] -> Locked
                lock / beep
            }
            state Opened {
                close -> Closed
                after 2s -> Closed
            }
            state Locked {
                do / alarmCheck
                -> Closed
                catch / report(error) -> Opened
            }
        }
        """

    /// What `fsmc simulate` prints for `script` (each line echoed), with the session's options.
    private func replay(_ session: PreviewSession) throws -> [String] {
        var output: [String] = []
        let simulation: Simulation
        if let start = session.startSnapshot {
            simulation = try Simulation(
                model: session.model, restoring: start, from: PreviewSession.startSnapshotName,
                answers: session.optionAnswers, delays: session.delays
            ) { output.append($0) }
        } else {
            simulation = Simulation(model: session.model, answers: session.optionAnswers, delays: session.delays) {
                output.append($0)
            }
        }
        XCTAssertTrue(simulation.start())
        for line in session.script {
            let parsed = try XCTUnwrap(try EventLine.parseLine(line, in: session.model))
            XCTAssertTrue(simulation.run(parsed, echo: line), line)
        }
        return output
    }

    private func session(answers: [String: Bool] = [:]) throws -> PreviewSession {
        PreviewSession(model: try XCTUnwrap(model(source)), answers: answers)
    }

    func testStartsAndEachStepIsItsScriptLine() throws {
        let session = try session()
        XCTAssertEqual(session.log, ["start", "    enter Closed", "  state: Closed"])
        XCTAssertEqual(session.activeStates, ["Closed"])
        try session.send(event: "open")
        XCTAssertEqual(session.script, ["open"])
        XCTAssertEqual(session.activeStates, ["Opened"])
        XCTAssertEqual(session.lastTransitions.map { [$0.from, $0.to] }, [["Closed", "Opened"]])
        XCTAssertEqual(session.stepStarts, [3])
        XCTAssertEqual(session.log[3], "> open")
        XCTAssertEqual(session.timers.map(\.description), ["Opened after 2s -> Closed"])
        try session.advance(by: "500ms")
        XCTAssertEqual(session.timers.map(\.left), [1_500_000_000])
        XCTAssertTrue(session.lastTransitions.isEmpty, "time moved, nothing fired")
        try session.advanceToNextTimeout()
        XCTAssertEqual(
            session.lastTransitions.map { [$0.from, $0.to] }, [["Opened", "Closed"]], "timeout at 2s: Opened after 2s -> Closed")
        XCTAssertEqual(session.script, ["open", "wait 500ms", "wait 1.5s"])
        XCTAssertEqual(session.activeStates, ["Closed"])
        XCTAssertEqual(session.log, try replay(session))
        XCTAssertEqual(session.scriptText, "open\nwait 500ms\nwait 1.5s\n")
    }

    func testGuardTogglesGoIntoTheLineAndReplayWithTheOptions() throws {
        let session = try session()
        XCTAssertEqual(session.guardValues, ["isValid": false])
        try session.send(event: "lock", arguments: ["code": #""0000""#])
        XCTAssertEqual(session.script.last, #"lock code="0000" [isValid=false]"#)
        XCTAssertEqual(session.activeStates, ["Closed"])
        try session.setGuard("isValid", to: true)
        try session.send(event: "lock", arguments: ["code": #""1234""#])
        XCTAssertEqual(session.script.last, #"lock code="1234" [isValid=true]"#)
        XCTAssertEqual(session.activeStates, ["Locked"])
        XCTAssertEqual(session.runningActivities, ["Locked"])
        XCTAssertEqual(session.log, try replay(session))

        // Answered the same by --guard: the line needs no brackets.
        let answered = try self.session(answers: ["isValid": true])
        XCTAssertEqual(answered.guardValues, ["isValid": true])
        try answered.send(event: "lock", arguments: ["code": "\"1\""])
        try answered.finishActivity(of: "Locked")
        XCTAssertEqual(answered.script, [#"lock code="1""#, "done Locked"])
        try answered.setGuard("isValid", to: false)
        try answered.send(event: "open")
        XCTAssertEqual(answered.script.last, "open", "isValid is not asked: no brackets")
        try answered.send(event: "close")
        try answered.send(event: "lock", arguments: ["code": "\"2\""])
        XCTAssertEqual(answered.script.last, #"lock code="2" [isValid=false]"#)
        XCTAssertEqual(answered.activeStates, ["Closed"])
        XCTAssertEqual(answered.log, try replay(answered))
        XCTAssertThrowsError(try answered.setGuard("isOpen", to: true))
    }

    func testActivitiesFinishAndFail() throws {
        let session = try session(answers: ["isValid": true])
        try session.send(event: "lock", arguments: ["code": "\"1\""])
        try session.failActivity(of: "Locked", error: "jammed")
        XCTAssertEqual(session.script.last, "fail Locked jammed")
        XCTAssertEqual(session.activeStates, ["Opened"])
        XCTAssertThrowsError(try session.finishActivity(of: "Locked")) { error in
            XCTAssertEqual(
                (error as? PreviewSession.Refusal)?.message, "the activity of Locked is not running: Locked is not active")
        }
        try session.send(event: "close")
        try session.send(event: "lock", arguments: ["code": "\"1\""])
        try session.finishActivity(of: "Locked")
        XCTAssertEqual(session.script.last, "done Locked")
        XCTAssertEqual(session.activeStates, ["Closed"])
        XCTAssertEqual(session.log, try replay(session))
    }

    func testBackIsTheScriptWithoutItsLastLineReplayed() throws {
        let session = try session(answers: ["isValid": true])
        try session.send(event: "open")
        try session.advance(by: "1s")
        let (log, script) = (session.log, session.script)
        try session.send(event: "close")
        try session.send(event: "lock", arguments: ["code": "\"9\""])
        XCTAssertEqual(session.activeStates, ["Locked"])
        try session.back()
        try session.back()
        XCTAssertEqual(session.log, log)
        XCTAssertEqual(session.script, script)
        XCTAssertEqual(session.activeStates, ["Opened"])
        XCTAssertEqual(session.timers.map(\.left), [1_000_000_000])
        try session.back()
        try session.back()
        XCTAssertEqual(session.log, ["start", "    enter Closed", "  state: Closed"])
        XCTAssertThrowsError(try session.back())
    }

    func testRefusedLinesChangeNothing() throws {
        let session = try session()
        try session.send(event: "open")
        let (log, script, revision) = (session.log, session.script, session.revision)
        let refusals: [(String, () throws -> Void)] = [
            ("unknown event 'shut'; the events are: lock, open, close", { try session.run(line: "shut") }),
            (
                "'save' writes a file; the page downloads the snapshot instead (Save snapshot)",
                { try session.run(line: "save a.json") }
            ),
            ("event 'lock' needs a value for 'code' (String)", { try session.send(event: "lock") }),
            ("event 'open' has no parameter 'code'", { try session.send(event: "open", arguments: ["code": "1"]) }),
            ("parameter 'code' is String, but 12 is not", { try session.send(event: "lock", arguments: ["code": "12"]) }),
            ("enter a duration, like 2s or 500ms", { try session.advance(by: " ") }),
            ("the activity of Locked is not running: Locked is not active", { try session.finishActivity(of: "Locked") }),
            ("the machine has no state 'Shut'", { try session.finishActivity(of: "Shut") }),
        ]
        for (message, action) in refusals {
            XCTAssertThrowsError(try action()) { error in
                XCTAssertEqual((error as? PreviewSession.Refusal)?.message, message)
            }
        }
        XCTAssertEqual(session.log, log)
        XCTAssertEqual(session.script, script)
        XCTAssertEqual(session.revision, revision)
    }

    func testALineThatStopsTheSimulationIsRefusedAndTheSessionGoesOn() throws {
        // A typed line without brackets, and no --guard: the guard has no answer.
        let session = try session()
        try session.send(event: "open")
        try session.send(event: "close")
        let log = session.log
        XCTAssertThrowsError(try session.run(line: #"lock code="1""#)) { error in
            XCTAssertEqual(
                (error as? PreviewSession.Refusal)?.message,
                "guard 'isValid' has no answer; start fsmc preview with --guard isValid=true or --guard isValid=false, or answer it on the line: [isValid=true]"
            )
        }
        XCTAssertEqual(session.log, log)
        XCTAssertEqual(session.script, ["open", "close"])
        try session.send(event: "open")
        XCTAssertEqual(session.log, try replay(session))
    }

    func testAGuardAskedEachTimeIsAQuestionAnsweredIntoTheLine() throws {
        let session = try session(answers: ["isValid": true])
        try session.setAsking("isValid", true)
        try session.send(event: "open")
        XCTAssertEqual(session.script, ["open"], "not asked: no question")
        try session.send(event: "close")
        let log = session.log
        XCTAssertThrowsError(try session.send(event: "lock", arguments: ["code": #""0000""#])) { error in
            XCTAssertEqual(
                error as? PreviewSession.Refusal, PreviewSession.Refusal(#"guard isValid(code: "0000")?"#, question: "isValid"))
        }
        XCTAssertEqual(session.log, log, "a question changes nothing")
        // --guard isValid=true does not answer it: the page's answer does, in the line.
        try session.send(event: "lock", arguments: ["code": #""0000""#], answers: ["isValid": false])
        XCTAssertEqual(session.script.last, #"lock code="0000" [isValid=false]"#)
        XCTAssertEqual(session.activeStates, ["Closed"])
        XCTAssertEqual(session.log, try replay(session))
        try session.setAsking("isValid", false)
        try session.send(event: "lock", arguments: ["code": #""1""#])
        XCTAssertEqual(session.script.last, #"lock code="1""#, "answered by --guard again")
        XCTAssertEqual(session.activeStates, ["Locked"])
        XCTAssertTrue(session.view().rendered().contains(#""ask": false"#))
    }

    func testUnansweredGuardsAndDelaysSayWhichOption() throws {
        let source = """
            machine Retry {
                initial Idle
                state Idle {
                    go -> Waiting
                    after 1s [isReady] -> Done
                }
                state Waiting { after backoff -> Idle }
                state Done {}
            }
            """
        let session = PreviewSession(model: try XCTUnwrap(model(source)))
        XCTAssertThrowsError(try session.advance(by: "1s")) { error in
            XCTAssertEqual(
                (error as? PreviewSession.Refusal)?.message,
                "guard 'isReady' has no answer; start fsmc preview with --guard isReady=true or --guard isReady=false (a wait takes no brackets: its timeouts answer guards with --guard only)"
            )
        }
        XCTAssertThrowsError(try session.send(event: "go")) { error in
            XCTAssertEqual(
                (error as? PreviewSession.Refusal)?.message,
                "delay 'backoff' has no answer; start fsmc preview with --delay backoff=<duration>, like --delay backoff=2s")
        }
        XCTAssertEqual(session.script, [])
        let stuck = PreviewSession(model: try XCTUnwrap(model("machine M {\n initial A\n state A { [ok] -> B }\n state B {}\n}")))
        XCTAssertEqual(
            stuck.startFailure,
            "guard 'ok' has no answer at the start; start fsmc preview with --guard ok=true or --guard ok=false")
    }

    func testNextTimeoutWithoutATimerIsRefused() throws {
        let session = try session()
        XCTAssertThrowsError(try session.advanceToNextTimeout()) { error in
            XCTAssertEqual((error as? PreviewSession.Refusal)?.message, "no timer is armed")
        }
    }

    func testReloadGoesOnFromTheSnapshotWhereTheStatesRemain() throws {
        let session = try session(answers: ["isValid": true])
        try session.send(event: "open")
        try session.advance(by: "500ms")
        let edited = source.replacingOccurrences(of: "close -> Closed", with: "close / slam -> Closed")
        session.reload(try XCTUnwrap(model(edited)))
        XCTAssertEqual(
            session.notice,
            "The machine changed: the session goes on from its active states (Opened); the log starts again there.")
        XCTAssertEqual(session.log.first, "restored from session-start.json")
        XCTAssertEqual(session.script, [])
        XCTAssertEqual(session.activeStates, ["Opened"])
        XCTAssertEqual(session.timers.map(\.left), [1_500_000_000])
        XCTAssertEqual(session.startSnapshot?.activeStates, ["Opened"])
        try session.send(event: "close")
        XCTAssertTrue(session.log.contains("      slam"), session.log.joined(separator: "\n"))
        XCTAssertEqual(session.log, try replay(session))
        XCTAssertNil(session.notice)
        // Back stops at the reload: the session starts there.
        try session.back()
        XCTAssertThrowsError(try session.back())
        XCTAssertEqual(session.activeStates, ["Opened"])
    }

    func testReloadRestartsWhereAStateIsGoneAndSaysWhy() throws {
        let session = try session()
        try session.send(event: "open")
        let edited = source.replacingOccurrences(of: "Opened", with: "Ajar")
        session.reload(try XCTUnwrap(model(edited)))
        XCTAssertEqual(
            session.notice,
            "The machine changed and the session restarted: the snapshot names the state 'Opened', which the machine does not have."
        )
        XCTAssertEqual(session.log, ["start", "    enter Closed", "  state: Closed"])
        XCTAssertNil(session.startSnapshot)
    }

    func testTheViewNamesWhatThePageDraws() throws {
        let session = try session()
        try session.send(event: "open")
        let text = session.view().rendered()
        XCTAssertTrue(text.contains(#""active": [\#n    "Opened"\#n  ]"#), text)
        XCTAssertTrue(text.contains(#""timer": "Opened after 2s -> Closed""#), text)
        XCTAssertTrue(text.contains(#""left": "2s""#), text)
        XCTAssertTrue(text.contains(#""name": "lock""#), text)
    }

    func testTheDiagramsStatesAndEventLabelsCarryTheHooks() throws {
        let folder = repositoryRoot.appendingPathComponent("examples/MediaPlayer")
        let machine = try XCTUnwrap(
            model(try String(contentsOf: folder.appendingPathComponent("MediaPlayer.fsm"), encoding: .utf8)))
        let svg = try String(contentsOf: folder.appendingPathComponent("MediaPlayer.svg"), encoding: .utf8)
        let annotated = PreviewDiagram.annotate(svg, model: machine)
        for state in machine.states {
            XCTAssertEqual(annotated.components(separatedBy: "data-state=\"\(state.name)\"").count, 2, state.name)
        }
        XCTAssertTrue(annotated.contains(#"<g id="clust6" class="cluster" data-state="Watching">"#))
        XCTAssertTrue(annotated.contains(#"<text data-event-label="open" text-anchor="middle""#))
        XCTAssertFalse(annotated.contains(#"data-state="[*]"#))
        XCTAssertTrue(annotated.contains(#"class="edge" data-from="Library" data-to="Opening">"#), "into a parallel state")
        XCTAssertTrue(annotated.contains(#"class="edge" data-from="Opening" data-to="Watching">"#), "its completion")
        XCTAssertTrue(annotated.contains(#"class="edge" data-from="Interrupted" data-to="Watching">"#), "into its history")
        XCTAssertTrue(annotated.contains(#"class="edge" data-from="Playing" data-to="Paused">"#))
        XCTAssertFalse(annotated.contains(#"data-to="Library">\#n<title>[*]&#45;&gt;Library"#), "the machine's start")
        XCTAssertEqual(
            annotated.replacingOccurrences(of: #" data-state="[A-Za-z]+""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"data-event-label="[A-Za-z]+" "#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #" data-from="[A-Za-z]+" data-to="[A-Za-z]+""#, with: "", options: .regularExpression),
            svg)
    }
}
