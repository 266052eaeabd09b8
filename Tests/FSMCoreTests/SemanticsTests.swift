import FSMCore
import TestSupport
import XCTest

/// Semantic analysis: one test per check of docs/Diagnostics.md, each with a minimal input and the
/// exact text a user sees, in one file per area (SemanticsTests+States, +Names, +Transitions,
/// +Calls, +Reachability, +Spelling); here, whole machines; the resolved model in +Model.
final class SemanticsTests: XCTestCase {
    static let securitySystem = """
        // The security system from the State-pattern case study.
        machine SecuritySystem {
            event disarm(code: String)
            event reset(code: String)

            initial Disarmed

            state Disarmed {
                entry / announceDisarmed
                arm -> Armed
                panic -> SilentAlarm
            }

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

    func testSecuritySystemIsClean() {
        assertDiagnostics(Self.securitySystem, "")
        XCTAssertNotNil(model(Self.securitySystem))
    }

    func testManyProblemsAreAllReportedInSourceOrder() {
        let source = """
            machine M {
                event go
                event go
                initial A
                state A {
                    go -> Armd
                    go -> B
                }
                state A
                state B {
                    go / log(x) -> A
                }
            }
            """
        assertDiagnostics(
            source,
            """
            test.fsm:3:11: error: invalid redeclaration of event 'go'
                event go
                      ^~
            test.fsm:2:11: note: 'go' previously declared here
                event go
                      ^~
            test.fsm:6:15: error: cannot find state 'Armd' in machine
                    go -> Armd
                          ^~~~
            test.fsm:7:9: error: this 'go' transition can never fire
                    go -> B
                    ^~~~~~~
            test.fsm:6:9: note: this transition has no guard and always fires first
                    go -> Armd
                    ^~~~~~~~~~
            test.fsm:9:11: error: invalid redeclaration of state 'A'; state names are unique in the whole machine
                state A
                      ^
            test.fsm:5:11: note: 'A' previously declared here
                state A {
                      ^
            test.fsm:11:18: error: event 'go' has no parameter 'x'
                    go / log(x) -> A
                             ^
            test.fsm:2:11: note: 'go' declared here
                event go
                      ^~

            """)
        XCTAssertEqual(
            diagnosticIDs(source),
            ["duplicate-event", "unknown-state", "transition-never-fires", "duplicate-state", "unknown-parameter"])
    }

    func testManyWarningsAreAllReportedInSourceOrder() {
        let source = """
            machine M {
                event unused
                initial A
                state A {
                    go -> B
                }
                state B {
                    back -> pop
                }
                state C {
                    go -> A
                }
                state D
            }
            """
        XCTAssertEqual(diagnosticIDs(source), ["unused-event", "pop-without-push", "unreachable-state", "unreachable-state"])
    }

    func testErrorsInStatesAndTransitionsAcrossTheFileAreAllReported() {
        let source = """
            machine M {
                initial Nowhere
                state A {
                    go -> Missing
                    go [ok] / ok -> A
                }
                final state Done {
                    go -> A
                }
            }
            """
        XCTAssertEqual(
            diagnosticIDs(source),
            ["unknown-state", "unknown-state", "transition-never-fires", "guard-used-as-action", "final-state-body"])
    }
}

/// Asserts that `source`, compiled as `test.fsm`, reports exactly `expected`, as fsmc prints it
/// without colour ("" for nothing at all); on failure the message shows the source too.
func assertDiagnostics(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(diagnosticsText(source), expected, "for the source:\n\(source)", file: file, line: line)
}
