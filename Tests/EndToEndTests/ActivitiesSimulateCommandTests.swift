import Foundation
import TestSupport
import XCTest

/// `fsmc simulate` with activities (`do /`) and `catch` (section 4f): `done S` and `fail S name`
/// end a running activity; the transcript shows activities started, cancelled, done, failed and
/// outcomes discarded.
final class ActivitiesSimulateCommandTests: XCTestCase {
    static let machine = """
        machine Player {
            event open(url: String)
            initial Idle
            state Idle {
                open / remember(url) -> Loading
            }
            state Loading {
                entry / showSpinner
                exit / hideSpinner
                do / fetchVideo(quality: 720)
                -> Ready
                catch [isOffline(error)] -> Offline
                catch / report(error) -> Failed
                cancel -> Idle
            }
            state Ready {
                entry / raise skip
                do / preload
                skip -> Idle
            }
            state Offline { retry -> Loading }
            final state Failed
        }

        """

    private func folder(with events: String, machine: String = machine) throws -> URL {
        let folder = try temporaryFolder(self)
        try machine.write(to: folder.appendingPathComponent("player.fsm"), atomically: true, encoding: .utf8)
        try events.write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Started after the step, cancelled on exit (before it started, when its state was left in the
    /// same step), done with its completion, failed with the `catch` taken and the guards answered on
    /// the line; an outcome of an activity that is not running is discarded.
    func testTheTranscriptShowsEachActivityStep() throws {
        let folder = try folder(
            with: """
                open url="a"
                fail Loading offline [isOffline=true]
                retry
                cancel
                done Loading
                open url="b"
                done Loading
                open url="c"
                fail Loading disk [isOffline=false]

                """)
        let result = try runFSMC(["simulate", "player.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter Idle
              state: Idle
            > open url="a"
              Idle -> Loading
                exit Idle
                effects of Idle -> Loading
                  remember(url: "a")
                enter Loading
                  showSpinner
              activity started: Loading do / fetchVideo(quality: 720)
              state: Loading
            > fail Loading offline [isOffline=true]
              activity failed: Loading do / fetchVideo, error offline
              guard isOffline(error: offline) = true
              Loading -> Offline
                exit Loading
                  hideSpinner
                enter Offline
              state: Offline
            > retry
              Offline -> Loading
                exit Offline
                enter Loading
                  showSpinner
              activity started: Loading do / fetchVideo(quality: 720)
              state: Loading
            > cancel
              Loading -> Idle
                exit Loading
                  activity cancelled: Loading do / fetchVideo
                  hideSpinner
                enter Idle
              state: Idle
            > done Loading
              discarded: the activity of Loading is not running: Loading is not active
              state: Idle
            > open url="b"
              Idle -> Loading
                exit Idle
                effects of Idle -> Loading
                  remember(url: "b")
                enter Loading
                  showSpinner
              activity started: Loading do / fetchVideo(quality: 720)
              state: Loading
            > done Loading
              activity done: Loading do / fetchVideo
              Loading completes
              Loading -> Ready
                exit Loading
                  hideSpinner
                enter Ready
                  raise skip
            skip (raised)
              Ready -> Idle
                exit Ready
                  activity cancelled before it started: Ready do / preload
                enter Idle
              state: Idle
            > open url="c"
              Idle -> Loading
                exit Idle
                effects of Idle -> Loading
                  remember(url: "c")
                enter Loading
                  showSpinner
              activity started: Loading do / fetchVideo(quality: 720)
              state: Loading
            > fail Loading disk [isOffline=false]
              activity failed: Loading do / fetchVideo, error disk
              guard isOffline(error: disk) = false
              Loading -> Failed
                exit Loading
                  hideSpinner
                effects of Loading -> Failed
                  report(error: disk)
                enter Failed
              finished
              state: Failed (finished)

            """)
    }

    /// An error that no `catch` takes is dropped; the activity is over, so a second outcome is
    /// discarded, and so is one of an activity that returned already.
    func testADroppedErrorAndOutcomesOfActivitiesOver() throws {
        let machine = """
            machine M {
                initial A
                state A { do / work; catch [isOffline(error)] -> B; go -> C }
                state B
                state C { do / other }
            }

            """
        let folder = try folder(with: "fail A disk\nfail A disk\ngo\ndone C\ndone C\n", machine: machine)
        let result = try runFSMC(["simulate", "player.fsm", "--events", "events.txt", "--guard", "isOffline=false"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter A
              activity started: A do / work
              state: A
            > fail A disk
              activity failed: A do / work, error disk
              guard isOffline(error: disk) = false
              no catch transition fires: the error is dropped
              state: A
            > fail A disk
              discarded: the activity of A is not running: it threw
              state: A
            > go
              A -> C
                exit A
                enter C
              activity started: C do / other
              state: C
            > done C
              activity done: C do / other
              state: C
            > done C
              discarded: the activity of C is not running: it returned already
              state: C

            """)
    }

    func testBadOutcomeLinesAreLocated() throws {
        for (line, message) in [
            ("done Loadng", "unknown state 'Loadng'; did you mean 'Loading'? The states with an activity are: Loading, Ready"),
            ("done Idle", "state 'Idle' has no activity ('do /'); the states with one are: Loading, Ready"),
            ("done", "expected a state after 'done', like 'done Loading'"),
            ("fail", "expected a state after 'fail', like 'fail Loading offline'"),
            ("fail Loading", "expected the error after 'fail Loading', a name like 'fail Loading offline'"),
            ("fail Loading 42", "expected the error after 'fail Loading', a name like 'offline', found '42'"),
            ("done Loading now", "expected the end of the line, found 'now'"),
            ("done Loading [isOffline=maybe]", "expected 'isOffline=true' or 'isOffline=false'"),
        ] {
            let folder = try folder(with: "open url=\"a\"\n\(line)\n")
            let result = try runFSMC(["simulate", "player.fsm", "--events", "events.txt"], in: folder)
            XCTAssertEqual(result.status, 1, line)
            XCTAssertEqual(result.stderr, "events.txt:2: error: \(message)\n", line)
        }
    }

    /// In a machine with an event named `done`, `done` without a state name is that event.
    func testAnEventNamedDoneIsStillAnEvent() throws {
        let machine = "machine M {\n    initial A\n    state A { do / work; done -> B }\n    final state B\n}\n"
        let folder = try folder(with: "done A\ndone\n", machine: machine)
        let result = try runFSMC(["simulate", "player.fsm", "--events", "events.txt"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter A
              activity started: A do / work
              state: A
            > done A
              activity done: A do / work
              state: A
            > done
              A -> B
                exit A
                enter B
              finished
              state: B (finished)

            """)
    }
}
