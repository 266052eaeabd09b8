// Compiler throughput: parse, check, generate Swift and DOT for synthetic machines, in-process.
import Benchmark
import FSMCore
import SyntheticMachines

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds,
        maxDuration: .seconds(10),
        maxIterations: 10
    )
    for states in [100, 1_000, 10_000, 50_000] {
        let bytes = Array(SyntheticMachine.source(states: states).utf8)
        Benchmark("Pipeline: \(states) states (parse, check, Swift, DOT)") { benchmark in
            let compilation = Compilation(path: "Synthetic.fsm", bytes: bytes)
            guard let model = compilation.model else { fatalError("the synthetic machine has errors") }
            blackHole(SwiftEmitter.emit(model, sourceName: "Synthetic.fsm", access: .internal))
            blackHole(DOTEmitter.emit(model))
        }
        let parallelBytes = Array(SyntheticMachine.source(states: states, parallel: true).utf8)
        Benchmark("Pipeline: \(states) states in parallel states (parse, check, Swift, DOT)") { benchmark in
            let compilation = Compilation(path: "Synthetic.fsm", bytes: parallelBytes)
            guard let model = compilation.model else { fatalError("the synthetic machine has errors") }
            blackHole(SwiftEmitter.emit(model, sourceName: "Synthetic.fsm", access: .internal))
            blackHole(DOTEmitter.emit(model))
        }
        Benchmark("Mermaid: \(states) states") { benchmark in
            let compilation = Compilation(path: "Synthetic.fsm", bytes: bytes)
            guard let model = compilation.model else { fatalError("the synthetic machine has errors") }
            benchmark.startMeasurement()
            blackHole(MermaidEmitter.emit(model))
        }
    }
}
