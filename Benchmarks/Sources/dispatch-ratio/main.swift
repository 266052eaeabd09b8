// ns/event of each shape's generated and hand-written machine, measured alternately in one
// process with the same events, and their ratio:
//
//     dispatch-ratio [--rounds N] [--events N] [SHAPE or SHAPE/SCENARIO ...]
//
// (default: 15 rounds of a million events, every shape). A shape's scenarios (Timer's) run with it,
// or alone by name (`Timer/timeout`), a million cycles a round (--events), timed per cycle. Each
// round is timed in thread CPU time, and the best round of each machine counts: the least disturbed
// by whatever else the computer runs. scripts/bench-dispatch compiles these sources and the machines' as one module with
// `swiftc -O -wmo`, as the build plugin and a release build would; `swift run -c release
// dispatch-ratio` measures them across two modules instead.
import DispatchMachines
import Foundation

var arguments = ArraySlice(CommandLine.arguments.dropFirst())
var rounds = 15
var eventCount = 1_000_000
var names: [String] = []
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds": rounds = arguments.popFirst().flatMap { Int($0) } ?? rounds
    case "--events": eventCount = arguments.popFirst().flatMap { Int($0) } ?? eventCount
    default: names.append(argument)
    }
}
let known = dispatchShapes.map(\.name) + dispatchScenarios.map(\.name)
let unknown = names.filter { !known.contains($0) }
guard unknown.isEmpty, rounds > 0, eventCount > 0 else {
    print("usage: dispatch-ratio [--rounds N] [--events N] [SHAPE or SHAPE/SCENARIO ...]; shapes and scenarios: \(known)")
    exit(2)
}

/// The CPU time this thread has used, in nanoseconds. Rounds are timed in CPU time, not wall
/// clock: on a shared machine the process is descheduled now and then, and the time it waits does
/// not belong to the machine measured.
func threadNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func nanosecondsPerEvent(_ events: Int, _ drive: () -> Int) -> (Double, Int) {
    let start = threadNanoseconds()
    let handled = drive()
    return (Double(threadNanoseconds() - start) / Double(events), handled)
}

var sink = 0

/// Measures one pair of machines (a shape's stream, or a scenario's cycles, per `unit`) and prints
/// its line: the best round of each machine and their ratio.
@MainActor func measure(
    _ name: String, unit: String, transcripts: (generated: [String], handWritten: [String]), _ runs: DispatchRuns
) {
    guard transcripts.generated == transcripts.handWritten else {
        print("error: the generated and hand-written \(name) disagree")
        exit(1)
    }
    sink &+= runs.generated() &+ runs.handWritten()  // warm up
    var best = (generated: Double.infinity, handWritten: Double.infinity)
    for _ in 0..<rounds {
        let a = nanosecondsPerEvent(runs.events, runs.generated)
        let b = nanosecondsPerEvent(runs.events, runs.handWritten)
        best = (min(best.generated, a.0), min(best.handWritten, b.0))
        sink &+= a.1 &+ b.1
    }
    let name = name.padding(toLength: max(8, name.count), withPad: " ", startingAt: 0)
    print(
        String(
            format: "%@ generated %7.2f ns/%@   hand-written %7.2f ns/%@   ratio %5.2f",
            name, best.generated, unit, best.handWritten, unit, best.generated / best.handWritten
        )
    )
}

for shape in dispatchShapes {
    if names.isEmpty || names.contains(shape.name) {
        measure(shape.name, unit: "event", transcripts: shape.transcripts(100_000), shape.runs(eventCount))
    }
    // A shape's scenarios run with it, or alone by their names (`Timer/timeout`).
    for scenario in shape.scenarios where names.isEmpty || names.contains(shape.name) || names.contains(scenario.name) {
        measure(scenario.name, unit: "cycle", transcripts: scenario.transcripts(10_000), scenario.runs(eventCount))
    }
}
if sink == 42 { print("") }  // keeps the work observable
