import FSMCore
import TestSupport
import XCTest

/// End-to-end tests of parallel states (section 4c) in the generated Swift, compiled and run in the
/// one program of ``SwiftEmitterTests``; the cases of InterpreterParallelTests that matter most.
/// Each line: the event, its result and the active states afterwards, after the activities it ran.
extension SwiftEmitterTests {
    /// `cross` goes from one region into another: the parallel state is left and re-entered and
    /// the other region starts over. `clash` is selected by `L1` and by its parallel ancestor: they
    /// conflict and the inner one, selected first, fires alone. `shared` is reached from both
    /// leaves but examined once: its guard is asked once, and unhandled it names the parallel state.
    /// `back` restores the deep history of the parallel state. `Panel` completes only once both
    /// regions have reached their final states. `ping` fires in three regions of nested parallel
    /// states, effects in document order.
    func testParallelStates() throws {
        try expect(
            "parallel",
            """
            before start: [Work Panel Left L1 Right R1]
            enter Work
            enter Panel
            enter L1
            enter R1
            isIn L1 R1 L2: true true false
            handles step finish back: true false false
            exit R1
            exit L1
            exit Panel
            enter Panel
            enter L1
            enter R2
            cross -> true [Work Panel Left L1 Right R2]
            exit L1
            L1 clash
            enter L2
            clash -> true [Work Panel Left L2 Right R2]
            allowed? false
            unhandled shared in Panel
            shared -> false [Work Panel Left L2 Right R2]
            allowed? true
            exit R2
            exit L2
            exit Panel
            exit Work
            Work shared
            enter Idle
            shared -> true [Idle]
            enter Work
            enter Panel
            enter L2
            enter R2
            back -> true [Work Panel Left L2 Right R2]
            exit L2
            enter LDone
            finish -> true [Work Panel Left LDone Right R2]
            exit R2
            enter RDone
            exit Panel
            exit Work
            Panel completes
            enter Idle
            end -> true [Idle]
            enter Nest
            nest -> true [Nest A A1 B B1 B2]
            A1 ping
            B1 ping
            B2 ping
            enter A2
            ping -> true [Nest A A2 B B1 B2]
            B1 ping
            B2 ping
            ping -> true [Nest A A2 B B1 B2]
            unhandled back in Nest
            back -> false [Nest A A2 B B1 B2]
            successors of L1: L2 R2 Panel Idle
            """)
    }

    /// `go2` enters 81 states (the general step), `next` one in each of 39 regions (direct steps):
    /// each state is entered once, in document order, and is active afterwards.
    func testTransitionsEnteringManyOrFewStatesEnterThemAll() throws {
        let leaves = { (b: Int) in (1...40).map { $0 == b ? "B\($0)" : "A\($0)" }.joined(separator: " ") }
        try expect(
            "wide",
            """
            start [1 active] Idle
            go2 -> true [81 active] Hall \(leaves(2))
            back -> true [1 active] Idle
            go1 -> true [81 active] Hall \(leaves(1))
            next -> true [81 active] \((2...40).map { "B\($0)" }.joined(separator: " "))
            back -> true [1 active] Idle
            """)
    }

    static var parallelScenarios: [Scenario] {
        [
            Scenario(name: "parallel", machines: [(studio, .internal)], driver: studioDriver), parallelCompletionScenario,
            Scenario(name: "wide", machines: [(wideMachine(regions: 40, transitions: 2), .internal)], driver: wideDriver),
        ]
    }

    static let studio = """
        machine Studio {
            initial Work
            state Work {
                entry / log(s: "enter Work")
                exit / log(s: "exit Work")
                initial Panel
                parallel state Panel {
                    entry / log(s: "enter Panel")
                    exit / log(s: "exit Panel")
                    state Left {
                        initial L1
                        state L1 {
                            entry / log(s: "enter L1")
                            exit / log(s: "exit L1")
                            step / log(s: "L1 step") -> L2
                            clash / log(s: "L1 clash") -> L2
                            cross -> R2
                        }
                        state L2 {
                            entry / log(s: "enter L2")
                            exit / log(s: "exit L2")
                            finish -> LDone
                        }
                        final state LDone {
                            entry / log(s: "enter LDone")
                        }
                    }
                    state Right {
                        initial R1
                        state R1 {
                            entry / log(s: "enter R1")
                            exit / log(s: "exit R1")
                            step / log(s: "R1 step") -> R2
                        }
                        state R2 {
                            entry / log(s: "enter R2")
                            exit / log(s: "exit R2")
                            end -> RDone
                        }
                        final state RDone {
                            entry / log(s: "enter RDone")
                        }
                    }
                    clash / log(s: "Panel clash") -> Panel
                    / log(s: "Panel completes") -> Idle
                }
                shared [allowed] / log(s: "Work shared") -> Idle
            }
            state Idle {
                entry / log(s: "enter Idle")
                back -> deep history Panel
                nest -> Nest
            }
            parallel state Nest {
                entry / log(s: "enter Nest")
                state A {
                    initial A1
                    state A1 {
                        ping / log(s: "A1 ping") -> A2
                    }
                    state A2 {
                        entry / log(s: "enter A2")
                    }
                }
                parallel state B {
                    state B1 {
                        ping / log(s: "B1 ping")
                    }
                    state B2 {
                        ping / log(s: "B2 ping")
                    }
                }
            }
        }
        """

    static let studioDriver = """
        final class StudioOwner: StudioActions {
            let t = Transcript()
            var machine: Studio!
            var isAllowed = false
            init() { machine = Studio(actions: self) }
            func log(s: String) { t.add(s) }
            func allowed() -> Bool {
                t.add("allowed? \\(isAllowed)")
                return isAllowed
            }
            func unhandledEvent(_ event: Studio.Event, in state: Studio.StateID) { t.add("unhandled \\(event.rawValue) in \\(state.rawValue)") }
        }

        func run_parallel() -> [String] {
            let o = StudioOwner()
            let m = o.machine!
            func active() -> String { m.activeStates.map(\\.rawValue).joined(separator: " ") }
            func send(_ name: String, _ result: Bool) { o.t.add("\\(name) -> \\(result) [\\(active())]") }
            o.t.add("before start: [\\(active())]")
            m.start()
            o.t.add("isIn L1 R1 L2: \\(m.isIn(.l1)) \\(m.isIn(.r1)) \\(m.isIn(.l2))")
            o.t.add("handles step finish back: \\(m.handles(.step)) \\(m.handles(.finish)) \\(m.handles(.back))")
            send("cross", m.cross())
            send("clash", m.clash())
            send("shared", m.shared())
            o.isAllowed = true
            send("shared", m.shared())
            send("back", m.back())
            send("finish", m.finish())
            send("end", m.end())
            send("nest", m.nest())
            send("ping", m.ping())
            send("ping", m.ping())
            send("back", m.back())
            o.t.add("successors of L1: \\(Studio.successors(of: .l1).map(\\.rawValue).joined(separator: " "))")
            return o.t.lines
        }
        """

    static let wideDriver = """
        final class WideLog: WideActions {
            var entered: [String] = []
            func log(s: String) { entered.append(s) }
        }

        func run_wide() -> [String] {
            let t = Transcript()
            let a = WideLog()
            let m = Wide(actions: a)
            func send(_ name: String, _ result: Bool) {
                t.add("\\(name) -> \\(result) [\\(m.activeStates.count) active] " + a.entered.joined(separator: " "))
                a.entered = []
            }
            m.start()
            t.add("start [\\(m.activeStates.count) active] " + a.entered.joined(separator: " "))
            a.entered = []
            send("go2", m.go2())
            send("back", m.back())
            send("go1", m.go1())
            send("next", m.next())
            send("back", m.back())
            return t.lines
        }
        """
}
