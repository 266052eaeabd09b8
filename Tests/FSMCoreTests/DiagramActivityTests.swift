import FSMCore
import TestSupport
import XCTest

/// Activities (`do /`) and `catch` transitions in both diagram formats, beyond the golden
/// `activities` machine: they follow the rules of the other transitions (docs/Diagrams.md).
final class DiagramActivityTests: XCTestCase {
    static let source = """
        machine M {
            initial Outer
            state Outer {
                initial Inner
                do / watch
                catch / log(error) -> Inner
                state Inner {
                    do / work(tries: 3)
                    catch -> pop
                    catch -> Help
                    go -> push Help
                }
            }
            state Help { back -> pop }
        }
        """

    /// The activity is a line of its state under entry and exit; a `catch` to a state inside its
    /// source is a line of the source, like any such transition; a `catch -> pop` is drawn to the
    /// pop pseudostate.
    func testFullDetail() throws {
        let model = try XCTUnwrap(model(Self.source))
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertTrue(mermaid.contains("Inner : do / work(tries#58; 3)"), mermaid)
        XCTAssertTrue(mermaid.contains("        do / watch\n        catch / log(error) → Inner\n"), mermaid)
        XCTAssertTrue(mermaid.contains("Inner --> Help : catch"), mermaid)
        XCTAssertTrue(mermaid.contains("Inner --> "), mermaid)
        let dot = DOTEmitter.emit(model)
        XCTAssertTrue(dot.contains("do / work(tries: 3)<BR ALIGN=\"LEFT\"/>"), dot)
        XCTAssertTrue(dot.contains("\"Inner\" -> \"Help\" [label=\"catch\"]"), dot)
    }

    /// An overview has no activities and no internal lines; the drawn `catch`es are labelled `catch`.
    func testOverview() throws {
        let model = try XCTUnwrap(model(Self.source))
        let mermaid = MermaidEmitter.emit(model, detail: .overview)
        XCTAssertFalse(mermaid.contains("do /"), mermaid)
        XCTAssertFalse(mermaid.contains("log(error)"), mermaid)
        XCTAssertTrue(mermaid.contains("Inner --> Help : catch"), mermaid)
    }
}
