import FSMCore
import TestSupport
import XCTest

/// Spelling warnings: declared events no transition uses, undeclared events spelt like another
/// (misspelt-event), types spelt like a standard type in other case.
extension SemanticsTests {
    // MARK: - Warnings: unused-event

    func testUnusedEvent() {
        let source = """
            machine M {
                event go
                event stop(reason: String)
                initial A
                state A {
                    go -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:3:11: warning: event 'stop' is declared but no transition uses it
                event stop(reason: String)
                      ^~~~

            """)
    }

    // MARK: - Warnings: misspelt-event

    /// An event declared nowhere, spelt like a declared event that no transition uses: a warning at
    /// each use, with the declaration in a note, instead of that event's unused-event. A declared
    /// event that is used is not suggested, and an unused one spelt like none keeps its warning.
    func testMisspeltEventWithoutParametersIsWarnedAtEachUse() {
        let source = """
            machine Door {
                event unlock(code: String)
                event lock
                event knock
                initial Locked
                state Locked { unlok -> Closed }
                state Closed {
                    lock -> Locked
                    lok -> Closed
                    unlok -> Closed
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:4:11: warning: event 'knock' is declared but no transition uses it
                event knock
                      ^~~~~
            test.fsm:6:20: warning: event 'unlok' is not declared; did you mean 'unlock'?
                state Locked { unlok -> Closed }
                               ^~~~~
                               unlock
            test.fsm:2:11: note: 'unlock' is declared here, and no transition uses it
                event unlock(code: String)
                      ^~~~~~
            test.fsm:10:9: warning: event 'unlok' is not declared; did you mean 'unlock'?
                    unlok -> Closed
                    ^~~~~
                    unlock
            test.fsm:2:11: note: 'unlock' is declared here, and no transition uses it
                event unlock(code: String)
                      ^~~~~~

            """)
    }

    /// The undeclared events are compared with the unused ones up to a bound (50,000 pairs), so a
    /// machine with thousands of both stays fast: here the 101st of 500 unused events is not.
    func testMisspeltEventComparisonsAreBounded() {
        let declared = (0..<500).map { "    event dd\(String(format: "%03d", $0))" }
        let others = (0..<99).map { "        x\(String(format: "%02d", $0)) -> S" }
        let source =
            (["machine M {"] + declared + ["    initial S", "    state S {"] + others
            + ["        dd00 -> S", "        d001 -> S", "    }", "}"]).joined(separator: "\n")
        let diagnostics = Compilation(path: "test.fsm", text: source).diagnostics
        XCTAssertEqual(
            diagnostics.filter { $0.id == .misspeltEvent }.map(\.message), ["event 'dd00' is not declared; did you mean 'dd000'?"]
        )
        XCTAssertEqual(diagnostics.filter { $0.id == .unusedEvent }.count, 499)
    }

    /// The user walkthrough: `leave` in one state, `leeve` in another, neither declared. The later
    /// one, used by one transition like the earlier, is taken for the typo, with a fix-it.
    func testMisspeltEventSpeltLikeAnEventUsedAsOften() {
        let source = """
            machine Call {
                initial Ringing
                state Ringing {
                    answer -> Talking
                    leave -> Ended
                }
                state Talking { leeve / hangUp -> Ended }
                final state Ended
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:7:21: warning: event 'leeve' is not declared; did you mean 'leave'?
                state Talking { leeve / hangUp -> Ended }
                                ^~~~~
                                leave
            test.fsm:5:9: note: 'leave' is used here
                    leave -> Ended
                    ^~~~~

            """)
        let fixIts = Compilation(path: "test.fsm", text: source).diagnostics.flatMap(\.fixIts)
        XCTAssertEqual(fixIts.map(\.replacement), ["leave"])
    }

    /// An event used once, one swap or replacement from one used more, or declared: the most used
    /// is suggested, and the note is at its first use, or its declaration.
    func testMisspeltEventSpeltLikeAMoreUsedOrDeclaredEvent() {
        let source = """
            machine Call {
                event hangUp
                initial Talking
                state Talking {
                    toggleCamera -> Talking
                    toggleCamara -> Talking
                    mute -> Muted
                    hnagUp -> Ended
                }
                state Muted { toggleCamera -> Muted; hangUp -> Ended }
                final state Ended
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:6:9: warning: event 'toggleCamara' is not declared; did you mean 'toggleCamera'?
                    toggleCamara -> Talking
                    ^~~~~~~~~~~~
                    toggleCamera
            test.fsm:5:9: note: 'toggleCamera' is used by 2 transitions, the first here
                    toggleCamera -> Talking
                    ^~~~~~~~~~~~
            test.fsm:8:9: warning: event 'hnagUp' is not declared; did you mean 'hangUp'?
                    hnagUp -> Ended
                    ^~~~~~
                    hangUp
            test.fsm:2:11: note: 'hangUp' is declared here
                event hangUp
                      ^~~~~~

            """)
    }

    /// A machine whose states form a ring, each left on one of `events` in turn, so each event is
    /// used by one transition per occurrence in `events` and nothing else is reported.
    private func ring(_ events: [String]) -> String {
        let states = events.indices.map { "    state S\($0) { \(events[$0]) -> S\(($0 + 1) % events.count) }" }
        return (["machine M {", "    initial S0"] + states + ["}"]).joined(separator: "\n")
    }

    /// Pairs of events that may well both be meant are not reported: names under 5 characters
    /// (`tick`, `tock`; `open`, `opens`), a difference at the first character (`mount`, `count`) or
    /// in a digit (`floor1`, `floor2`), a difference of more than one edit (`pause`, `paused2`),
    /// two events each used more than once (`lower`, `lowers`). Only `elevated`, used once, one
    /// letter from `elevate`, used twice, is reported, and declaring it with `event` silences that.
    func testMisspeltEventLeavesPlausiblePairsAlone() {
        let events = [
            "tick", "tick", "tock", "open", "open", "opens", "mount", "mount", "count", "floor1", "floor1", "floor2",
            "pause", "paused2", "lower", "lower", "lowers", "lowers", "elevate", "elevate", "elevated",
        ]
        assertDiagnostics(
            ring(events),
            "test.fsm:23:17: warning: event 'elevated' is not declared; did you mean 'elevate'?\n" + """
                    state S20 { elevated -> S0 }
                                ^~~~~~~~
                                elevate
                test.fsm:21:17: note: 'elevate' is used by 2 transitions, the first here
                    state S18 { elevate -> S19 }
                                ^~~~~~~

                """)
        let declared = ring(events).replacingOccurrences(of: "machine M {", with: "machine M {\n    event elevated")
        assertDiagnostics(declared, "")
    }

    /// Only the later of two events used once each, one edit apart, is reported (not both); an
    /// inserted or deleted character counts, and one used by more transitions is suggested though
    /// used later.
    func testMisspeltEventReportsOneOfTwoEventsUsedOnce() {
        XCTAssertEqual(
            Compilation(path: "test.fsm", text: ring(["pause", "paused", "resme", "resume", "resume"])).diagnostics
                .map(\.message),
            [
                "event 'paused' is not declared; did you mean 'pause'?",
                "event 'resme' is not declared; did you mean 'resume'?",
            ])
    }

    /// The candidates are compared with the used events up to the same bound as the unused ones
    /// (50,000 pairs): with 600 events used, the first 83 of the 300 used once are compared (83 × 600 pairs), not the rest.
    func testMisspeltEventsSpeltLikeUsedOnesAreBounded() {
        let twice = (0..<300).flatMap { ["ev\(String(format: "%03d", $0))x", "ev\(String(format: "%03d", $0))x"] }
        let once = (0..<300).map { "ev\(String(format: "%03d", $0))y" }
        let diagnostics = Compilation(path: "test.fsm", text: ring(twice + once)).diagnostics
        XCTAssertEqual(diagnostics.filter { $0.id == .misspeltEvent }.count, 83)
        XCTAssertEqual(diagnostics.count, 83)
    }

    // MARK: - Warnings: miscased-standard-type

    /// A parameter type spelt like a standard type in other case, alone or inside another type:
    /// a warning at the name with the standard type as fix-it. A qualified name and a type of
    /// another name are not reported.
    func testMiscasedStandardType() {
        let source = """
            machine Net {
                event networkRestored(quality: int)
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                initial Offline
                state Offline { networkRestored -> Online }
                state Online { joined -> Offline }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:2:36: warning: type 'int' is not a Swift standard type; did you mean 'Int'?
                event networkRestored(quality: int)
                                               ^~~
                                               Int
            test.fsm:3:26: warning: type 'string' is not a Swift standard type; did you mean 'String'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                     ^~~~~~
                                     String
            test.fsm:3:42: warning: type 'double' is not a Swift standard type; did you mean 'Double'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                                     ^~~~~~
                                                     Double
            test.fsm:3:61: warning: type 'Uint' is not a Swift standard type; did you mean 'UInt'?
                event joined(names: [string], speed: double?, tags: Set<Uint>, id: MyModule.int, note: Note)
                                                                        ^~~~
                                                                        UInt

            """)
        let fixIts = Compilation(path: "test.fsm", text: source).diagnostics.flatMap(\.fixIts)
        XCTAssertEqual(fixIts.map(\.replacement), ["Int", "String", "Double", "UInt"])
    }
}
