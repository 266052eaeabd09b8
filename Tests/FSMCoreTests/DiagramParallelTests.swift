import TestSupport
import XCTest

@testable import FSMCore

/// Parallel states in both diagram formats: one box without an initial pseudostate of its own,
/// a dashed compartment per region (a simple region with its own initial pseudostate, a composite
/// region named, with its contents), edges at its border, between its regions, and to its history.
final class DiagramParallelTests: XCTestCase {
    private static let source = """
        machine M {
            initial Off
            state Off {
                on -> P
                jump -> B2
                resume -> deep history P
            }
            parallel state P {
                off -> Off
                state A {}
                state B {
                    initial B1
                    state B1 { next -> B2 }
                    state B2 {
                        cross -> A
                        reload -> history P
                    }
                }
                parallel state Q {
                    state Q1 {}
                    state Q2 {}
                }
            }
        }
        """

    func testDOTDrawsEachRegionAsADashedCompartment() throws {
        let dot = DOTEmitter.emit(try XCTUnwrap(model(Self.source)))
        let parallel = try XCTUnwrap(block(opening: "subgraph \"cluster P\" {", in: dot), dot)
        XCTAssertFalse(parallel.contains { $0.hasPrefix("\"[*] P\"") }, "a parallel state has no initial dot:\n\(dot)")
        XCTAssertEqual(parallel.filter { $0.hasPrefix("style=\"rounded,dashed\"") }.count, 5, "A, B, Q, Q1, Q2:\n\(dot)")
        XCTAssertTrue(parallel.contains("{ rank=same; \"[*] A\"; \"[*] B\"; \"[*] Q1\" }"), dot)

        let simple = try XCTUnwrap(block(opening: "subgraph \"cluster A\" {", in: dot), dot)
        XCTAssertEqual(simple.first, "label=\"\"", "a simple region is unnamed: its state shows the name")
        XCTAssertTrue(simple.contains("\"[*] A\" -> \"A\""), "a simple region's own initial dot points at it:\n\(dot)")
        let composite = try XCTUnwrap(block(opening: "subgraph \"cluster B\" {", in: dot), dot)
        XCTAssertTrue(composite[0].contains("<B>B</B>"), "a composite region is named:\n\(dot)")
        XCTAssertTrue(composite.contains("\"[*] B\" -> \"B1\""), dot)
        let nested = try XCTUnwrap(block(opening: "subgraph \"cluster Q\" {", in: dot), dot)
        XCTAssertTrue(nested[1].hasPrefix("style=\"rounded,dashed\""), "a parallel region is dashed too:\n\(dot)")
        XCTAssertFalse(nested.contains { $0.hasPrefix("\"[*] Q\"") }, dot)
        XCTAssertTrue(nested.contains("{ rank=same; \"[*] Q1\"; \"[*] Q2\" }"), dot)

        XCTAssertTrue(parallel.contains("\"[exit] P\" [shape=point, style=invis, width=0.01]"), dot)
        XCTAssertTrue(parallel.contains("{ \"A\"; \"B1\"; \"B2\"; \"Q1\"; \"Q2\" } -> \"[exit] P\" [style=invis, weight=0]"), dot)
        for edge in [
            // Into the border at the first region's dot; out of it from the node after every state inside.
            "\"Off\" -> \"[*] A\" [label=\"on\", lhead=\"cluster P\"]",
            "\"[exit] P\" -> \"Off\" [label=\"off\", ltail=\"cluster P\"]",
            // Into a region's state from outside, and from one region into another: plain edges.
            "\"Off\" -> \"B2\" [label=\"jump\"]", "\"B2\" -> \"A\" [label=\"cross\"]",
            // To the parallel state's history, from outside and from inside.
            "\"Off\" -> \"[H*] P\" [label=\"resume\"]", "\"B2\" -> \"[H] P\" [label=\"reload\"]",
        ] {
            XCTAssertTrue(dot.contains("\n    \(edge)\n"), "\(edge):\n\(dot)")
        }
        // The parallel state's history is inside it, outside every region.
        XCTAssertTrue(parallel.contains { $0.hasPrefix("\"[H] P\" [shape=circle") }, dot)
        XCTAssertTrue(parallel.contains { $0.hasPrefix("\"[H*] P\" [shape=circle") }, dot)
        for region in ["A", "B", "Q"] {
            let lines = try XCTUnwrap(block(opening: "subgraph \"cluster \(region)\" {", in: dot))
            XCTAssertFalse(lines.contains { $0.hasPrefix("\"[H") }, dot)
        }
    }

    func testMermaidSeparatesTheRegionsAndWritesEdgesBetweenThemAtTheTopLevel() throws {
        let mermaid = MermaidEmitter.emit(try XCTUnwrap(model(Self.source)))
        let parallel = try XCTUnwrap(block(opening: "state P {", in: mermaid), mermaid)
        XCTAssertEqual(Array(parallel.prefix(3)), ["[*] --> A", "A", "--"], "a simple region with its initial:\n\(mermaid)")
        XCTAssertEqual(parallel.filter { $0 == "--" }.count, 4, "between A, B and Q, Q1 and Q2, and before H:\n\(mermaid)")
        XCTAssertEqual(
            Array(parallel.suffix(3)), ["--", "state \"H\" as history_P", "state \"H*\" as deepHistory_P"],
            "the parallel state's history in a block of its own, after its regions:\n\(mermaid)")
        let nested = try XCTUnwrap(block(opening: "state Q {", in: mermaid), mermaid)
        XCTAssertEqual(nested, ["[*] --> Q1", "Q1", "--", "[*] --> Q2", "Q2"], mermaid)
        // Both ends directly in B: in B's block. Any other edge of the machine: at the top level,
        // so that Mermaid keeps each end in its own region.
        XCTAssertTrue(try XCTUnwrap(block(opening: "state B {", in: mermaid)).contains("B1 --> B2 : next"), mermaid)
        for edge in [
            "Off --> P : on", "Off --> B2 : jump", "Off --> deepHistory_P : resume", "P --> Off : off", "B2 --> A : cross",
            "B2 --> history_P : reload",
        ] {
            XCTAssertTrue(mermaid.contains("\n    \(edge)\n"), "\(edge) at the top level:\n\(mermaid)")
        }
    }

    /// In every machine an edge goes in a composite's block only when both ends lie directly in it:
    /// written in C's block, `A --> B` would make Mermaid move A out of K into C.
    func testAnEdgeFromADeeperStateIsWrittenAtTheTopLevel() throws {
        let model = try XCTUnwrap(
            model(
                "machine M {\n initial C\n state C {\n initial K\n state K {\n initial A\n state A { go -> B; stay -> A2 }\n state A2 {}\n }\n state B {}\n }\n}\n"
            ))
        let mermaid = MermaidEmitter.emit(model)
        XCTAssertFalse(try XCTUnwrap(block(opening: "state C {", in: mermaid)).contains("A --> B : go"), mermaid)
        XCTAssertTrue(mermaid.contains("\n    A --> B : go\n"), mermaid)
        XCTAssertTrue(try XCTUnwrap(block(opening: "state K {", in: mermaid)).contains("A --> A2 : stay"), mermaid)
    }
}
