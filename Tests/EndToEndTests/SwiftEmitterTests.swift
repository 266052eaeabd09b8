import FSMCore
import Foundation
import TestSupport
import XCTest

/// End-to-end tests of the Swift emitter: each scenario's machine is generated, compiled together
/// with a small driver under Swift 6 strict concurrency with warnings as errors, and run; the
/// driver implements the actions by appending to a transcript, which the test compares exactly.
/// All scenarios are compiled into one program, once, to keep the suite fast.
final class SwiftEmitterTests: XCTestCase {
    func testSecuritySystemFromTheSpec() throws {
        try expect(
            "flat",
            """
            before start: Disarmed
            announceDisarmed
            unhandled breach in Disarmed
            breach -> false [Disarmed]
            announceArmed
            arm -> true [Armed]
            isValid(0)
            tooManyAttempts
            countFailedAttempt
            disarm 0 -> true [Armed]
            isValid(1)
            tooManyAttempts
            informAdministrator
            soundAlarm
            disarm 1 -> true [Alarm]
            isValid(0)
            unhandled reset in Alarm
            reset 0 -> false [Alarm]
            isValid(1234)
            stopAlarm
            announceDisarmed
            reset 1234 -> true [Disarmed]
            informPolice
            panic -> true [SilentAlarm]
            isValid(1234)
            announceDisarmed
            reset 1234 -> true [Disarmed]
            second machine, no start():
            announceDisarmed
            announceArmed
            arm -> true [Armed]
            """)
    }

    func testHierarchyExitAndEntryOrder() throws {
        try expect(
            "hierarchy",
            """
            enter A
            enter B
            enter C
            isIn A B C D: true true true false
            activeStates: A B C
            handles go up back toD goF: true false false false true
            successors of C: D E B C A F
            successors of F: D F A
            successors of A: B A F
            exit C
            effect go
            enter D
            go -> true [D]
            exit D
            exit B
            exit A
            enter A
            enter B
            enter C
            up -> true [C]
            exit C
            enter C
            toC -> true [C]
            exit C
            exit B
            enter B
            enter C
            reenterB -> true [C]
            exit C
            exit B
            enter E
            toE -> true [E]
            exit E
            enter B
            enter C
            back -> true [C]
            exit C
            exit B
            enter B
            enter C
            fromA -> true [C]
            exit C
            exit B
            exit A
            enter A
            enter B
            enter C
            top -> true [C]
            exit C
            exit B
            exit A
            enter F
            goF -> true [F]
            up -> false [F]
            exit F
            enter A
            enter B
            enter D
            toD -> true [D]
            exit D
            exit B
            exit A
            enter A
            enter B
            enter C
            restart -> true [C]
            """)
    }

    func testGuardsShortCircuitAndAreOnlyEvaluatedWhenTried() throws {
        try expect(
            "guards",
            """
            a(1)
            c(1)
            d(1)
            a(1)
            b(1)
            c(1)
            d(1)
            third
            e 1 -> true
            a(2)
            c(2)
            second
            e 2 -> true
            a(3)
            b(3)
            c(3)
            d(3)
            second
            e 3 -> true
            a(4)
            b(4)
            first
            e 4 -> true
            a(5)
            c(5)
            d(5)
            a(5)
            b(5)
            never(5)
            unhandled e in S
            e 5 -> false
            S f
            f -> true
            """)
    }

    func testPushAndPop() throws {
        try expect(
            "pushpop",
            """
            enter Menu
            nothing to go back to
            back -> true [Menu]
            exit Menu
            enter Settings
            settings -> true [Settings]
            exit Settings
            enter Menu
            done -> true [Menu]
            nothing to go back to
            back -> true [Menu]
            exit Menu
            enter Game
            enter Level1
            play -> true [Level1]
            exit Level1
            exit Game
            enter Paused
            pause -> true [Paused]
            exit Paused
            resuming
            enter Game
            enter Level1
            resume -> true [Level1]
            exit Level1
            enter Hint
            hint -> true [Hint]
            exit Hint
            enter Level1
            unhint -> true [Level1]
            unhandled quit in Level1
            quit -> false [Level1]
            """)
    }

    func testRunToCompletionQueueAndFinalState() throws {
        try expect(
            "queue",
            """
            enter Idle
            ready
            say queued: true
            exit Idle
            kick
            next queued: true
            say queued: true
            enter Busy
            echo(from guard)
            exit Busy
            enter Done
            unhandled say in Done
            go -> true [Done] finished: true
            unhandled say in Done
            say late -> false
            handles say: false
            """)
    }

    func testSwiftKeywordsAndLiteralsInNames() throws {
        try expect(
            "keywords",
            """
            return(entered default)
            if(5)
            throw(5)
            class -> true [protocol]
            unhandled class in protocol
            class -> false [protocol]
            show: text ok -7 42 1.5 true false
            literals -> true [protocol]
            return(entered default)
            parent -> true [default]
            record(1, c, true, 2)
            transition -> true [default]
            return(id)
            id -> true
            return(run)
            run -> true
            replay -> true [protocol]
            """)
    }

    /// Event parameters named with the language's keywords (and Swift keywords) compile and are
    /// passed as declared; `machine` is the name of the generated run-time property, qualified
    /// with `self.` where a parameter hides it.
    func testParametersNamedWithKeywordsCompileAndArePassed() throws {
        try expect(
            "keywordParameters",
            """
            isValid(Ohio, ev, true)
            record(Ohio, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
            enter -> true ["Active", "Form", "Street", "Log", "Waiting"]
            note(Main St)
            note(ev)
            resend(1) -> true
            enter -> true ["Idle"]
            back -> true ["Active", "Form", "City", "Log", "Waiting"]
            isValid(Iowa, ev, true)
            note(Iowa)
            note(ev)
            resend(1) -> true
            enter -> true ["Idle"]
            isValid(Maine, 1)
            record(Maine, 1, 2, 3, 4)
            enter -> true B
            record(Texas, 5, 7, 6, 8)
            enter -> true A
            """)
    }

    func testOwnerThatIsAlsoTheActionsDoesNotLeak() throws {
        try expect(
            "leak",
            """
            opening
            open -> true
            owner deinit
            owner released: true, door released: true
            """)
    }

    /// The documented other side of holding the actions unowned: a machine whose actions object is
    /// gone stops the program at the next event, rather than ignoring it with no trace.
    func testEventAfterTheActionsAreGoneStopsTheProgram() throws {
        try expect(
            "orphan",
            "stopped: Fatal error: Attempted to read an unowned reference but object was already destroyed")
    }

    /// `--actions-reference strong`: the machine alone keeps its actions alive and frees them with
    /// itself; the owner-is-its-actions pattern makes the cycle the documentation warns of.
    func testStrongActionsAreKeptAliveByTheMachine() throws {
        try expect(
            "strong",
            """
            console alive: true
            opening
            open -> true
            console deinit
            console released: true
            owner released: false, machine released: false
            """)
    }

    func testAccessLevelsAndEdgeCasesCompile() throws {
        try expect(
            "access",
            """
            Only true
            """)
    }

    // MARK: - Running the program

    func expect(_ section: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        switch Self.program {
        case .failure(let message):
            XCTFail(message, file: file, line: line)
        case .output(let sections):
            XCTAssertEqual(sections[section], expected, file: file, line: line)
        }
    }

    enum Outcome: Sendable {
        case output([String: String])
        case failure(String)
    }

    /// Every scenario, generated, compiled and run once.
    static let program: Outcome = build()

    private static func build() -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-emitter-\(UUID().uuidString)")
        // Set FSMC_KEEP_EMITTER_OUTPUT to keep the generated program for inspection.
        defer {
            if ProcessInfo.processInfo.environment["FSMC_KEEP_EMITTER_OUTPUT"] == nil {
                try? FileManager.default.removeItem(at: directory)
            }
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var files = ["main.swift": mainSwift, "Support.swift": support]
            for scenario in scenarios {
                for (machine, access) in scenario.machines {
                    let compilation = Compilation(path: "\(scenario.name).fsm", text: machine)
                    guard let model = compilation.model else {
                        return .failure(
                            "\(scenario.name): "
                                + TextDiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.file))
                    }
                    files["\(model.name).swift"] = SwiftEmitter.emit(
                        model, sourceName: "\(model.name).fsm", access: access,
                        actionsReference: scenario.actionsReference)
                }
                files["Driver_\(scenario.name).swift"] = scenario.driver
            }
            for (name, text) in files {
                try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let sources = files.keys.sorted().map { directory.appendingPathComponent($0).path }
            let executable = directory.appendingPathComponent("program").path
            let compile = try runSwiftc(
                [
                    "-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors", "-package-name", "fsmctests",
                    "-o", executable,
                ] + fsmRuntimeLinkArguments() + sources)
            guard compile.status == 0 else {
                return .failure("swiftc failed in \(directory.path):\n\(compile.output)")
            }
            let result = try runProcess(URL(fileURLWithPath: executable), [], mergingStandardError: true)
            guard result.status == 0 else { return .failure("program failed:\n\(result.output)") }
            var sections: [String: String] = [:]
            var current: String?
            var lines: [String] = []
            func flush() { if let current { sections[current] = lines.joined(separator: "\n") } }
            for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("=== ") {
                    flush()
                    current = String(line.dropFirst(4))
                    lines = []
                } else if !line.isEmpty || current == nil {
                    lines.append(String(line))
                }
            }
            flush()
            // Each trap run must stop with Swift's message (an object's address left out).
            for trap in trapRuns {
                let run = try runProcess(
                    URL(fileURLWithPath: executable), [trap],
                    environment: ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                    mergingStandardError: true)
                let stop = run.output.split(separator: "\n").first {
                    $0.contains("Fatal error") || $0.contains("Precondition failed")
                }
                .map { String($0).replacingOccurrences(of: #" 0x[0-9a-fA-F]+"#, with: "", options: .regularExpression) }
                sections[trap] = "stopped: \(run.status != 0 ? stop ?? "(no message) \(run.output)" : "no: \(run.output)")"
            }
            return .output(sections)
        } catch {
            return .failure("\(error)")
        }
    }

    /// The runs of the program that must stop the program (`program orphan`): each a function
    /// `run_<name>()` of a driver that does not return.
    private static let trapRuns = ["orphan", "snapshotInAction"]

    struct Scenario {
        var name: String
        var machines: [(String, AccessLevel)]
        var driver: String
        var actionsReference = ActionsReference.unowned
        /// Whether its driver is `async` (a machine whose timeouts come on a clock).
        var isAsync = false
    }

    private static let support = """
        final class Transcript {
            var lines: [String] = []
            func add(_ line: String) { lines.append(line) }
        }
        """

    private static var mainSwift: String {
        trapRuns.map { "if CommandLine.arguments.dropFirst().first == \"\($0)\" {\n    run_\($0)()\n}\n" }.joined()
            + scenarios.map {
                "print(\"=== \($0.name)\")\nprint(\($0.isAsync ? "await " : "")run_\($0.name)().joined(separator: \"\\n\"))\n"
            }.joined()
    }

    private static var scenarios: [Scenario] {
        [
            Scenario(name: "flat", machines: [(securitySystem, .internal)], driver: flatDriver),
            Scenario(name: "hierarchy", machines: [(hierarchy, .internal)], driver: hierarchyDriver),
            Scenario(name: "guards", machines: [(guards, .internal)], driver: guardsDriver),
            Scenario(name: "pushpop", machines: [(pushPop, .internal)], driver: pushPopDriver),
            Scenario(name: "queue", machines: [(queue, .internal)], driver: queueDriver),
            Scenario(name: "keywords", machines: [(keywords, .internal)], driver: keywordsDriver),
            Scenario(
                name: "keywordParameters", machines: [(keywordParameters, .internal), (keywordParametersFlat, .internal)],
                driver: keywordParametersDriver),
            Scenario(name: "leak", machines: [(door, .internal)], driver: leakDriver),
            Scenario(
                name: "strong",
                machines: [(door.replacingOccurrences(of: "machine Door", with: "machine StrongDoor"), .internal)],
                driver: strongDriver, actionsReference: .strong),
            Scenario(
                name: "access",
                machines: [
                    (door.replacingOccurrences(of: "machine Door", with: "machine PublicDoor"), .public),
                    (door.replacingOccurrences(of: "machine Door", with: "machine PackageDoor"), .package),
                    ("machine Lonely {\n    initial Only\n    state Only\n}\n", .internal),
                ],
                driver: accessDriver),
        ] + version2Scenarios + timeScenarios + activityScenarios + snapshotScenarios
    }
}

// MARK: - Scenarios: machines and drivers

extension SwiftEmitterTests {
    static let securitySystem = """
        // The security system from the State-pattern case study.
        /// Guards a house.
        machine SecuritySystem {
            event disarm(code: String)
            event reset(code: String)

            initial Disarmed

            state Disarmed {
                entry / announceDisarmed
                arm -> Armed
                panic -> SilentAlarm
            }

            /// Armed: watching the doors.
            state Armed {
                entry / announceArmed
                breach -> Alarm
                panic -> Alarm
                disarm [isValid(code)] -> Disarmed
                disarm [tooManyAttempts] / informAdministrator -> Alarm
                disarm / countFailedAttempt           // internal: no exit, no entry
            }

            state Alarm {
                entry / soundAlarm
                exit / stopAlarm
                reset [isValid(code)] -> Disarmed
            }

            state SilentAlarm {
                entry / informPolice
                reset [isValid(code)] -> Disarmed
            }
        }
        """

    static let flatDriver = """
        final class SecurityLog: SecuritySystemActions {
            let t = Transcript()
            var tooMany = false
            func announceDisarmed() { t.add("announceDisarmed") }
            func announceArmed() { t.add("announceArmed") }
            func isValid(code: String) -> Bool { t.add("isValid(\\(code))"); return code == "1234" }
            func tooManyAttempts() -> Bool { t.add("tooManyAttempts"); return tooMany }
            func informAdministrator() { t.add("informAdministrator") }
            func countFailedAttempt() { t.add("countFailedAttempt") }
            func soundAlarm() { t.add("soundAlarm") }
            func stopAlarm() { t.add("stopAlarm") }
            func informPolice() { t.add("informPolice") }
            func unhandledEvent(_ event: SecuritySystem.Event, in state: SecuritySystem.StateID) {
                t.add("unhandled \\(event.rawValue) in \\(state.rawValue)")
            }
        }

        func run_flat() -> [String] {
            let a = SecurityLog()
            let m = SecuritySystem(actions: a)
            func send(_ name: String, _ result: Bool) { a.t.add("\\(name) -> \\(result) [\\(m.state.rawValue)]") }
            a.t.add("before start: \\(m.state.rawValue)")
            m.start()
            m.start()
            send("breach", m.breach())
            send("arm", m.arm())
            send("disarm 0", m.disarm(code: "0"))
            a.tooMany = true
            send("disarm 1", m.disarm(code: "1"))
            send("reset 0", m.reset(code: "0"))
            send("reset 1234", m.reset(code: "1234"))
            send("panic", m.panic())
            send("reset 1234", m.reset(code: "1234"))
            a.t.add("second machine, no start():")
            let second = SecuritySystem(actions: a)
            a.t.add("arm -> \\(second.arm()) [\\(second.state.rawValue)]")
            return a.t.lines
        }
        """

    static let hierarchy = """
        machine H {
            initial A
            goF -> F
            restart -> A
            state A {
                entry / log(s: "enter A")
                exit / log(s: "exit A")
                initial B
                fromA -> B
                top -> A
                state B {
                    entry / log(s: "enter B")
                    exit / log(s: "exit B")
                    initial C
                    toE -> E
                    reenterB -> B
                    toC -> C
                    state C {
                        entry / log(s: "enter C")
                        exit / log(s: "exit C")
                        go / log(s: "effect go") -> D
                    }
                    state D {
                        entry / log(s: "enter D")
                        exit / log(s: "exit D")
                        up -> A
                    }
                }
                state E {
                    entry / log(s: "enter E")
                    exit / log(s: "exit E")
                    back -> C
                }
            }
            state F {
                entry / log(s: "enter F")
                exit / log(s: "exit F")
                toD -> D
            }
        }
        """

    static let hierarchyDriver = """
        final class HLog: HActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
        }

        func run_hierarchy() -> [String] {
            let a = HLog()
            let m = H(actions: a)
            func send(_ name: String, _ result: Bool) { a.t.add("\\(name) -> \\(result) [\\(m.state.rawValue)]") }
            m.start()
            a.t.add("isIn A B C D: \\(m.isIn(.a)) \\(m.isIn(.b)) \\(m.isIn(.c)) \\(m.isIn(.d))")
            a.t.add("activeStates: " + m.activeStates.map(\\.rawValue).joined(separator: " "))
            a.t.add("handles go up back toD goF: \\(m.handles(.go)) \\(m.handles(.up)) \\(m.handles(.back)) \\(m.handles(.toD)) \\(m.handles(.goF))")
            for s in [H.StateID.c, .f, .a] {
                a.t.add("successors of \\(s.rawValue): " + H.successors(of: s).map(\\.rawValue).joined(separator: " "))
            }
            send("go", m.go())
            send("up", m.up())
            send("toC", m.toC())
            send("reenterB", m.reenterB())
            send("toE", m.toE())
            send("back", m.back())
            send("fromA", m.fromA())
            send("top", m.top())
            send("goF", m.goF())
            send("up", m.up())
            send("toD", m.toD())
            send("restart", m.restart())
            return a.t.lines
        }
        """

    static let guards = """
        machine G {
            event e(n: Int)
            initial Outer
            state Outer {
                initial S
                e [never(n)] / log(s: "outer")
                f [never(n: 0)] / log(s: "outer f")
                state S {
                    e [a(n) && b(n)] / log(s: "first")
                    e [!c(n) || d(n)] / log(s: "second")
                    e [(a(n) || b(n)) && !(c(n) && d(n))] / log(s: "third")
                    f / log(s: "S f")
                }
            }
        }
        """

    static let guardsDriver = """
        final class GLog: GActions {
            let t = Transcript()
            var values = (a: false, b: false, c: false, d: false)
            func log(s: String) { t.add(s) }
            func never(n: Int) -> Bool { t.add("never(\\(n))"); return false }
            func a(n: Int) -> Bool { t.add("a(\\(n))"); return values.a }
            func b(n: Int) -> Bool { t.add("b(\\(n))"); return values.b }
            func c(n: Int) -> Bool { t.add("c(\\(n))"); return values.c }
            func d(n: Int) -> Bool { t.add("d(\\(n))"); return values.d }
            func unhandledEvent(_ event: G.Event, in state: G.StateID) { t.add("unhandled \\(event.rawValue) in \\(state.rawValue)") }
        }

        func run_guards() -> [String] {
            let g = GLog()
            let m = G(actions: g)
            m.start()
            let rounds = [(false, true, true, false), (false, false, false, false), (true, false, true, true), (true, true, false, false), (false, false, true, false)]
            for (index, values) in rounds.enumerated() {
                g.values = values
                g.t.add("e \\(index + 1) -> \\(m.e(n: index + 1))")
            }
            g.t.add("f -> \\(m.f())")
            return g.t.lines
        }
        """

    static let pushPop = """
        machine P {
            initial Menu
            state Menu {
                entry / log(s: "enter Menu")
                exit / log(s: "exit Menu")
                play -> Game
                settings -> push Settings
                back -> pop
                back / log(s: "nothing to go back to")
            }
            state Game {
                entry / log(s: "enter Game")
                exit / log(s: "exit Game")
                initial Level1
                quit -> pop
                unhint -> pop
                state Level1 {
                    entry / log(s: "enter Level1")
                    exit / log(s: "exit Level1")
                    pause -> push Paused
                    hint -> push Hint
                }
                state Hint {
                    entry / log(s: "enter Hint")
                    exit / log(s: "exit Hint")
                }
            }
            state Paused {
                entry / log(s: "enter Paused")
                exit / log(s: "exit Paused")
                resume / log(s: "resuming") -> pop
            }
            state Settings {
                entry / log(s: "enter Settings")
                exit / log(s: "exit Settings")
                done -> pop
            }
        }
        """

    static let pushPopDriver = """
        final class PLog: PActions {
            let t = Transcript()
            func log(s: String) { t.add(s) }
            func unhandledEvent(_ event: P.Event, in state: P.StateID) { t.add("unhandled \\(event.rawValue) in \\(state.rawValue)") }
        }

        func run_pushpop() -> [String] {
            let a = PLog()
            let m = P(actions: a)
            func send(_ name: String, _ result: Bool) { a.t.add("\\(name) -> \\(result) [\\(m.state.rawValue)]") }
            m.start()
            send("back", m.back())
            send("settings", m.settings())
            send("done", m.done())
            send("back", m.back())
            send("play", m.play())
            send("pause", m.pause())
            send("resume", m.resume())
            send("hint", m.hint())
            send("unhint", m.unhint())
            send("quit", m.quit())
            return a.t.lines
        }
        """

    static let queue = """
        machine Q {
            event say(word: String)
            initial Idle
            state Idle {
                entry / log(s: "enter Idle")
                exit / log(s: "exit Idle")
                go [ready] / kick -> Busy
                say / echo(word)
            }
            state Busy {
                entry / log(s: "enter Busy")
                exit / log(s: "exit Busy")
                next -> Done
                say / echo(word)
            }
            final state Done {
                entry / log(s: "enter Done")
            }
        }
        """

    static let queueDriver = """
        final class QOwner: QActions {
            let t = Transcript()
            var machine: Q!
            init() { machine = Q(actions: self) }
            func log(s: String) { t.add(s) }
            func ready() -> Bool {
                t.add("ready")
                t.add("say queued: \\(machine.say(word: "from guard"))")
                return true
            }
            func kick() {
                t.add("kick")
                t.add("next queued: \\(machine.next())")
                t.add("say queued: \\(machine.say(word: "from kick"))")
            }
            func echo(word: String) { t.add("echo(\\(word))") }
            func unhandledEvent(_ event: Q.Event, in state: Q.StateID) { t.add("unhandled \\(event.rawValue) in \\(state.rawValue)") }
        }

        func run_queue() -> [String] {
            let o = QOwner()
            let m = o.machine!
            m.start()
            let result = m.go()
            o.t.add("go -> \\(result) [\\(m.state.rawValue)] finished: \\(m.isFinished)")
            o.t.add("say late -> \\(m.say(word: "late"))")
            o.t.add("handles say: \\(m.handles(.say))")
            return o.t.lines
        }
        """

    static let keywords = #"""
        machine Kw {
            event class(in: Int)
            event transition(actions: Int, context: String, run: Bool, handle: Int)
            initial default
            state default {
                entry / return(value: "entered default")
                class [if(in)] / throw(in) -> protocol
                transition / record(actions, context, run, handle)
                id / return(value: "id")
                run / return(value: "run")
                replay -> protocol
            }
            state protocol {
                literals / show(text: "quote \" backslash \\ newline \n tab \t bell \u{7} smile \u{1F600} é", int: -7, big: 42, dec: 1.5, yes: true, no: false)
                parent -> default
            }
        }
        """#

    static let keywordsDriver = #"""
        final class KwLog: KwActions {
            let t = Transcript()
            func `return`(value: String) { t.add("return(\(value))") }
            func `if`(in: Int) -> Bool { t.add("if(\(`in`))"); return true }
            func `throw`(in: Int) { t.add("throw(\(`in`))") }
            func record(actions: Int, context: String, run: Bool, handle: Int) { t.add("record(\(actions), \(context), \(run), \(handle))") }
            func show(text: String, int: Int, big: Int, dec: Double, yes: Bool, no: Bool) {
                let ok = text == "quote \" backslash \\ newline \n tab \t bell \u{7} smile \u{1F600} é"
                t.add("show: text \(ok ? "ok" : "wrong: \(text.debugDescription)") \(int) \(big) \(dec) \(yes) \(no)")
            }
            func unhandledEvent(_ event: Kw.Event, in state: Kw.StateID) { t.add("unhandled \(event.rawValue) in \(state.rawValue)") }
        }

        func run_keywords() -> [String] {
            let a = KwLog()
            let m = Kw(actions: a)
            func send(_ name: String, _ result: Bool) { a.t.add("\(name) -> \(result) [\(m.state.rawValue)]") }
            send("class", m.class(in: 5))
            send("class", m.class(in: 6))
            send("literals", m.literals())
            send("parent", m.parent())
            send("transition", m.transition(actions: 1, context: "c", run: true, handle: 2))
            a.t.add("id -> \(m.id())")
            a.t.add("run -> \(m.run())")
            send("replay", m.replay())
            return a.t.lines
        }
        """#

    /// Parameters named with the language's keywords (docs/Language.md, Names in Swift), passed as
    /// arguments, labels and values, through the parallel step, the queue, history, push and pop.
    static let keywordParameters = #"""
        machine KwParams {
            event enter(street: String, state: String, machine: Int, initial: Int, final: Bool, entry: Int, exit: Int, event: String, push: Int, pop: Int, parallel: Int, history: Int, deep: Int, inout: Int, default: Int)
            initial Idle
            state Idle {
                enter [isValid(state, event: event, final)] / record(state, machine, initial: initial, entry, exit, push, pop, parallel, history, deep, inout, default) -> Active
                back -> deep history Active
            }
            parallel state Active {
                leave -> Idle
                state Form {
                    initial Street
                    state Street { enter / note(state: street) -> City }
                    state City { enter [isValid(state, event: event, final)] / note(state) -> Street }
                }
                state Log {
                    initial Waiting
                    state Waiting { enter / note(state: event), resend(machine) }
                }
            }
        }
        """#

    static let keywordParametersFlat = #"""
        machine KwFlat {
            event enter(state: String, machine: Int, history: Int, deep: Int, default: Int)
            initial A
            state A { enter [isValid(state, machine: machine)] / record(state, machine, history, deep, default) -> push B }
            state B { enter / record(state, machine, history: deep, deep: history, default) -> pop }
        }
        """#

    static let keywordParametersDriver = #"""
        final class KwParamsLog: KwParamsActions {
            let t = Transcript()
            var machine: KwParams?
            func isValid(state: String, event: String, final: Bool) -> Bool { t.add("isValid(\(state), \(event), \(final))"); return true }
            func record(state: String, machine: Int, initial: Int, entry: Int, exit: Int, push: Int, pop: Int, parallel: Int, history: Int, deep: Int, `inout`: Int, default: Int) {
                t.add("record(\(state), \([machine, initial, entry, exit, push, pop, parallel, history, deep, `inout`, `default`]))")
            }
            func note(state: String) { t.add("note(\(state))") }
            func resend(machine: Int) { t.add("resend(\(machine)) -> \(self.machine!.leave())") }
        }

        final class KwFlatLog: KwFlatActions {
            let t = Transcript()
            func isValid(state: String, machine: Int) -> Bool { t.add("isValid(\(state), \(machine))"); return true }
            func record(state: String, machine: Int, history: Int, deep: Int, default: Int) {
                t.add("record(\(state), \(machine), \(history), \(deep), \(`default`))")
            }
        }

        func run_keywordParameters() -> [String] {
            let a = KwParamsLog()
            let m = KwParams(actions: a)
            a.machine = m
            func enter(_ state: String) -> Bool {
                m.enter(street: "Main St", state: state, machine: 1, initial: 2, final: true, entry: 3, exit: 4, event: "ev", push: 5, pop: 6, parallel: 7, history: 8, deep: 9, `inout`: 10, default: 11)
            }
            a.t.add("enter -> \(enter("Ohio")) \(m.activeStates.map(\.rawValue))")
            a.t.add("enter -> \(enter("Utah")) \(m.activeStates.map(\.rawValue))")
            a.t.add("back -> \(m.back()) \(m.activeStates.map(\.rawValue))")
            a.t.add("enter -> \(enter("Iowa")) \(m.activeStates.map(\.rawValue))")
            let f = KwFlatLog()
            let flat = KwFlat(actions: f)
            f.t.add("enter -> \(flat.enter(state: "Maine", machine: 1, history: 2, deep: 3, default: 4)) \(flat.state.rawValue)")
            f.t.add("enter -> \(flat.enter(state: "Texas", machine: 5, history: 6, deep: 7, default: 8)) \(flat.state.rawValue)")
            return a.t.lines + f.t.lines
        }
        """#

    static let door = """
        machine Door {
            initial Closed
            state Closed {
                open / log(s: "opening") -> Opened
            }
            state Opened {
                close -> Closed
            }
        }
        """

    static let leakDriver = """
        final class DoorOwner: DoorActions {
            let t: Transcript
            var door: Door!
            init(t: Transcript) {
                self.t = t
                door = Door(actions: self)
            }
            deinit { t.add("owner deinit") }
            func log(s: String) { t.add(s) }
        }

        func run_leak() -> [String] {
            let t = Transcript()
            weak var weakOwner: DoorOwner?
            weak var weakDoor: Door?
            do {
                let owner = DoorOwner(t: t)
                weakOwner = owner
                weakDoor = owner.door
                t.add("open -> \\(owner.door.open())")
            }
            t.add("owner released: \\(weakOwner == nil), door released: \\(weakDoor == nil)")
            return t.lines
        }

        /// Run on its own (`program orphan`): it does not return.
        func run_orphan() {
            let orphan: Door
            do {
                let owner = DoorOwner(t: Transcript())
                orphan = owner.door
            }
            _ = orphan.open()
            print("orphan open returned")
        }
        """

    static let strongDriver = """
        final class StrongDoorConsole: StrongDoorActions {
            let t: Transcript
            var door: StrongDoor?
            init(t: Transcript) { self.t = t }
            deinit { t.add("console deinit") }
            func log(s: String) { t.add(s) }
        }

        func run_strong() -> [String] {
            let t = Transcript()
            weak var weakConsole: StrongDoorConsole?
            var door: StrongDoor?
            do {
                let console = StrongDoorConsole(t: t)
                weakConsole = console
                door = StrongDoor(actions: console)
            }
            // Only the machine holds the console now.
            t.add("console alive: \\(weakConsole != nil)")
            t.add("open -> \\(door!.open())")
            door = nil
            t.add("console released: \\(weakConsole == nil)")

            // An actions object that owns its machine: a cycle, with a strong reference.
            weak var weakOwner: StrongDoorConsole?
            weak var weakMachine: StrongDoor?
            do {
                let owner = StrongDoorConsole(t: Transcript())
                owner.door = StrongDoor(actions: owner)
                weakOwner = owner
                weakMachine = owner.door
            }
            t.add("owner released: \\(weakOwner == nil), machine released: \\(weakMachine == nil)")
            return t.lines
        }
        """

    static let accessDriver = """
        final class Quiet: PublicDoorActions, PackageDoorActions, LonelyActions {
            func log(s: String) {}
        }

        func run_access() -> [String] {
            let quiet = Quiet()
            let lonely = Lonely(actions: quiet)
            lonely.start()
            _ = PublicDoor(actions: quiet).open()
            _ = PackageDoor(actions: quiet).open()
            return ["\\(lonely.state.rawValue) \\(Lonely.Event.allCases.isEmpty)"]
        }
        """
}
