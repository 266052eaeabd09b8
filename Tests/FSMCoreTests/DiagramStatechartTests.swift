import TestSupport
import XCTest

@testable import FSMCore

/// The version-2 elements of both diagram formats: completion transitions labelled only
/// `[guard] / effects`, final states inside their composite, and history pseudostates inside their
/// state, which history transitions (and an `initial history`) point at.
final class DiagramStatechartTests: XCTestCase {
    func testCompletionTransitionsAreLabelledOnlyByGuardAndEffects() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial A
                    state A { [ok] -> B }
                    state B { / log -> C }
                    state C { [ok] / count(n: 1) -> D }
                    state D { -> E }
                    state E {
                        initial F
                        state F { go -> G }
                        state G { -> E }
                    }
                }
                """))
        let dot = DOTEmitter.emit(model)
        XCTAssertTrue(dot.contains("\"A\" -> \"B\" [label=\"[ok]\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"B\" -> \"C\" [label=\"/ log\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"C\" -> \"D\" [label=\"[ok] / count(n: 1)\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"D\" -> \"[*] E\" [lhead=\"cluster E\"]\n"), dot)
        XCTAssertTrue(dot.contains(">→ E<BR"), "a listed completion transition is its target alone:\n\(dot)")
        XCTAssertFalse(dot.contains("[H"), "no history pseudostate without history:\n\(dot)")
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertTrue(mermaid.contains("A --> B : [ok]\n"), mermaid)
        XCTAssertTrue(mermaid.contains("B --> C : / log\n"), mermaid)
        XCTAssertTrue(mermaid.contains("C --> D : [ok] / count(n#58; 1)\n"), mermaid)
        XCTAssertTrue(mermaid.contains("D --> E\n"), mermaid)
        XCTAssertTrue(mermaid.contains("G : → E\n"), mermaid)

        let overview = DOTEmitter.emit(model, detail: .overview)
        XCTAssertFalse(overview.contains("label=\"["), overview)
        XCTAssertTrue(overview.contains("\"A\" -> \"B\"\n"), overview)
        XCTAssertTrue(MermaidEmitter.emit(model, detail: .overview).contains("    C --> D\n"))
    }

    /// A long effect list of a completion transition stays on one line: there is no event and guard
    /// to put before it.
    func testALongCompletionLabelHasNoEmptyFirstLine() throws {
        let model = try XCTUnwrap(
            model("machine M {\n initial A\n state A { / notifyWarehouse(priority: 1), printLabel -> B }\n state B {}\n}\n"))
        XCTAssertTrue(
            DOTEmitter.emit(model).contains("[label=\"/ notifyWarehouse(priority: 1), printLabel\"]"), DOTEmitter.emit(model))
    }

    func testAFinalStateInsideACompositeIsDrawnInsideIt() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial C
                    state C {
                        -> Out
                        initial A
                        state A { go -> Done }
                        final state Done
                    }
                    final state Out
                }
                """))
        let cluster = try XCTUnwrap(block(opening: "subgraph \"cluster C\" {", in: DOTEmitter.emit(model)))
        XCTAssertTrue(
            cluster.contains { $0.hasPrefix("\"Done\" [shape=plain, label=<<TABLE") && $0.contains("&#9673;") }, "\(cluster)")
        let composite = try XCTUnwrap(block(opening: "state C {", in: MermaidEmitter.emit(model)))
        XCTAssertTrue(composite.contains("Done --> [*]"), "\(composite)")
        XCTAssertFalse(composite.contains("Out --> [*]"), "\(composite)")
    }

    /// History pseudostates are drawn inside their state; a history transition from inside the
    /// state is drawn there, one declared in the state itself is listed; a transition to the state
    /// itself still ends at its border.
    func testHistoryTransitionsPointAtPseudostatesInsideTheirState() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial Off
                    state Off { on -> history P\n dive -> deep history P\n plain -> P }
                    state P {
                        again -> history P
                        initial Q
                        state Q {
                            initial A
                            state A { reload -> deep history P }
                        }
                    }
                    state history_P {}
                    state Outer {
                        inner -> history Inner
                        initial Inner
                        state Inner { initial I\n state I {} }
                    }
                }
                """))
        let dot = DOTEmitter.emit(model)
        let cluster = try XCTUnwrap(block(opening: "subgraph \"cluster P\" {", in: dot))
        XCTAssertTrue(cluster.contains { $0.hasPrefix("\"[H] P\" [shape=circle, label=\"H\"") }, "\(cluster)")
        XCTAssertTrue(cluster.contains { $0.hasPrefix("\"[H*] P\" [shape=circle, label=\"H*\"") }, "\(cluster)")
        XCTAssertTrue(dot.contains("\"Off\" -> \"[H] P\" [label=\"on\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"Off\" -> \"[H*] P\" [label=\"dive\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"Off\" -> \"[*] P\" [label=\"plain\", lhead=\"cluster P\"]\n"), dot)
        XCTAssertTrue(dot.contains("\"A\" -> \"[H*] P\" [label=\"reload\"]\n"), dot)
        XCTAssertTrue(dot.contains(">again → history P<BR"), dot)
        XCTAssertFalse(dot.contains("[label=\"again\""), dot)
        XCTAssertTrue(dot.contains(">inner → history Inner<BR"), "from a composite containing the state: listed\n\(dot)")
        XCTAssertFalse(dot.contains("[label=\"inner\""), dot)
        XCTAssertFalse(dot.contains("\"[H*] Inner\""), "only the kinds used are drawn:\n\(dot)")

        let mermaid = MermaidEmitter.emit(model)
        let composite = try XCTUnwrap(block(opening: "state P {", in: mermaid))
        // A state named like the pseudostate's id keeps its name; the pseudostate takes another id.
        XCTAssertTrue(composite.contains("state \"H\" as history_P_"), "\(composite)")
        XCTAssertTrue(composite.contains("state \"H*\" as deepHistory_P"), "\(composite)")
        XCTAssertTrue(mermaid.contains("\n    A --> deepHistory_P : reload\n"), "A lies in Q, not directly in P:\n\(mermaid)")
        XCTAssertTrue(mermaid.contains("\n    Off --> history_P_ : on\n"), mermaid)
        XCTAssertTrue(mermaid.contains("\n    Off --> P : plain\n"), mermaid)
        XCTAssertTrue(mermaid.contains("\n    history_P\n"), mermaid)
        XCTAssertTrue(mermaid.contains("again → history P"), mermaid)
    }

    /// `initial history X`: the initial pseudostate points at the history pseudostate of that
    /// kind, and only that one leads on to X (UML's default history transition).
    func testInitialHistoryGoesThroughTheHistoryPseudostate() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial Off
                    state Off { on -> S\n back -> history S }
                    state S {
                        off -> Off
                        initial deep history X
                        state X { initial Y\n state Y {} }
                    }
                }
                """))
        let dot = DOTEmitter.emit(model)
        let cluster = try XCTUnwrap(block(opening: "subgraph \"cluster S\" {", in: dot))
        XCTAssertTrue(cluster.contains("\"[*] S\" -> \"[H*] S\""), "\(cluster)")
        XCTAssertTrue(cluster.contains("\"[H*] S\" -> \"[*] X\" [lhead=\"cluster X\"]"), "\(cluster)")
        XCTAssertFalse(cluster.contains { $0.hasPrefix("\"[H] S\" ->") }, "\(cluster)")
        XCTAssertFalse(cluster.contains("\"[*] S\" -> \"[*] X\" [lhead=\"cluster X\"]"), "\(cluster)")

        let composite = try XCTUnwrap(block(opening: "state S {", in: MermaidEmitter.emit(model)))
        XCTAssertEqual(composite.first, "[*] --> deepHistory_S")
        XCTAssertTrue(composite.contains("deepHistory_S --> X"), "\(composite)")
        XCTAssertTrue(composite.contains("state \"H\" as history_S"), "\(composite)")
        XCTAssertFalse(composite.contains { $0.hasPrefix("history_S -->") }, "\(composite)")
    }

    /// The machine is never exited: a top-level `initial history X` (a warning) is drawn as `initial X`.
    func testTopLevelInitialHistoryIsAPlainInitialState() throws {
        let model = try XCTUnwrap(model("machine M {\n initial history A\n state A { go -> B }\n state B {}\n}\n"))
        XCTAssertTrue(DOTEmitter.emit(model).contains("\n    \"[*]\" -> \"A\"\n"))
        XCTAssertFalse(DOTEmitter.emit(model).contains("[H"))
        XCTAssertTrue(MermaidEmitter.emit(model).contains("\n    [*] --> A\n"))
        XCTAssertFalse(MermaidEmitter.emit(model).contains("\"H\""))
    }

    /// DOT escaping replaces characters, not bytes: ASCII text takes a byte-by-byte path, other
    /// text keeps a CR LF pair or a quote carrying a combining mark (one character each) as written.
    func testDOTEscapingWorksOnCharacters() {
        XCTAssertEqual(quoted(#"say "hi" \ now"#), #""say \"hi\" \\ now""#)
        XCTAssertEqual(quoted("a\nb\rc"), #""a\nb\rc""#)
        XCTAssertEqual(quoted("a\r\nb \"é"), "\"a\r\nb \\\"é\"")
        XCTAssertEqual(quoted("q\"\u{301}"), "\"q\"\u{301}\"")
        XCTAssertEqual(html(#"a < b && c > "d" 'e'"#), "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;")
        XCTAssertEqual(html("é & \"\u{301}"), "é &amp; \"\u{301}")
        XCTAssertEqual(html("plain"), "plain")
    }
}

extension XCTestCase {
    /// The lines of the block that `opening` starts (its own line excluded), up to the line that
    /// closes it at the same indentation, without their indentation.
    func block(opening: String, in text: String) -> [String]? {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == opening }) else { return nil }
        let indentation = String(lines[start].prefix { $0 == " " })
        guard let end = lines[(start + 1)...].firstIndex(of: indentation + "}") else { return nil }
        return lines[(start + 1)..<end].map { $0.trimmingCharacters(in: .whitespaces) }
    }

}
