import Foundation
import TestSupport
import XCTest

/// `fsmc generate --observable`: observers of the configuration are told when an event changes it,
/// and only then. A machine is generated, driven with `withObservationTracking` and run.
final class ObservableMachineTests: XCTestCase {
    static let lamp = """
        machine Lamp {
            initial Off
            smash -> Broken

            state Off {
                tick / note
                reset -> Off
                on -> On
            }

            state On {
                initial Bright
                off -> Off

                state Bright {
                    dim -> Dim
                }

                state Dim {
                    dim -> Bright
                }
            }

            final state Broken
        }
        """

    /// Before each step, one observer per reader; the step's line lists the readers whose observer
    /// was told of a change.
    static let driver = """
        import Observation

        final class Hooks: LampActions {
            func note() {}
        }

        // Told from observation's onChange, which may run anywhere: nonisolated even in a MainActor module.
        nonisolated final class Heard: @unchecked Sendable {
            var readers: [String] = []
        }

        let hooks = Hooks()
        let lamp = Lamp(actions: hooks)
        let readers: [(String, () -> Void)] = [
            ("state", { _ = lamp.state }),
            ("activeStates", { _ = lamp.activeStates }),
            ("isFinished", { _ = lamp.isFinished }),
            ("isIn", { _ = lamp.isIn(.on) }),
            ("handles", { _ = lamp.handles(.dim) }),
        ]

        @MainActor func step(_ name: String, _ send: () -> Void) {
            let heard = Heard()
            for (reader, read) in readers {
                withObservationTracking(read) { heard.readers.append(reader) }
            }
            send()
            let told = heard.readers.isEmpty ? "nobody" : readers.map(\\.0).filter(heard.readers.contains).joined(separator: " ")
            print("\\(name): \\(told); \\(lamp.activeStates.map(\\.rawValue).joined(separator: "."))")
        }

        step("start") { lamp.start() }
        step("tick (internal)") { lamp.tick() }
        step("dim (unhandled)") { lamp.dim() }
        step("reset (Off to Off)") { lamp.reset() }
        step("on") { lamp.on() }
        step("dim") { lamp.dim() }
        step("tick (unhandled)") { lamp.tick() }
        step("smash") { lamp.smash() }
        step("dim (finished)") { lamp.dim() }
        """

    func testObserversHearOfConfigurationChangesOnly() throws {
        let everyone = "state activeStates isFinished isIn handles"
        let expected = """
            start: nobody; Off
            tick (internal): nobody; Off
            dim (unhandled): nobody; Off
            reset (Off to Off): nobody; Off
            on: \(everyone); On.Bright
            dim: \(everyone); On.Dim
            tick (unhandled): nobody; On.Dim
            smash: \(everyone); Broken
            dim (finished): nobody; Broken

            """
        try Self.expectOutput(expected, of: Self.lamp, named: "Lamp", driver: Self.driver, in: self)
    }

    /// A timeout is a step like an event: observers hear of the configuration it changes, and not of
    /// a timeout that changes nothing (an `every` that stays, a guard that does not hold).
    func testObserversHearOfTimeouts() throws {
        let machine = """
            machine Toaster {
                initial Idle
                state Idle {
                    lever -> Toasting
                }
                state Toasting {
                    every 1s / hum
                    after 3s [done] -> Idle
                    after 5s -> Idle
                }
            }
            """
        let driver = """
            import Observation

            @MainActor final class Hooks: ToasterActions {
                var isDone = false
                func hum() {}
                func done() -> Bool { isDone }
            }

            nonisolated final class Heard: @unchecked Sendable {
                var told = false
            }

            @MainActor func main() {
                let hooks = Hooks()
                let toaster = Toaster(actions: hooks, timing: .manual)
                func step(_ name: String, _ change: () -> Void) {
                    let heard = Heard()
                    withObservationTracking({ _ = toaster.state }) { heard.told = true }
                    change()
                    print("\\(name): \\(heard.told ? "told" : "nobody"); \\(toaster.state)")
                }
                step("lever") { toaster.lever() }
                step("1s (every)") { toaster.advanceTime(by: .seconds(1)) }
                step("2s (after, guard false)") { toaster.advanceTime(by: .seconds(2)) }
                step("5s (after)") { toaster.advanceTime(by: .seconds(2)) }
            }

            MainActor.assumeIsolated { main() }
            """
        let expected = """
            lever: told; toasting
            1s (every): nobody; toasting
            2s (after, guard false): nobody; toasting
            5s (after): told; idle

            """
        try Self.expectOutput(expected, of: machine, named: "Toaster", driver: driver, in: self)
    }

    /// An activity's outcome is a step like an event: observers hear of the configuration it changes,
    /// and not of one that changes nothing (an error no catch takes).
    func testObserversHearOfActivityOutcomes() throws {
        let machine = """
            machine Fetcher {
                initial Loading
                state Loading {
                    do / load
                    -> Shown
                    catch [isFatal(error)] -> Failed
                }
                state Shown {
                    reload -> Loading
                }
                final state Failed
            }
            """
        let driver = """
            import Observation

            struct Failure: Error { let fatal: Bool }

            @MainActor final class Hooks: FetcherActions {
                func load() async throws {}
                func isFatal(error: any Error) -> Bool { (error as? Failure)?.fatal == true }
            }

            nonisolated final class Heard: @unchecked Sendable {
                var told = false
            }

            @MainActor func main() {
                let hooks = Hooks()
                let fetcher = Fetcher(actions: hooks, activities: .manual)
                func step(_ name: String, _ change: () -> Void) {
                    let heard = Heard()
                    withObservationTracking({ _ = fetcher.state }) { heard.told = true }
                    change()
                    print("\\(name): \\(heard.told ? "told" : "nobody"); \\(fetcher.state)")
                }
                step("start") { fetcher.start() }
                step("done") { fetcher.finishActivity(of: .loading) }
                step("reload") { fetcher.reload() }
                step("error not taken") { fetcher.failActivity(of: .loading, with: Failure(fatal: false)) }
                step("reload (unhandled)") { fetcher.reload() }
            }

            MainActor.assumeIsolated { main() }
            """
        let expected = """
            start: nobody; loading
            done: told; shown
            reload: told; loading
            error not taken: nobody; loading
            reload (unhandled): nobody; loading

            """
        try Self.expectOutput(expected, of: machine, named: "Fetcher", driver: driver, in: self)
    }

    /// Generates `machine` (in `name`.fsm) `--observable`, compiles it with `driver` under Swift 6
    /// (warnings as errors) in a module whose default isolation is nonisolated and in one whose is
    /// the main actor, runs each program and checks that it prints `expected`.
    static func expectOutput(
        _ expected: String, of machine: String, named name: String, driver: String, in test: XCTestCase,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = try temporaryFolder(test)
        try machine.write(to: folder.appendingPathComponent("\(name).fsm"), atomically: true, encoding: .utf8)
        try driver.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let generate = try runFSMC(["generate", "\(name).fsm", "--observable"], in: folder)
        XCTAssertEqual(generate.status, 0, generate.stderr, file: file, line: line)
        for isolation in [[], ["-default-isolation", "MainActor"]] {
            let compile = try runSwiftc(
                ["-swift-version", "6", "-warnings-as-errors"] + isolation + fsmRuntimeLinkArguments() + [
                    "\(name).swift", "main.swift", "-o", "program",
                ],
                in: folder)
            XCTAssertEqual(compile.status, 0, compile.stderr + compile.stdout, file: file, line: line)
            let output = try runProcess(folder.appendingPathComponent("program"), []).stdout
            XCTAssertEqual(output, expected, "\(isolation)", file: file, line: line)
        }
    }

    func testTheConfigFileMakesTheMachineObservable() throws {
        let folder = try temporaryFolder(self)
        try Self.lamp.write(to: folder.appendingPathComponent("Lamp.fsm"), atomically: true, encoding: .utf8)
        let swift = folder.appendingPathComponent("Lamp.swift")
        for (config, observable) in [(#"{ "observable": true }"#, true), (#"{ "observable": false }"#, false), ("{}", false)] {
            try config.write(to: folder.appendingPathComponent("fsmc.json"), atomically: true, encoding: .utf8)
            XCTAssertEqual(try runFSMC(["generate", "Lamp.fsm", "--config", "fsmc.json"], in: folder).status, 0)
            let text = try String(contentsOf: swift, encoding: .utf8)
            XCTAssertEqual(text.contains("\nimport Observation\n"), observable, config)
            XCTAssertEqual(text.contains("\n@Observable\nfinal class Lamp {"), observable, config)
            XCTAssertEqual(
                text.components(separatedBy: "\nimport ").count, observable ? 3 : 2, "the default imports FSMRuntime alone")
        }
        // --observable wins over a config that leaves it out.
        XCTAssertEqual(try runFSMC(["generate", "Lamp.fsm", "--config", "fsmc.json", "--observable"], in: folder).status, 0)
        XCTAssertTrue(try String(contentsOf: swift, encoding: .utf8).contains("@Observable"))
        for value in ["1", #""yes""#, "null"] {
            try #"{ "observable": \#(value) }"#.write(
                to: folder.appendingPathComponent("fsmc.json"), atomically: true, encoding: .utf8)
            let result = try runFSMC(["generate", "Lamp.fsm", "--config", "fsmc.json"], in: folder)
            XCTAssertEqual(result.status, 2, value)
            XCTAssertEqual(result.stderr, "error: fsmc.json: \"observable\" must be true or false\n", value)
        }
    }
}
