// Generated-code dispatch: Player.fsm as fsmc generates it, against the same machine written by
// hand as an `enum` and `switch`, driven by the same pseudo-random stream of events.
import Benchmark
import PlayerMachines

let eventsPerIteration = 1_000_000

let benchmarks: @Sendable () -> Void = {
    let events = playerEventStream(count: eventsPerIteration)
    let transcripts = playerTranscripts(Array(events.prefix(100_000)))
    precondition(transcripts.generated == transcripts.handWritten, "the two machines disagree: fix before measuring")

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .memoryLeaked, .throughput],
        timeUnits: .nanoseconds,
        scalingFactor: .mega,
        maxDuration: .seconds(5),
        maxIterations: 30
    )

    // One iteration sends a million events; with the scaling factor `.mega` the figures reported
    // are per event (ns/event, mallocs/event).
    Benchmark("Dispatch: generated (State pattern)") { benchmark in
        let run = GeneratedPlayerRun(actions: ChecksumActions())
        _ = run.drive(events)  // warm: the push stack and queue reach their capacity
        benchmark.startMeasurement()
        precondition(benchmark.scaledIterations.count == events.count)
        blackHole(run.drive(events))
    }

    Benchmark("Dispatch: hand-written (enum + switch)") { benchmark in
        let run = HandWrittenPlayerRun(actions: ChecksumActions())
        _ = run.drive(events)
        benchmark.startMeasurement()
        precondition(benchmark.scaledIterations.count == events.count)
        blackHole(run.drive(events))
    }
}
