// ns/event of the generated and the hand-written player, measured alternately in one process, and
// their ratio: `swift run -c release dispatch-ratio [rounds]`. The best round of each counts (the
// least disturbed by whatever else the machine runs).
import Foundation
import PlayerMachines

let events = playerEventStream(count: 1_000_000)
let transcripts = playerTranscripts(Array(events.prefix(100_000)))
guard transcripts.generated == transcripts.handWritten else {
    print("error: the generated and hand-written machines disagree")
    exit(1)
}
let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 15
let generated = GeneratedPlayerRun(actions: ChecksumActions())
let handWritten = HandWrittenPlayerRun(actions: ChecksumActions())
var sink = generated.drive(events) &+ handWritten.drive(events)  // warm up

func nanosecondsPerEvent(_ drive: () -> Int) -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let handled = drive()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / Double(events.count), handled)
}

var best = (generated: Double.infinity, handWritten: Double.infinity)
for _ in 0..<rounds {
    let a = nanosecondsPerEvent { generated.drive(events) }
    let b = nanosecondsPerEvent { handWritten.drive(events) }
    best = (min(best.generated, a.0), min(best.handWritten, b.0))
    sink &+= a.1 &+ b.1
}
print(String(format: "generated (State pattern):    %6.2f ns/event", best.generated))
print(String(format: "hand-written (enum + switch): %6.2f ns/event", best.handWritten))
print(String(format: "ratio generated/hand-written: %6.2f (target: at most 2.00)", best.generated / best.handWritten))
if sink == 42 { print("") }  // keeps the work observable
