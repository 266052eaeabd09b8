import FSMCore
import Foundation
import XCTest

/// The fuzz target's steps (Fuzz/Sources/fsmc-fuzz/main.swift) as a test: every input that once
/// crashed the fuzzer is kept here, and the seed corpus (the examples and the golden inputs) must
/// go through every stage too.
final class FuzzRegressionTests: XCTestCase {
    private final class AlternatingHost: InterpreterHost {
        var next = false
        func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
            next.toggle()
            return next
        }
        func perform(_ action: Invocation, interpreter: Interpreter) {}
    }

    /// The fuzz target: front end, renderers, emitters, interpreter.
    private func exercise(_ bytes: [UInt8]) {
        let compilation = Compilation(path: "fuzz.fsm", bytes: bytes)
        _ = TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file)
        _ = StructuredDiagnostics.json([compilation])
        _ = StructuredDiagnostics.sarif([compilation], toolVersion: "fuzz")
        guard let model = compilation.model else { return }
        for access in AccessLevel.allCases {
            _ = SwiftEmitter.emit(model, sourceName: "fuzz.fsm", access: access)
        }
        for detail in DiagramDetail.allCases {
            _ = DOTEmitter.emit(model, detail: detail)
            _ = MermaidEmitter.emit(model, detail: detail)
        }
        let interpreter = Interpreter(model: model, host: AlternatingHost())
        interpreter.start()
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
    }

    /// Inputs the fuzzer found crashing (each fixed); named after what they broke.
    static let crashes: [(name: String, bytes: [UInt8])] = []

    func testInputsThatOnceCrashed() {
        for (_, bytes) in Self.crashes { exercise(bytes) }
    }

    func testSeedCorpusGoesThroughEveryStage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var count = 0
        for folder in ["examples", "Tests/Golden"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".fsm") else { continue }
                exercise(Array(try Data(contentsOf: root.appendingPathComponent(folder + "/" + path))))
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 20)
    }
}
