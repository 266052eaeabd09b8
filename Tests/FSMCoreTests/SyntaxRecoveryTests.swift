import FSMCore
import XCTest

/// After a syntax error inside a transition, the rest of the transition is still read, so the
/// errors in it are reported in the same run (docs/Diagnostics.md, unexpected-token).
final class SyntaxRecoveryTests: XCTestCase {
    private static let guardError =
        "guards cannot compare or compute values: a guard is a call such as 'isPositive(count)', combined with '!', '&&' and '||'"

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
}
