import FSMCore
import Foundation
import TestSupport
import XCTest
import struct FSMRuntime.Snapshot

/// Snapshots in the interpreter (section 4g): what ``Interpreter/snapshot`` holds, the checks of a
/// restore and their messages in order, what a restore drops, and how the restored instance runs.
final class InterpreterSnapshotTests: XCTestCase {
    /// Records what the host hears, by state name: restores, entries and exits, actions, timers
    /// armed and timing out, activities started, delays asked. Guards answer `true`.
    final class Recorder: InterpreterHost {
        var log: [String] = []

        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool { true }
        func perform(_ action: Invocation, interpreter: Interpreter) { log.append(action.description) }

        func delay(_ name: String, interpreter: Interpreter) -> Int {
            log.append("delay \(name)")
            return 3_000_000_000
        }

        func observe(_ step: Interpreter.Step, interpreter: Interpreter) {
            let name = { interpreter.model.states[$0].name }
            let time = { DurationLiteral.text(nanoseconds: $0) }
            switch step {
            case .restored: log.append("restored")
            case .started: log.append("started")
            case .entering(let state): log.append("enter \(name(state))")
            case .exiting(let state): log.append("exit \(name(state))")
            case .timerArmed(let timed, let deadline):
                log.append("arm \(timed.source.map(name) ?? "machine") due \(time(deadline))")
            case .timeout(let timed): log.append("timeout \(timed.source.map(name) ?? "machine") at \(time(interpreter.now))")
            case .activityStarted(let state, _): log.append("activity \(name(state))")
            default: break
            }
        }

        func take() -> [String] {
            defer { log = [] }
            return log
        }
    }

    /// History, push, a state's `every` and `after`, the machine's `after`, a final state.
    static let editor = """
        machine Editor {
            initial Watching
            after 10min -> Off
            state Watching {
                initial Browsing
                state Browsing {
                    open -> Editing
                    help -> push Help
                    back -> history Editing
                }
                state Editing {
                    initial Typing
                    state Typing {
                        drag -> Dragging
                        every 1s / autosave
                        after 5s / hint
                    }
                    state Dragging { drop -> Typing }
                    leave -> Browsing
                }
            }
            state Help { close -> pop }
            final state Off
        }
        """

    /// A parallel state with an activity in one region.
    static let deck = """
        machine Deck {
            initial Idle
            state Idle { go -> P }
            parallel state P {
                state A {
                    initial A1
                    state A1 { next -> A2 }
                    state A2 { do / spin; next -> A1 }
                }
                state B {
                    initial B1
                    state B1 { flip -> B2 }
                    state B2 { flip -> B1 }
                }
                stop -> Idle
            }
        }
        """

    private func make(_ source: String) throws -> (Interpreter, Recorder) {
        let recorder = Recorder()
        return (Interpreter(model: try XCTUnwrap(model(source)), host: recorder), recorder)
    }

    private func restore(_ source: String, _ snapshot: Snapshot) throws -> (Interpreter, Recorder) {
        let recorder = Recorder()
        return (try Interpreter(model: try XCTUnwrap(model(source)), host: recorder, restoring: snapshot), recorder)
    }

    private func send(_ machine: Interpreter, _ names: String...) throws {
        for name in names { machine.send(try XCTUnwrap(try EventLine.parse(name, in: machine.model))) }
    }

    private func active(_ machine: Interpreter) -> [String] { machine.configuration.map { machine.model.states[$0].name } }

    private func index(_ name: String, _ machine: Interpreter) throws -> Int {
        try XCTUnwrap(machine.model.states.firstIndex { $0.name == name })
    }

    private let second = 1_000_000_000

    // MARK: Taking a snapshot

    func testASnapshotHoldsActiveStatesHistoryStackAndTimersByName() throws {
        let (machine, _) = try make(Self.editor)
        XCTAssertEqual(
            machine.snapshot,
            Snapshot(machine: "Editor", started: false, finished: false, activeStates: []),
            "not started: no active states, although the configuration lists those start() enters")
        try send(machine, "open", "drag", "leave", "help")
        machine.advance(by: 2 * second)
        XCTAssertEqual(
            machine.snapshot,
            Snapshot(
                machine: "Editor", started: true, finished: false, activeStates: ["Help"],
                history: ["Editing": ["Dragging"]], stack: ["Browsing"],
                timers: [Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 598 * Int64(second))]))
        try send(machine, "close", "back")
        machine.advance(by: second / 2)
        XCTAssertEqual(active(machine), ["Watching", "Editing", "Dragging"])
        try send(machine, "drop")
        machine.advance(by: second / 4)
        let snapshot = machine.snapshot
        XCTAssertEqual(snapshot.activeStates, ["Watching", "Editing", "Typing"])
        XCTAssertEqual(snapshot.stack, [])
        // Arming order: the machine's first, then Typing's in written order; each with its time left.
        XCTAssertEqual(
            snapshot.timers,
            [
                Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 597_250_000_000),
                Snapshot.ArmedTimer(state: "Typing", index: 0, remainingNanoseconds: 750_000_000),
                Snapshot.ArmedTimer(state: "Typing", index: 1, remainingNanoseconds: 4_750_000_000),
            ])
    }

    func testTheJSONIsTheSpecsWithSortedKeysAndNoStateForAMachineTimer() throws {
        let (machine, _) = try make(Self.editor)
        try send(machine, "open", "drag", "leave", "help")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(machine.snapshot), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"activeStates":["Help"],"finished":false,"history":{"Editing":["Dragging"]},"machine":"Editor","#
                + #""stack":["Browsing"],"started":true,"timers":[{"index":0,"remainingNanoseconds":600000000000}]}"#)
    }

    /// Snapshot → JSON → snapshot is the same, by `JSONDecoder` and by ``Snapshot/decode(_:)``;
    /// a restored interpreter's snapshot is the one it was restored from.
    func testRoundTrips() throws {
        for (source, events) in [(Self.editor, ["open", "drag", "leave", "help"]), (Self.deck, ["go", "next", "flip"])] {
            let (machine, _) = try make(source)
            for event in events {
                try send(machine, event)
                machine.advance(by: second / 3)
                let snapshot = machine.snapshot
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                let json = try encoder.encode(snapshot)
                XCTAssertEqual(try JSONDecoder().decode(Snapshot.self, from: json), snapshot)
                XCTAssertEqual(try Snapshot.decode(Array(json)), snapshot)
                let (restored, _) = try restore(source, snapshot)
                XCTAssertEqual(restored.snapshot, snapshot, event)
                XCTAssertEqual(restored.configuration, machine.configuration)
                XCTAssertEqual(restored.history, machine.history)
                XCTAssertEqual(restored.stack, machine.stack)
            }
        }
    }

    // MARK: The checks of a restore, in order

    private func restoreError(_ source: String, _ snapshot: Snapshot) throws -> String? {
        let model = try XCTUnwrap(model(source))
        do throws(Interpreter.RestoreError) {
            _ = try Interpreter(model: model, host: Recorder(), restoring: snapshot)
            return nil
        } catch {
            return error.message
        }
    }

    func testEachRestoreErrorHasItsMessage() throws {
        func snapshot(_ active: [String], of machine: String = "Editor", started: Bool = true) -> Snapshot {
            Snapshot(machine: machine, started: started, finished: false, activeStates: active)
        }
        let editor = Self.editor
        let deck = Self.deck
        let cases: [(String, Snapshot, String)] = [
            (editor, snapshot(["Nope"], of: "Other"), "the snapshot is of machine 'Other', not of the machine restoring it"),
            (
                editor, snapshot(["Nope"], started: false),
                "the snapshot says that its machine has not started, yet it names active states"
            ),
            (
                editor, snapshot(["Watching", "Nope", "Gone"]),
                "the snapshot names the state 'Nope', which the machine does not have"
            ),
            (editor, snapshot([]), "the snapshot's active states are not a configuration of the machine: no state is active"),
            (
                editor, snapshot(["Typing", "Editing"]),
                "the snapshot's active states are not a configuration of the machine: 'Editing' is active without its parent 'Watching'"
            ),
            (
                editor, snapshot(["Help", "Off"]),
                "the snapshot's active states are not a configuration of the machine: 'Help' and 'Off' are both active at the top level"
            ),
            (
                editor, snapshot(["Watching"]),
                "the snapshot's active states are not a configuration of the machine: 'Watching' is active without an active child"
            ),
            (
                editor, snapshot(["Watching", "Editing", "Browsing", "Typing", "Dragging"]),
                "the snapshot's active states are not a configuration of the machine: 'Watching' has two active children, 'Browsing' and 'Editing'"
            ),
            (
                deck, snapshot(["P", "B", "B1"], of: "Deck"),
                "the snapshot's active states are not a configuration of the machine: 'P' is active without its region 'A'"
            ),
        ]
        for (source, snapshot, message) in cases {
            XCTAssertEqual(try restoreError(source, snapshot), message)
        }
        // Duplicates are ignored; the snapshot's order does not matter for a configuration.
        XCTAssertNil(try restoreError(editor, snapshot(["Typing", "Editing", "Watching", "Typing"])))
        // The first unknown name in the snapshot's order; checks 1 to 3 before 4.
        XCTAssertEqual(
            try restoreError(editor, snapshot(["Gone", "Nope"])),
            "the snapshot names the state 'Gone', which the machine does not have")
        // Check 4's problems in order: a missing parent (b) before two top-level states (c) before (d).
        XCTAssertEqual(
            try restoreError(editor, snapshot(["Help", "Off", "Typing"])),
            "the snapshot's active states are not a configuration of the machine: 'Typing' is active without its parent 'Editing'"
        )
        XCTAssertEqual(
            try restoreError(editor, snapshot(["Watching", "Help", "Off"])),
            "the snapshot's active states are not a configuration of the machine: 'Watching' and 'Help' are both active at the top level"
        )
    }

    // MARK: Restoring

    /// No entry action, no entry heard of; the host hears `restored`, then the timers, then the activities.
    func testARestoreEntersNothingAndReArmsTimersInTheSnapshotsOrder() throws {
        let snapshot = Snapshot(
            machine: "Editor", started: true, finished: false, activeStates: ["Watching", "Editing", "Typing"],
            timers: [
                Snapshot.ArmedTimer(state: "Typing", index: 1, remainingNanoseconds: 500_000_000),
                Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 500_000_000),
                Snapshot.ArmedTimer(state: "Typing", index: 0, remainingNanoseconds: 200_000_000),
            ])
        let (machine, log) = try restore(Self.editor, snapshot)
        XCTAssertEqual(log.take(), ["restored", "arm Typing due 500ms", "arm machine due 500ms", "arm Typing due 200ms"])
        XCTAssertTrue(machine.isStarted)
        XCTAssertFalse(machine.isFinished)
        XCTAssertEqual(machine.now, 0)
        XCTAssertEqual(machine.timers.map(\.stamp), [0, 1, 2])
        machine.start()
        XCTAssertEqual(log.take(), [], "started already")
        // The tie at 500ms keeps the snapshot's order; the every is armed again with its own delay.
        machine.advance(by: second)
        XCTAssertEqual(
            log.take(),
            [
                "timeout Typing at 200ms", "autosave", "arm Typing due 1.2s", "timeout Typing at 500ms", "hint",
                "timeout machine at 500ms", "exit Typing", "exit Editing", "exit Watching", "enter Off",
            ])
        XCTAssertTrue(machine.isFinished)
    }

    func testActivitiesOfEveryActiveStateRunAtOnceAfterARestore() throws {
        let snapshot = Snapshot(
            machine: "Deck", started: true, finished: false, activeStates: ["P", "A", "A2", "B", "B2"])
        let (machine, log) = try restore(Self.deck, snapshot)
        XCTAssertEqual(log.take(), ["restored", "activity A2"])
        XCTAssertEqual(machine.runningActivities, [try index("A2", machine)])
        XCTAssertEqual(machine.innermostContainingName, "P")
        // The parallel configuration runs: an event in each region.
        try send(machine, "flip")
        XCTAssertEqual(active(machine), ["P", "A", "A2", "B", "B1"])
        try send(machine, "next")
        XCTAssertEqual(log.take(), ["exit B2", "enter B1", "exit A2", "enter A1"])
        XCTAssertEqual(machine.runningActivities, [])
        try send(machine, "next")
        XCTAssertEqual(machine.runningActivities, [try index("A2", machine)])
        machine.finishActivity(of: try index("A2", machine))
        XCTAssertEqual(machine.activities[try index("A2", machine)], .done)
        // A done activity is not in the snapshot: restored, it runs again.
        let (again, againLog) = try restore(Self.deck, machine.snapshot)
        XCTAssertEqual(againLog.take(), ["restored", "activity A2"])
        XCTAssertEqual(again.activities[try index("A2", again)], .running)
    }

    func testHistoryRecordsAndThePushStackAreRestoredByName() throws {
        let snapshot = Snapshot(
            machine: "Editor", started: true, finished: false, activeStates: ["Help"], history: ["Editing": ["Dragging"]],
            stack: ["Browsing"])
        let (machine, _) = try restore(Self.editor, snapshot)
        try send(machine, "close")
        XCTAssertEqual(active(machine), ["Watching", "Browsing"], "pop returns to the restored stack's top")
        try send(machine, "back")
        XCTAssertEqual(active(machine), ["Watching", "Editing", "Dragging"], "history of Editing as restored")
    }

    func testAnUnstartedSnapshotGivesAFreshInterpreter() throws {
        let snapshot = Snapshot(
            machine: "Editor", started: false, finished: true, activeStates: [], history: ["Editing": ["Dragging"]],
            stack: ["Browsing"], timers: [Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 1)])
        let (machine, log) = try restore(Self.editor, snapshot)
        XCTAssertEqual(log.take(), ["restored"])
        XCTAssertFalse(machine.isStarted)
        XCTAssertFalse(machine.isFinished, "finished is informative, and ignored")
        XCTAssertEqual(machine.timers, [])
        XCTAssertEqual(machine.stack, [])
        XCTAssertEqual(machine.history, HistoryRecords())
        XCTAssertEqual(active(machine), ["Watching", "Browsing"], "the configuration start() will enter")
        machine.start()
        XCTAssertEqual(log.take(), ["started", "arm machine due 10min", "enter Watching", "enter Browsing"])
        XCTAssertEqual(machine.snapshot.activeStates, ["Watching", "Browsing"])
    }

    func testAFinishedMachineIsFinishedWhateverTheSnapshotSays() throws {
        let snapshot = Snapshot(
            machine: "Editor", started: true, finished: false, activeStates: ["Off"],
            timers: [Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 1)])
        let (machine, log) = try restore(Self.editor, snapshot)
        XCTAssertEqual(log.take(), ["restored"], "the machine's timer is dropped: it has finished")
        XCTAssertTrue(machine.isFinished)
        XCTAssertFalse(machine.send(try XCTUnwrap(try EventLine.parse("open", in: machine.model))))
        XCTAssertEqual(machine.snapshot.finished, true)
        // And the other way round: `finished` true on a machine that is not.
        let (running, _) = try restore(
            Self.editor,
            Snapshot(machine: "Editor", started: true, finished: true, activeStates: ["Help"]))
        XCTAssertFalse(running.isFinished)
    }

    // MARK: What a restore drops

    func testHistoryRecordsThatNoLongerFitAreDropped() throws {
        let nested = """
            machine N {
                initial S
                state S {
                    initial P
                    parallel state P {
                        state A { initial A1; state A1 {}; state A2 {} }
                        state B {}
                    }
                    state Q {}
                    out -> T
                }
                state T { back -> deep history S; again -> history Q2 }
                state Q2 { initial Q3; state Q3 {} }
            }
            """
        let records: [String: [String]] = [
            "S": ["P", "A", "A2", "B"],  // complete: kept
            "Q2": ["Q3"],  // complete: kept
            "T": [],  // T records no history
            "Gone": ["Q3"],  // no such state
        ]
        func kept(_ history: [String: [String]]) throws -> [String: [String]] {
            let snapshot = Snapshot(machine: "N", started: true, finished: false, activeStates: ["T"], history: history)
            return try restore(nested, snapshot).0.snapshot.history
        }
        XCTAssertEqual(try kept(records), ["S": ["P", "A", "A2", "B"], "Q2": ["Q3"]])
        for incomplete in [
            ["P", "A", "A2"],  // the parallel P without its region B
            ["P", "A", "B"],  // the composite A without a child
            ["P", "A", "A1", "A2", "B"],  // A with two children
            ["A", "A2", "B"],  // A's parent P not recorded
            ["P", "Q", "A", "A2", "B"],  // S (not parallel) with two children
            [],  // S without a child
            ["P", "A", "A2", "B", "Q3"],  // Q3 is not inside S
            ["P", "A", "A2", "B", "Nope"],  // an unknown name
        ] {
            XCTAssertEqual(try kept(["S": incomplete]), [:], "\(incomplete)")
        }
        // Duplicates and order do not matter; the record is kept in document order.
        XCTAssertEqual(try kept(["S": ["B", "A2", "A", "P", "B"]]), ["S": ["P", "A", "A2", "B"]])
    }

    func testStackEntriesThatNoLongerFitAreDroppedTheOthersKeepTheirOrder() throws {
        func kept(_ source: String, _ stack: [String]) throws -> [String] {
            let machine = try XCTUnwrap(model(source)).name
            let active = machine == "Editor" ? ["Help"] : ["Idle"]
            let snapshot = Snapshot(machine: machine, started: true, finished: false, activeStates: active, stack: stack)
            return try restore(source, snapshot).0.snapshot.stack
        }
        XCTAssertEqual(
            try kept(Self.editor, ["Typing", "Editing", "Nope", "Browsing", "Watching", "Typing"]),
            ["Typing", "Browsing", "Typing"])
        XCTAssertEqual(try kept(Self.deck, ["A1", "B2"]), [], "a machine without push keeps no stack")
    }

    func testTimersThatNoLongerFitAreDropped() throws {
        let timer = Snapshot.ArmedTimer.init(state:index:remainingNanoseconds:)
        let snapshot = Snapshot(
            machine: "Editor", started: true, finished: false, activeStates: ["Watching", "Editing", "Typing"],
            timers: [
                timer("Dragging", 0, 1),  // not active
                timer("Nope", 0, 1),  // no such state
                timer("Typing", 2, 1),  // Typing has two timed transitions
                timer("Typing", -1, 1),
                timer(nil, 1, 1),  // the machine has one
                timer("Typing", 0, -1),  // negative: dropped, and it keeps nothing from the next
                timer("Typing", 0, 7),  // kept
                timer("Typing", 0, 8),  // the same state and index as one kept before
                timer(nil, 0, 9),  // kept
                timer("Typing", 1, 0),  // kept: due now
                timer(nil, 0, 10),  // the same as one kept before
            ])
        let (machine, log) = try restore(Self.editor, snapshot)
        XCTAssertEqual(
            log.take(), ["restored", "arm Typing due 0.000000007s", "arm machine due 0.000000009s", "arm Typing due 0s"])
        XCTAssertEqual(machine.snapshot.timers, [timer("Typing", 0, 7), timer(nil, 0, 9), timer("Typing", 1, 0)])
    }

    // MARK: The JSON read

    func testTheJSONIsReadStrictlyWithTheProblemsPlace() throws {
        let valid = """
            {"activeStates": [], "finished": false, "history": {}, "machine": "M", "stack": [], "started": false,
             "timers": [{"index": 0, "remainingNanoseconds": 5, "state": null}, {"index": 1, "remainingNanoseconds": 6}],
             "comment": "an unknown key is skipped"}
            """
        XCTAssertEqual(
            try Snapshot.decode(Array(valid.utf8)).timers,
            [
                Snapshot.ArmedTimer(state: nil, index: 0, remainingNanoseconds: 5),
                .init(state: nil, index: 1, remainingNanoseconds: 6),
            ])
        // As JSONDecoder reads them: a key given twice counts the first time; an integer may be
        // written as any number of its value.
        let unusual = """
            {"activeStates": [], "finished": false, "history": {"S": ["A"], "S": ["B"]}, "machine": "M", "machine": "N",
             "stack": [], "started": false, "timers": [{"index": 1.0, "remainingNanoseconds": 1.5e9, "index": 7},
             {"index": 10E-1, "remainingNanoseconds": -0.25e+2}, {"index": 0.0, "remainingNanoseconds": 9223372036854775807}]}
            """
        XCTAssertEqual(
            try Snapshot.decode(Array(unusual.utf8)),
            try JSONDecoder().decode(Snapshot.self, from: Data(unusual.utf8)))
        XCTAssertEqual(
            try Snapshot.decode(Array(unusual.utf8)),
            Snapshot(
                machine: "M", started: false, finished: false, activeStates: [], history: ["S": ["A"]],
                timers: [
                    .init(state: nil, index: 1, remainingNanoseconds: 1_500_000_000),
                    .init(state: nil, index: 1, remainingNanoseconds: -25),
                    .init(state: nil, index: 0, remainingNanoseconds: .max),
                ]))
        func problem(_ text: String) -> String? {
            do throws(JSONReadError) {
                _ = try Snapshot.decode(Array(text.utf8))
                return nil
            } catch {
                return "\(error.offset): \(error.message)"
            }
        }
        let complete = #""activeStates": [], "finished": false, "history": {}, "machine": "M", "stack": [], "started": false"#
        for (text, expected) in [
            ("", "0: expected a JSON value, found the end of the file"),
            ("{\"machine\": \"M\",}", "16: expected a key in double quotes, found '}'"),
            ("{\"machine\" \"M\"}", "11: expected ':' after the key \"machine\", found '\"'"),
            ("[1, 2", "5: expected ',' or ']' after an element of an array, found the end of the file"),
            ("{} x", "3: expected the end of the file after the JSON value, found 'x'"),
            ("\"a\tb\"", "2: a control character in a string; write it as an escape such as \\n or \\u0009"),
            ("\"a\\qb\"", "2: unknown escape \\q in a string"),
            ("\"\\uD800\"", "1: a lone surrogate in a \\u escape"),
            ("\"\\u12\"", "1: a \\u escape needs four hex digits"),
            ("\"abc", "0: unterminated string"),
            ("01", "0: invalid number"),
            ("-", "0: invalid number"),
            ("1.", "0: invalid number"),
            ("tru", "0: expected a JSON value, found 't'"),
            (String(repeating: "[", count: 600), "512: arrays and objects nest more than 512 deep"),
            ("[]", "0: expected a JSON object, the snapshot of a machine"),
            ("{}", "0: the key \"machine\" is missing"),
            ("{\"machine\": 1}", "12: \"machine\" must be a string"),
            ("{\(complete)}", "0: the key \"timers\" is missing"),
            ("{\(complete), \"timers\": {}}", "112: \"timers\" must be an array"),
            ("{\(complete), \"timers\": [[]]}", "113: each of \"timers\" must be an object"),
            ("{\(complete), \"timers\": [{\"index\": 0}]}", "113: the key \"remainingNanoseconds\" is missing"),
            (
                "{\(complete), \"timers\": [{\"index\": 1.5, \"remainingNanoseconds\": 0}]}",
                "123: \"index\" must be a whole number that fits in 64 bits"
            ),
            (
                "{\(complete), \"timers\": [{\"index\": 1e-1, \"remainingNanoseconds\": 0}]}",
                "123: \"index\" must be a whole number that fits in 64 bits"
            ),
            (
                "{\(complete), \"timers\": [{\"index\": 1e19, \"remainingNanoseconds\": 0}]}",
                "123: \"index\" must be a whole number that fits in 64 bits"
            ),
            (
                "{\(complete), \"timers\": [{\"index\": 0, \"remainingNanoseconds\": 9223372036854775808}]}",
                "150: \"remainingNanoseconds\" must be a whole number that fits in 64 bits"
            ),
            (
                "{\(complete), \"timers\": [{\"index\": 0, \"remainingNanoseconds\": 0, \"state\": 3}]}",
                "162: a timer's \"state\" must be a string"
            ),
            (
                #"{"machine": "M", "started": false, "finished": false, "activeStates": ["A", 2]}"#,
                "76: \"activeStates\" must be an array of state names; this is no string"
            ),
            (
                #"{"machine": "M", "started": false, "finished": false, "activeStates": [], "history": {"S": "A"}}"#,
                "91: the history of \"S\" must be an array of state names"
            ),
        ] {
            XCTAssertEqual(problem(text), expected, text)
        }
    }
}

extension Interpreter {
    /// The name of ``Model/innermostContaining(_:)`` of the configuration.
    fileprivate var innermostContainingName: String? { model.innermostContaining(configuration).map { model.states[$0].name } }
}
