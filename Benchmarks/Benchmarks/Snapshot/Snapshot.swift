// Taking a snapshot of a generated machine and restoring one (issue 35), for the dispatch
// benchmark's Player: time and heap allocations per operation. scripts/bench-snapshot measures the
// same for synthetic machines of up to 10,000 states, too large for this package's build, and the
// JSON round trip; docs/Performance.md, section 6 "Snapshots (issue 35)", has the figures.
import Benchmark
import DispatchMachines

let operationsPerIteration = 1_000

let benchmarks: @Sendable () -> Void = {
    // One iteration repeats an operation a thousand times; with the scaling factor `.kilo` the
    // figures reported are per operation (ns, mallocs).
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .memoryLeaked, .throughput],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(5),
        maxIterations: 100
    )

    for operation in playerSnapshotOperations {
        Benchmark("\(operation)") { benchmark in
            let run = operation.runs(operationsPerIteration)
            _ = run()
            benchmark.startMeasurement()
            precondition(benchmark.scaledIterations.count == operationsPerIteration)
            blackHole(run())
        }
    }
}
