import FSMCore
import Foundation
import TestSupport
import XCTest

/// The fuzz target's steps (Fuzz/Sources/fsmc-fuzz/main.swift) as a test: every input in
/// `Tests/Regressions` (inputs that once crashed fsmc, and hostile inputs at the limits of the
/// lexer and the parser; `make fuzz` seeds from them too) and the seed corpus (the examples and
/// the golden inputs) must go through every stage. A crash the fuzzer finds is added to
/// `Tests/Regressions`, minimised (docs/Robustness.md).
final class FuzzRegressionTests: XCTestCase {
    private final class AlternatingHost: InterpreterHost {
        var next = false
        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            next.toggle()
            return next
        }
        func perform(_ action: Invocation, interpreter: Interpreter) {}
    }

    /// What the fuzz target's stages gave for one input, for a test to check.
    private struct Outputs {
        var compilation: Compilation
        var diagnosticsText = ""
        var swift: [String] = []
        var diagrams: [String] = []
        var startedWith: [Int] = []
    }

    /// The fuzz target: front end, renderers, emitters, interpreter.
    @discardableResult
    private func exercise(_ bytes: [UInt8]) -> Outputs {
        let compilation = Compilation(path: "fuzz.fsm", bytes: bytes)
        var outputs = Outputs(compilation: compilation)
        outputs.diagnosticsText = TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file)
        _ = StructuredDiagnostics.json([compilation])
        _ = StructuredDiagnostics.sarif([compilation], toolVersion: "fuzz")
        guard let model = compilation.model else { return outputs }
        for access in AccessLevel.allCases {
            outputs.swift.append(SwiftEmitter.emit(model, sourceName: "fuzz.fsm", access: access))
        }
        for detail in DiagramDetail.allCases {
            outputs.diagrams.append(DOTEmitter.emit(model, detail: detail))
            outputs.diagrams.append(MermaidEmitter.emit(model, detail: detail))
        }
        let interpreter = Interpreter(model: model, host: AlternatingHost())
        interpreter.start()
        outputs.startedWith = interpreter.configuration
        for _ in 0..<2 {
            for (index, event) in model.events.enumerated() {
                let arguments = event.parameters.map { parameter -> InterpreterValue in
                    switch parameter.type {
                    case "Int": .integer(0)
                    case "Double", "Float": .decimal(0)
                    case "Bool": .boolean(false)
                    default: .string("")
                    }
                }
                interpreter.send(EventOccurrence(event: index, arguments: arguments))
            }
        }
        return outputs
    }

    static let root = repositoryRoot

    /// Each file is named after what it broke or tests; an empty folder would make this pass
    /// without testing anything, so it must hold files.
    func testRegressionInputsGoThroughEveryStage() throws {
        let folder = Self.root.appendingPathComponent("Tests/Regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsm") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "Tests/Regressions lost its inputs")
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            exercise(bytes)
            // Every input there is bad: it must end in located errors, not in silence.
            let compilation = Compilation(path: name, bytes: bytes)
            XCTAssertTrue(compilation.hasErrors, "\(name) compiles without errors")
            for diagnostic in compilation.diagnostics {
                XCTAssertLessThanOrEqual(diagnostic.range.end, bytes.count + 1, name)
            }
        }
    }

    func testSeedCorpusGoesThroughEveryStage() throws {
        let root = Self.root
        var count = 0
        var modelled = 0
        for folder in ["examples", "Tests/Golden"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".fsm") else { continue }
                let outputs = exercise(Array(try Data(contentsOf: root.appendingPathComponent(folder + "/" + path))))
                count += 1
                // A seed either has errors, each rendered, or goes through every stage with output.
                if outputs.compilation.hasErrors {
                    XCTAssertTrue(outputs.diagnosticsText.contains(": error: "), path)
                    continue
                }
                let model = try XCTUnwrap(outputs.compilation.model, path)
                XCTAssertEqual(outputs.swift.count, AccessLevel.allCases.count, path)
                for swift in outputs.swift {
                    XCTAssertTrue(swift.hasPrefix("// Generated by fsmc "), path)
                    XCTAssertTrue(swift.contains("final class \(model.name)"), path)
                }
                XCTAssertTrue(outputs.diagrams.allSatisfy { $0.contains("digraph") || $0.contains("stateDiagram-v2") }, path)
                XCTAssertFalse(outputs.startedWith.isEmpty, "\(path): the interpreter started in no state")
                modelled += 1
            }
        }
        XCTAssertGreaterThan(count, 20)
        XCTAssertGreaterThan(modelled, 15, "most seeds are machines without errors")
    }
}
