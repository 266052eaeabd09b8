import FSMCore
import TestSupport
import XCTest

/// Every `Tests/Golden/Diagrams/NAME.fsm` is drawn and compared byte for byte with `NAME.dot`,
/// `NAME.mmd` and the overview `NAME.overview.dot` / `NAME.overview.mmd`. Regenerate them with
/// `make golden` (which sets `FSMC_UPDATE_GOLDEN=1`) and review the diff; render them with
/// `dot -Tpng` and look at them before committing a change of notation.
final class DiagramGoldenTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Tests/Golden/Diagrams")

    func testEveryGoldenDiagram() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        let inputs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".fsm") }.sorted()
        XCTAssertGreaterThanOrEqual(inputs.count, 7)
        for input in inputs {
            let source = try Data(contentsOf: Self.folder.appendingPathComponent(input))
            let compilation = Compilation(path: input, bytes: [UInt8](source))
            guard let model = compilation.model else {
                XCTFail("\(input) has errors")
                continue
            }
            let stem = String(input.dropLast(4))
            let outputs = [
                ("\(stem).dot", DOTEmitter.emit(model, detail: .full)),
                ("\(stem).mmd", MermaidEmitter.emit(model, detail: .full)),
                ("\(stem).overview.dot", DOTEmitter.emit(model, detail: .overview)),
                ("\(stem).overview.mmd", MermaidEmitter.emit(model, detail: .overview)),
            ]
            for (name, actual) in outputs {
                let url = Self.folder.appendingPathComponent(name)
                if update {
                    try actual.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing \(name)>"
                XCTAssertEqual(actual, expected, "\(name): run 'make golden' to update, then review the diff")
            }
        }
    }
}

final class WrittenTextTests: XCTestCase {
    func testGuardsKeepOnlyTheParenthesesPrecedenceNeeds() throws {
        let source = """
            machine M {
                event go(code: String)
                initial A
                state A {
                    go [!(a || b) && (c || d) && e(code) || !f(x: "q\\"\\\\")] / log(level: 3, text: "a\\"b") -> B
                }
                state B {}
            }
            """
        let model = try XCTUnwrap(model(source))
        let dot = DOTEmitter.emit(model)
        XCTAssertTrue(
            dot.contains(
                #"label="go [!(a || b) && (c || d) && e(code) || !f(x: \"q\\\"\\\\\")]\n/ log(level: 3, text: \"a\\\"b\")""#),
            dot)
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertTrue(
            mermaid.contains(
                "go [!(a #124;#124; b) #38;#38; (c #124;#124; d) #38;#38; e(code) #124;#124; !f(x#58; #34;q#92;#34;#92;#92;#34;)]"
            ), mermaid)
    }

    func testEntityLikeTextIsEscapedInDOTLabels() throws {
        let model = try XCTUnwrap(
            model("machine M {\n initial A\n state A {\n go [a && b] / say(t: \"&amp; &#38; & x\") -> A\n }\n}\n"))
        XCTAssertTrue(DOTEmitter.emit(model).contains(#"[label="go [a && b]\n/ say(t: \"&amp;amp; &amp;#38; & x\")"]"#))
    }

    /// Labels of ASCII text are written part by part, others whole: both escape the same way,
    /// and a label longer than 32 characters (here `y`'s, 33; `x`'s is 32) puts its effects on a line
    /// of their own.
    func testEdgeLabelsAreEscapedAndSplitTheSameWayWhateverTheirCharacters() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial A
                    state A {
                        go [a && b] / say(t: "é &amp; \\"q\\" \\\\") -> B
                        go [c && d] / say(t: "e &amp; \\"q\\" \\\\") -> B
                        x / say(t: "111111111111111111") -> B
                        y / say(t: "1111111111111111111") -> B
                    }
                    state B {}
                }
                """))
        let dot = DOTEmitter.emit(model)
        XCTAssertTrue(dot.contains(#"[label="go [a && b]\n/ say(t: \"é &amp;amp; \\\"q\\\" \\\\\")"]"#), dot)
        XCTAssertTrue(dot.contains(#"[label="go [c && d]\n/ say(t: \"e &amp;amp; \\\"q\\\" \\\\\")"]"#), dot)
        XCTAssertTrue(dot.contains(#"[label="x / say(t: \"111111111111111111\")"]"#), dot)
        XCTAssertTrue(dot.contains(#"[label="y\n/ say(t: \"1111111111111111111\")"]"#), dot)
    }

    func testOverviewDropsGuardsEffectsAndActivities() throws {
        let model = try XCTUnwrap(
            model(
                "machine M {\n initial A\n state A {\n entry / hello\n go [ok] / run -> B\n go -> B\n tick / count\n }\n state B {}\n}\n"
            ))
        let overview = DOTEmitter.emit(model, detail: .overview)
        XCTAssertFalse(overview.contains("hello"))
        XCTAssertFalse(overview.contains("ok"))
        XCTAssertFalse(overview.contains("tick"))
        XCTAssertEqual(overview.components(separatedBy: "\"A\" -> \"B\" [label=\"go\"]").count, 2, "drawn once")
        XCTAssertTrue(DOTEmitter.emit(model, detail: .full).contains("tick / count"))
    }

    /// A transition between a composite and its own contents, in either direction and at any depth,
    /// is a line of its source in both formats, and an edge in neither.
    func testBothFormatsListTransitionsBetweenACompositeAndItsContents() throws {
        let model = try XCTUnwrap(
            model(
                """
                machine M {
                    initial Outer
                    state Outer {
                        down -> Leaf
                        initial Inner
                        state Inner {
                            initial Leaf
                            state Leaf { up -> Inner\n out -> Outer\n away -> Other }
                        }
                    }
                    state Other {}
                }
                """))
        let dot = DOTEmitter.emit(model)
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertTrue(
            dot.contains(
                "<B>Leaf</B></TD></TR><HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"><FONT POINT-SIZE=\"10\">up → Inner<BR ALIGN=\"LEFT\"/>out → Outer<BR"
            ), dot)
        XCTAssertTrue(
            dot.contains(
                "<B>Outer</B></TD></TR><HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"><FONT POINT-SIZE=\"10\">down → Leaf<BR"), dot)
        XCTAssertTrue(mermaid.contains("Leaf : up → Inner\n"), mermaid)
        XCTAssertTrue(mermaid.contains("Leaf : out → Outer\n"), mermaid)
        XCTAssertTrue(mermaid.contains("note right of Outer\n        down → Leaf\n"), mermaid)
        for event in ["up", "out", "down"] {
            XCTAssertFalse(dot.contains("[label=\"\(event)\""), "\(event) is drawn in DOT:\n\(dot)")
            XCTAssertFalse(mermaid.contains(": \(event)\n"), "\(event) is drawn in Mermaid:\n\(mermaid)")
        }
        XCTAssertTrue(dot.contains("\"Leaf\" -> \"Other\" [label=\"away\"]"), dot)
        XCTAssertTrue(mermaid.contains("Leaf --> Other : away"), mermaid)
    }

}
