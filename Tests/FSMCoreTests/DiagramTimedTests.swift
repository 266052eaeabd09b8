import FSMCore
import TestSupport
import XCTest

/// Timed transitions (`after`, `every`) and `raise` in both diagram formats, beyond the golden
/// `timed` machine: they follow the rules of the other transitions (docs/Diagrams.md).
final class DiagramTimedTests: XCTestCase {
    static let source = """
        machine M {
            event go(code: Int)
            event stop(code: Int)
            initial Outer
            state Outer {
                after 5s -> Inner
                initial Inner
                state Inner {
                    go / raise stop(code: code)
                    help -> push Help
                    every 1s [busy] / poll
                }
                stop -> Done
            }
            state Help {
                after 3s -> pop
            }
            final state Done
        }
        """

    /// A timed transition from a composite to its own contents is a line of the composite, with
    /// its target; an `every` and a `raise` are lines of the state; a timed pop ends at the
    /// machine's `H*`, which is drawn for it.
    func testTimedTransitionsAreListedAndDrawnAsTransitionsAre() throws {
        let model = try XCTUnwrap(model(Self.source))
        let dot = DOTEmitter.emit(model)
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertTrue(
            dot.contains(
                "<B>Outer</B></TD></TR><HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"><FONT POINT-SIZE=\"10\">after(5s) → Inner<BR"),
            dot)
        XCTAssertTrue(dot.contains("go / raise stop(code)<BR ALIGN=\"LEFT\"/>every(1s) [busy] / poll<BR"), dot)
        XCTAssertTrue(dot.contains("\"[pop]\" [shape=circle, label=\"H*\""), dot)
        XCTAssertTrue(dot.contains("\"Help\" -> \"[pop]\" [label=\"«pop» after(3s)\", style=dashed]"), dot)
        XCTAssertTrue(mermaid.contains("note right of Outer\n        after(5s) → Inner\n"), mermaid)
        XCTAssertTrue(mermaid.contains("Inner : go / raise stop(code)\n        Inner : every(1s) [busy] / poll\n"), mermaid)
        XCTAssertTrue(mermaid.contains("state \"H*\" as history\n"), mermaid)
        XCTAssertTrue(mermaid.contains("Help --> history : «pop» after(3s)\n"), mermaid)
    }

    /// An overview keeps the time event of a timed transition with a target, and leaves out the
    /// internal ones (`every`), as it does internal transitions, and every effect (`raise`).
    func testOverviewShowsOnlyTheTimeEvent() throws {
        let model = try XCTUnwrap(model(Self.source))
        for overview in [DOTEmitter.emit(model, detail: .overview), MermaidEmitter.emit(model, detail: .overview)] {
            XCTAssertTrue(overview.contains("after(5s) → Inner"), overview)
            XCTAssertTrue(overview.contains("«pop» after(3s)"), overview)
            XCTAssertFalse(overview.contains("every"), overview)
            XCTAssertFalse(overview.contains("raise"), overview)
        }
    }
}
