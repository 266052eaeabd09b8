import FSMCore
import TestSupport
import XCTest

/// After a syntax error inside a transition, the rest of the transition is still read, so the
/// errors in it are reported in the same run (docs/Diagnostics.md, unexpected-token).
final class SyntaxRecoveryTests: XCTestCase {
    private static let guardError =
        "guards cannot compare or compute values: a guard is a call such as 'isPositive(count)', combined with '!', '&&' and '||'"
    private static let argumentError =
        "expected ',' or ')' after an argument; arguments cannot compare or compute values: an argument is an event parameter or a literal, such as 'count', 'n: count' or 'n: 1'"

    /// A guard that compares or computes values is one error; the transition goes on after its `]`,
    /// so its target and effects are checked, and it counts as guarded: the transitions after it are
    /// not reported as never firing, while one after an unguarded transition still is.
    func testTheTargetAndEffectsAfterAComparisonInAGuardAreChecked() {
        let source = """
            machine M {
                event go(count: Int)
                initial A
                state A {
                    go [count > 0] -> Nowhere
                    go [isBig(count) && (count + 1 > 2)] / log(level) -> B
                    go [isSmall(count)] -> B
                    go -> B
                    go [count == 1] -> B
                }
                state B { back -> A; [count > 0] / reset -> Elsewhere }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:5:19: error: expected '&&', '||' or ']' after a guard; \(Self.guardError)
                    go [count > 0] -> Nowhere
                              ^
            test.fsm:5:27: error: cannot find state 'Nowhere' in machine
                    go [count > 0] -> Nowhere
                                      ^~~~~~~
            test.fsm:6:36: error: expected '&&', '||' or ')' after a guard; \(Self.guardError)
                    go [isBig(count) && (count + 1 > 2)] / log(level) -> B
                                               ^
            test.fsm:6:52: error: event 'go' has no parameter 'level'
                    go [isBig(count) && (count + 1 > 2)] / log(level) -> B
                                                               ^~~~~
            test.fsm:2:11: note: 'go' declared here
                event go(count: Int)
                      ^~
            test.fsm:9:9: error: this 'go' transition can never fire
                    go [count == 1] -> B
                    ^~~~~~~~~~~~~~~~~~~~
            test.fsm:8:9: note: this transition has no guard and always fires first
                    go -> B
                    ^~~~~~~
            test.fsm:9:19: error: expected '&&', '||' or ']' after a guard; \(Self.guardError)
                    go [count == 1] -> B
                              ^~
            test.fsm:11:33: error: expected '&&', '||' or ']' after a guard; \(Self.guardError)
                state B { back -> A; [count > 0] / reset -> Elsewhere }
                                            ^
            test.fsm:11:49: error: cannot find state 'Elsewhere' in machine
                state B { back -> A; [count > 0] / reset -> Elsewhere }
                                                            ^~~~~~~~~

            """)
    }

    /// A comparison or arithmetic operator after an argument is one error at the operator, saying
    /// what an argument is, instead of the lexer's "invalid character" (and the lexer's errors
    /// about the operators after it go). An action call with it is left out and the actions after
    /// it, the guard's transition and the transition's target are still read and checked, also
    /// when the argument list is wrapped onto the next line.
    func testArithmeticInAnArgumentIsOneErrorAndTheRestOfTheMemberIsChecked() {
        let source = """
            machine Counter {
                event add(count: Int)
                initial Idle
                state Idle {
                    entry / reset(to: 0 - 1), show(text: count)
                    add [fits(count * 2) || isEmpty] / store(total: count + 1), log(level) -> Nowhere
                    add [isSmall(count)] / store(total: count -1,
                                                 of: count) -> Idel
                    add / store(total: 1 >= count) -> Busy
                }
                state Busy { done -> Idle }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:5:29: error: \(Self.argumentError)
                    entry / reset(to: 0 - 1), show(text: count)
                                        ^
            test.fsm:5:46: error: entry and exit activities cannot use event parameters ('count'); pass a literal, as in 'label: 3'
                    entry / reset(to: 0 - 1), show(text: count)
                                                         ^~~~~
            test.fsm:6:25: error: \(Self.argumentError)
                    add [fits(count * 2) || isEmpty] / store(total: count + 1), log(level) -> Nowhere
                                    ^
            test.fsm:6:63: error: \(Self.argumentError)
                    add [fits(count * 2) || isEmpty] / store(total: count + 1), log(level) -> Nowhere
                                                                          ^
            test.fsm:6:73: error: event 'add' has no parameter 'level'
                    add [fits(count * 2) || isEmpty] / store(total: count + 1), log(level) -> Nowhere
                                                                                    ^~~~~
            test.fsm:2:11: note: 'add' declared here
                event add(count: Int)
                      ^~~
            test.fsm:6:83: error: cannot find state 'Nowhere' in machine
                    add [fits(count * 2) || isEmpty] / store(total: count + 1), log(level) -> Nowhere
                                                                                              ^~~~~~~
            test.fsm:7:51: error: \(Self.argumentError)
                    add [isSmall(count)] / store(total: count -1,
                                                              ^
            test.fsm:8:52: error: cannot find state 'Idel' in machine; did you mean 'Idle'?
                                                 of: count) -> Idel
                                                               ^~~~
                                                               Idle
            test.fsm:9:30: error: \(Self.argumentError)
                    add / store(total: 1 >= count) -> Busy
                                         ^~

            """)
    }

    /// Guards and argument lists may be wrapped: the skipping goes on to the next line, through the
    /// `]` or `)`. When there is none, only the line of the error is skipped, and the next lines
    /// are read as they are.
    func testSkippingAfterAnOperatorCrossesLinesOnlyToTheClosingBracket() {
        let source = """
            machine M {
                event go(count: Int)
                initial A
                state A {
                    go [isBig(count) &&
                        count > 9] -> Nowher
                    go [count > 0 && isOk(count)
                    go / log(count + 1
                    stop -> Later
                }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:6:19: error: expected '&&', '||' or ']' after a guard; \(Self.guardError)
                        count > 9] -> Nowher
                              ^
            test.fsm:6:27: error: cannot find state 'Nowher' in machine
                        count > 9] -> Nowher
                                      ^~~~~~
            test.fsm:7:19: error: expected '&&', '||' or ']' after a guard; \(Self.guardError)
                    go [count > 0 && isOk(count)
                              ^
            test.fsm:8:24: error: \(Self.argumentError)
                    go / log(count + 1
                                   ^
            test.fsm:9:17: error: cannot find state 'Later' in machine
                    stop -> Later
                            ^~~~~

            """)
    }

    /// A syntax error in an event's parameter list is the only error: the event is still declared,
    /// and its uses passing a parameter its declaration does not (yet) have are not reported.
    func testAMissingColonInAParameterListIsOneError() {
        let source = """
            machine Net {
                event networkRestored(quality Int)
                initial Offline
                state Offline { networkRestored / reconnect(quality) -> Online }
                state Online { networkRestored [isGood(quality)] / adjust(q: quality) -> Online }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:35: error: expected ':' and a type after parameter 'quality'
                event networkRestored(quality Int)
                                              ^~~

            """)
    }

    /// Without its `)`, a parameter list keeps the parameters read, so passing them is no error;
    /// the parameters of the other events are checked as usual.
    func testAnUnclosedParameterListKeepsItsParameters() {
        let source = """
            machine Room {
                event join(roomID: String, withVideo: Bool
                initial Lobby
                state Lobby { join / enter(roomID, withVideo) -> InRoom }
                state InRoom { join / enter(roomID, withVideo) -> InRoom; leave / log(reason) -> Lobby }
            }
            """
        XCTAssertEqual(
            diagnosticsText(source),
            """
            test.fsm:2:47: error: expected ')' to end the parameter list
                event join(roomID: String, withVideo: Bool
                                                          ^
            test.fsm:2:15: note: to match this opening '('
                event join(roomID: String, withVideo: Bool
                          ^
            test.fsm:5:75: error: event 'leave' has no parameter 'reason' (declare it with 'event leave(reason: Type)')
                state InRoom { join / enter(roomID, withVideo) -> InRoom; leave / log(reason) -> Lobby }
                                                                                      ^~~~~~

            """)
    }
}
