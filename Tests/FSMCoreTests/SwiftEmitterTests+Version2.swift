import FSMCore
import XCTest

/// End-to-end tests of what language version 2 adds to the generated Swift: completion transitions,
/// final states inside composites and history (sections 4a and 4b). The machines are compiled and
/// run in the one program of ``SwiftEmitterTests``.
extension SwiftEmitterTests {
    /// A choice completes, which enters a final state, which completes its composite, and so on
    /// outwards: inner before outer. An event sent by an effect of a completion transition waits
    /// until every completion is handled, and `start()` handles them all before it returns.
    func testCompletionsRunInnerBeforeOuterAndBeforeQueuedEvents() throws {
        try expect(
            "completion",
            """
            enter Outer
            enter Inner
            enter Choice
            relay
            ping queued: true
            enter Done
            Inner completes
            enter OuterDone
            Outer completes
            enter Waiting
            ready? false
            ping in Waiting
            start [Waiting]
            poke (internal)
            poke -> true [Waiting]
            enter Waiting
            ready? true
            enter Ready
            again -> true [Ready]
            handles ping in Ready: false
            successors of Choice: Done OuterDone Waiting
            successors of Waiting: Waiting Ready
            """)
    }

    /// Shallow and deep history of the same state; a record whose child is a final state means the
    /// default entry; `initial history` used by the parent's default entry; records per instance.
    /// Each line: the event, its result, the innermost state, then the states entered.
    func testShallowAndDeepHistory() throws {
        try expect(
            "history",
            """
            plain -> true [FM] Media Radio FM
            am -> true [AM] AM
            off -> true [Off]
            back -> true [FM] Media Radio FM
            am -> true [AM] AM
            off -> true [Off]
            exact -> true [AM] Media Radio AM
            player -> true [Stopped] Player Stopped
            play -> true [Playing] Playing
            off -> true [Off]
            back -> true [Stopped] Media Player Stopped
            play -> true [Playing] Playing
            off -> true [Off]
            exact -> true [Playing] Media Player Playing
            finish -> true [Ended] Ended
            off -> true [Off]
            exact -> true [FM] Media Radio FM
            finish -> true [Ended] Ended
            off -> true [Off]
            back -> true [FM] Media Radio FM
            off -> true [Off]
            home -> true [Kitchen] Home Hall Kitchen
            next -> true [Bedroom] Bedroom
            off -> true [Off]
            home -> true [Bedroom] Home Hall Bedroom
            off -> true [Off]
            plain -> true [FM] Media Radio FM
            am -> true [AM] AM
            off -> true [Off]
            second machine: exact -> true [FM] Media Radio FM
            first machine: exact -> true [AM] Media Radio AM
            successors of Off: Media Home
            """)
    }

    /// The actions protocol says where a guard or action of a completion transition is used.
    func testRequirementsOfCompletionTransitionsAreDocumented() throws {
        let model = try XCTUnwrap(Compilation(path: "Wizard.fsm", text: Self.completion).model)
        let swift = SwiftEmitter.emit(model, sourceName: "Wizard.fsm", access: .internal)
        XCTAssertTrue(swift.contains("    /// Guard of the completion of Waiting.\n    func ready() -> Bool\n"), swift)
        XCTAssertTrue(swift.contains("    /// Action of the completion of Choice.\n    func relay()\n"), swift)
    }

    /// A requirement used in many places names the first eight, in the order of the file, and
    /// counts the rest; a use repeated in one place (two guarded `tick`s in one state) counts once.
    func testRequirementUsedInManyPlacesNamesTheFirstEightAndCountsTheRest() throws {
        let states = (0..<12).map {
            "    state S\($0) {\n        tick [ok] / count -> S\(($0 + 1) % 12)\n        tick / count\n    }"
        }
        let source = "machine Counter {\n    initial S0\n\(states.joined(separator: "\n"))\n}\n"
        let model = try XCTUnwrap(Compilation(path: "Counter.fsm", text: source).model)
        let swift = SwiftEmitter.emit(model, sourceName: "Counter.fsm", access: .internal)
        let listed = (0..<8).map { "`tick` in S\($0)" }.joined(separator: ", ")
        XCTAssertTrue(swift.contains("    /// Action of \(listed), and 4 more.\n    func count()\n"), swift)
        XCTAssertTrue(swift.contains("    /// Guard of \(listed), and 4 more.\n    func ok() -> Bool\n"), swift)
        // Eight uses are all named, without a count.
        let eight = (0..<8).map { "    state S\($0) {\n        tick / count -> S\(($0 + 1) % 8)\n    }" }
        let eightSource = "machine Counter {\n    initial S0\n\(eight.joined(separator: "\n"))\n}\n"
        let eightModel = try XCTUnwrap(Compilation(path: "Counter.fsm", text: eightSource).model)
        let eightSwift = SwiftEmitter.emit(eightModel, sourceName: "Counter.fsm", access: .internal)
        XCTAssertTrue(eightSwift.contains("    /// Action of \(listed).\n    func count()\n"), eightSwift)
    }

    /// Each feature brings only its own types: a machine with completions but no history declares no
    /// history record, one with history does, and a version-1 machine declares neither (the types
    /// of the file as `SwiftNames.fileScopeTypes` lists them, which GeneratedTogetherTests checks
    /// against the file). The rest of the machinery is private: the golden files show it whole
    /// (Tests/Golden/Swift: SecuritySystem has neither feature, CheckoutWizard both).
    func testMachineryIsGeneratedOnlyForTheFeaturesUsed() throws {
        func declaresHistory(_ source: String) throws -> Bool {
            let model = try XCTUnwrap(Compilation(path: "M.fsm", text: source).model)
            return SwiftNames.fileScopeTypes(of: model).contains { $0.kind == .history }
        }
        XCTAssertFalse(try declaresHistory(Self.completion))
        XCTAssertTrue(try declaresHistory(Self.history))
        XCTAssertFalse(try declaresHistory(Self.securitySystem))
    }

    static var version2Scenarios: [Scenario] {
        [
            Scenario(name: "completion", machines: [(completion, .internal)], driver: completionDriver),
            Scenario(name: "history", machines: [(history, .internal)], driver: historyDriver),
        ] + parallelScenarios
    }

    static let completion = """
        machine Wizard {
            initial Outer
            state Outer {
                entry / log(s: "enter Outer")
                initial Inner
                ping / log(s: "ping in Outer")
                state Inner {
                    entry / log(s: "enter Inner")
                    initial Choice
                    state Choice {
                        entry / log(s: "enter Choice")
                        / relay -> Done
                    }
                    final state Done {
                        entry / log(s: "enter Done")
                    }
                    / log(s: "Inner completes") -> OuterDone
                }
                final state OuterDone {
                    entry / log(s: "enter OuterDone")
                }
                / log(s: "Outer completes") -> Waiting
            }
            state Waiting {
                entry / log(s: "enter Waiting")
                ping / log(s: "ping in Waiting")
                poke / log(s: "poke (internal)")
                again -> Waiting
                [ready] -> Ready
            }
            state Ready {
                entry / log(s: "enter Ready")
            }
        }
        """

    static let completionDriver = """
        final class WizardOwner: WizardActions {
            let t = Transcript()
            var machine: Wizard!
            var isReady = false
            init() { machine = Wizard(actions: self) }
            func log(s: String) { t.add(s) }
            func relay() {
                t.add("relay")
                t.add("ping queued: \\(machine.ping())")
            }
            func ready() -> Bool {
                t.add("ready? \\(isReady)")
                return isReady
            }
            func unhandledEvent(_ event: Wizard.Event, in state: Wizard.StateID) { t.add("unhandled \\(event.rawValue)") }
        }

        func run_completion() -> [String] {
            let o = WizardOwner()
            let m = o.machine!
            func send(_ name: String, _ result: Bool) { o.t.add("\\(name) -> \\(result) [\\(m.state.rawValue)]") }
            m.start()
            o.t.add("start [\\(m.state.rawValue)]")
            o.isReady = true
            send("poke", m.poke())
            send("again", m.again())
            o.t.add("handles ping in Ready: \\(m.handles(.ping))")
            o.t.add("successors of Choice: \\(Wizard.successors(of: .choice).map(\\.rawValue).joined(separator: " "))")
            o.t.add("successors of Waiting: \\(Wizard.successors(of: .waiting).map(\\.rawValue).joined(separator: " "))")
            return o.t.lines
        }
        """

    static let history = """
        machine Rooms {
            initial Off
            state Off {
                plain -> Media
                back -> history Media
                exact -> deep history Media
                home -> Home
            }
            state Media {
                entry / log(s: "Media")
                initial Radio
                off -> Off
                player -> Player
                finish -> Ended
                state Radio {
                    entry / log(s: "Radio")
                    initial FM
                    state FM {
                        entry / log(s: "FM")
                        am -> AM
                    }
                    state AM {
                        entry / log(s: "AM")
                    }
                }
                state Player {
                    entry / log(s: "Player")
                    initial Stopped
                    state Stopped {
                        entry / log(s: "Stopped")
                        play -> Playing
                    }
                    state Playing {
                        entry / log(s: "Playing")
                    }
                }
                final state Ended {
                    entry / log(s: "Ended")
                }
            }
            state Home {
                entry / log(s: "Home")
                initial Hall
                off -> Off
                state Hall {
                    entry / log(s: "Hall")
                    initial history Kitchen
                    state Kitchen {
                        entry / log(s: "Kitchen")
                        next -> Bedroom
                    }
                    state Bedroom {
                        entry / log(s: "Bedroom")
                    }
                }
            }
        }
        """

    static let historyDriver = """
        final class RoomsLog: RoomsActions {
            var entered: [String] = []
            func log(s: String) { entered.append(s) }
            func unhandledEvent(_ event: Rooms.Event, in state: Rooms.StateID) { entered.append("unhandled \\(event.rawValue)") }
        }

        func run_history() -> [String] {
            let t = Transcript()
            let a = RoomsLog()
            let m = Rooms(actions: a)
            m.start()
            func send(_ name: String, _ result: Bool, _ machine: Rooms? = nil, _ prefix: String = "") {
                t.add("\\(prefix)\\(name) -> \\(result) [\\((machine ?? m).state.rawValue)]" + a.entered.map { " " + $0 }.joined())
                a.entered = []
            }
            send("plain", m.plain())
            send("am", m.am())
            send("off", m.off())
            send("back", m.back())
            send("am", m.am())
            send("off", m.off())
            send("exact", m.exact())
            send("player", m.player())
            send("play", m.play())
            send("off", m.off())
            send("back", m.back())
            send("play", m.play())
            send("off", m.off())
            send("exact", m.exact())
            send("finish", m.finish())
            send("off", m.off())
            send("exact", m.exact())
            send("finish", m.finish())
            send("off", m.off())
            send("back", m.back())
            send("off", m.off())
            send("home", m.home())
            send("next", m.next())
            send("off", m.off())
            send("home", m.home())
            send("off", m.off())
            send("plain", m.plain())
            send("am", m.am())
            send("off", m.off())
            let second = Rooms(actions: a)
            second.start()
            send("exact", second.exact(), second, "second machine: ")
            send("exact", m.exact(), m, "first machine: ")
            t.add("successors of Off: \\(Rooms.successors(of: .off).map(\\.rawValue).joined(separator: " "))")
            return t.lines
        }
        """
}
