// Generated-code dispatch, per event, for every shape of docs/Performance.md section 2: each
// machine as fsmc generates it and the same machine written by hand, driven by the same stream of
// events; and per cycle, each shape's scenarios (Timer's: a timer armed and cancelled, a timeout, the
// event that fires the same transition). What this suite adds to dispatch-ratio is the malloc
// counters: heap allocations per event, and per cycle.
import Benchmark
import DispatchMachines

let eventsPerIteration = 1_000_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .memoryLeaked, .throughput],
        timeUnits: .nanoseconds,
        scalingFactor: .mega,
        maxDuration: .seconds(5),
        maxIterations: 30
    )

    for shape in dispatchShapes {
        let transcripts = shape.transcripts(100_000)
        precondition(transcripts.generated == transcripts.handWritten, "\(shape) disagrees: fix before measuring")

        // One iteration sends a million events; with the scaling factor `.mega` the figures
        // reported are per event (ns/event, mallocs/event). Each run is warmed first: the push
        // stack, the queue and the parallel machine's arrays reach their capacity.
        Benchmark("\(shape): generated") { benchmark in
            let run = shape.runs(eventsPerIteration)
            _ = run.generated()
            benchmark.startMeasurement()
            precondition(benchmark.scaledIterations.count == run.events)
            blackHole(run.generated())
        }

        Benchmark("\(shape): hand-written") { benchmark in
            let run = shape.runs(eventsPerIteration)
            _ = run.handWritten()
            benchmark.startMeasurement()
            precondition(benchmark.scaledIterations.count == run.events)
            blackHole(run.handWritten())
        }
    }

    // A million cycles an iteration, after a first million (the timer table, the queues and the
    // stacks at their capacity): the figures are per cycle.
    for scenario in dispatchScenarios {
        let transcripts = scenario.transcripts(10_000)
        precondition(transcripts.generated == transcripts.handWritten, "\(scenario) disagrees: fix before measuring")

        Benchmark("\(scenario): generated") { benchmark in
            let run = scenario.runs(eventsPerIteration)
            _ = run.generated()
            benchmark.startMeasurement()
            precondition(benchmark.scaledIterations.count == run.events)
            blackHole(run.generated())
        }

        Benchmark("\(scenario): hand-written") { benchmark in
            let run = scenario.runs(eventsPerIteration)
            _ = run.handWritten()
            benchmark.startMeasurement()
            precondition(benchmark.scaledIterations.count == run.events)
            blackHole(run.handWritten())
        }
    }
}
