import CFuzzerDriver
import FSMCore

#if canImport(Glibc)
    import Glibc
#endif

// The fuzz target: the whole front end, then every emitter when there is a model. Any crash,
// sanitizer report or hang is a bug; diagnostics are a normal outcome.
let status = fsmc_fuzzer_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let compilation = Compilation(path: "fuzz.fsm", bytes: bytes)
    _ = TextDiagnosticRenderer().render(compilation.diagnostics, in: compilation.file)
    if let model = compilation.model {
        for access in AccessLevel.allCases {
            _ = SwiftEmitter.emit(model, sourceName: "fuzz.fsm", access: access)
        }
        for detail in DiagramDetail.allCases {
            _ = DOTEmitter.emit(model, detail: detail)
            _ = MermaidEmitter.emit(model, detail: detail)
        }
    }
    return 0
}
exit(status)
