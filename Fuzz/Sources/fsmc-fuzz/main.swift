import CFuzzerDriver
import FSMCore

#if canImport(Glibc)
    import Glibc
#endif

/// Answers guards alternately and sends nothing: enough to drive the interpreter through a model.
final class AlternatingHost: InterpreterHost {
    var next = false
    func evaluate(_ guardCall: Invocation, interpreter: Interpreter) -> Bool {
        next.toggle()
        return next
    }
    func perform(_ action: Invocation, interpreter: Interpreter) {}
}

/// The fuzz target: the whole front end and every diagnostic renderer, then, when there is a
/// model, every emitter and the reference interpreter (each event sent twice). Any crash,
/// sanitizer report or hang is a bug; diagnostics are a normal outcome. The regression tests run
/// the same steps (Tests/FSMCoreTests/FuzzRegressionTests.swift).
let status = fsmc_fuzzer_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let compilation = Compilation(path: "fuzz.fsm", bytes: bytes)
    _ = TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file)
    _ = StructuredDiagnostics.json([compilation])
    _ = StructuredDiagnostics.sarif([compilation], toolVersion: "fuzz")
    guard let model = compilation.model else { return 0 }
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
    return 0
}
exit(status)
