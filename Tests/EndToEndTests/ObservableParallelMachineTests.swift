import Foundation
import XCTest

/// `fsmc generate --observable` for a machine with parallel states: observers of `activeStates`,
/// `isIn`, `isFinished` and `handles` are told when a step changes the configuration (in any region),
/// once per step, and not when an event leaves every region as it was.
final class ObservableParallelMachineTests: XCTestCase {
    static let desk = """
        machine Desk {
            initial Working

            parallel state Working {
                state Screen {
                    initial Dark
                    state Dark {
                        toggle -> Lit
                    }
                    state Lit {
                        tick / note
                        refresh -> Lit
                        toggle -> Dark
                        done -> ScreenDone
                    }
                    final state ScreenDone
                }

                state Music {
                    initial Silent
                    state Silent {
                        toggle -> Loud
                        play -> Loud
                    }
                    state Loud {
                        mute -> Silent
                        done -> MusicDone
                    }
                    final state MusicDone
                }

                -> Away
            }

            final state Away
        }
        """

    /// Before each step, one observer per reader, and a counter of the changes: an observer of
    /// `activeStates` that observes again each time it is told. The step's line lists the readers
    /// told and the number of changes.
    static let driver = """
        import Observation

        final class Hooks: DeskActions {
            func note() {}
        }

        // Told from observation's onChange, which may run anywhere: nonisolated even in a MainActor module.
        nonisolated final class Heard: @unchecked Sendable {
            var readers: [String] = []
            var changes = 0
        }

        let hooks = Hooks()
        let desk = Desk(actions: hooks)
        let readers: [(String, () -> Void)] = [
            ("activeStates", { _ = desk.activeStates }),
            ("isFinished", { _ = desk.isFinished }),
            ("isIn", { _ = desk.isIn(.music) }),
            ("handles", { _ = desk.handles(.mute) }),
        ]

        // Each change is reported on this thread, while the machine runs.
        @MainActor func count(into heard: Heard) {
            withObservationTracking({ _ = desk.activeStates }) {
                heard.changes += 1
                MainActor.assumeIsolated { count(into: heard) }
            }
        }

        @MainActor func step(_ name: String, _ send: () -> Void) {
            let heard = Heard()
            for (reader, read) in readers {
                withObservationTracking(read) { heard.readers.append(reader) }
            }
            let counter = Heard()
            count(into: counter)
            send()
            let told = heard.readers.isEmpty ? "nobody" : readers.map(\\.0).filter(heard.readers.contains).joined(separator: " ")
            print("\\(name): \\(told); \\(counter.changes); \\(desk.activeStates.map(\\.rawValue).joined(separator: "."))")
        }

        step("start") { desk.start() }
        step("tick (unhandled)") { desk.tick() }
        step("toggle (both regions)") { desk.toggle() }
        step("tick (internal, Screen)") { desk.tick() }
        step("refresh (Lit to Lit)") { desk.refresh() }
        step("mute (Music)") { desk.mute() }
        step("play (Music)") { desk.play() }
        step("done (both regions, then Working completes)") { desk.done() }
        step("toggle (finished)") { desk.toggle() }
        """

    func testObserversHearOfEachStepThatChangesARegion() throws {
        let everyone = "activeStates isFinished isIn handles"
        let expected = """
            start: nobody; 0; Working.Screen.Dark.Music.Silent
            tick (unhandled): nobody; 0; Working.Screen.Dark.Music.Silent
            toggle (both regions): \(everyone); 1; Working.Screen.Lit.Music.Loud
            tick (internal, Screen): nobody; 0; Working.Screen.Lit.Music.Loud
            refresh (Lit to Lit): nobody; 0; Working.Screen.Lit.Music.Loud
            mute (Music): \(everyone); 1; Working.Screen.Lit.Music.Silent
            play (Music): \(everyone); 1; Working.Screen.Lit.Music.Loud
            done (both regions, then Working completes): \(everyone); 2; Away
            toggle (finished): nobody; 0; Away

            """
        try ObservableMachineTests.expectOutput(expected, of: Self.desk, named: "Desk", driver: Self.driver, in: self)
    }
}
