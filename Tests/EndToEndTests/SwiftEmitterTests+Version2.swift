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
