// What the dispatch benchmark knows of each machine shape: a generated machine and its
// hand-written twin, started with actions that only fold their calls into a checksum (so that
// dispatch is what is measured), and the same pair with actions that write a transcript (so that
// the two can be shown to behave identically). Each shape's file builds one `DispatchShape`.

/// One shape of machine measured by the dispatch benchmark.
public struct DispatchShape: Sendable, CustomStringConvertible {
    /// The machine's name, as written in its `.fsm` file.
    public let name: String
    /// Every state of the machine, as the transcripts name them: the long event stream must
    /// reach each of them (in some configuration) for the agreement test to mean something.
    public let states: [String]
    /// Both machines, started with checksum actions, each ready to receive `count` events of a
    /// reproducible stream.
    public let runs: @Sendable (_ count: Int) -> DispatchRuns
    /// What both machines do on the first `count` events of the stream, line by line: every action,
    /// guard call and result, and after each event its result and the configuration.
    public let transcripts: @Sendable (_ count: Int) -> (generated: [String], handWritten: [String])
    /// Operations measured one kind at a time, besides the stream (Timer's: a timer armed and
    /// cancelled, a timeout against the event that fires the same transition).
    public var scenarios: [DispatchScenario] = []

    /// The shape's name (what the test and the benchmarks print).
    public var description: String { name }
}

/// A short cycle of operations repeated, sent to both machines of a shape like its stream: what one
/// kind of operation costs (`Timer/timeout`: enter a state with a timer, then its timeout). The
/// figures are per cycle, whatever the number of operations in it.
public struct DispatchScenario: Sendable, CustomStringConvertible {
    /// The shape's name, a slash and the scenario's (no spaces): what the figures are printed under.
    public let name: String
    /// What one cycle does.
    public let summary: String
    /// Both machines, started with checksum actions, each ready to go through `cycles` cycles; its
    /// `events` is the number of cycles.
    public let runs: @Sendable (_ cycles: Int) -> DispatchRuns
    /// What both machines do in the first `cycles` cycles, as a shape's transcripts.
    public let transcripts: @Sendable (_ cycles: Int) -> (generated: [String], handWritten: [String])

    /// The scenario's name.
    public var description: String { name }
}

/// A generated machine and its hand-written twin, started, with the events they are to receive.
/// Each closure sends every event once to its machine and returns how many were handled; it can be
/// called again (the machine goes on from where it was).
public struct DispatchRuns {
    /// How many events one call sends.
    public let events: Int
    /// Sends the events to the generated machine.
    public let generated: () -> Int
    /// Sends the events to the hand-written machine.
    public let handWritten: () -> Int
}

/// Every shape of the benchmark, in the order of docs/Performance.md.
public let dispatchShapes = [playerShape, heroShape, keypadShape, streamShape, timerShape]

/// Every shape's scenarios, in the order of the shapes.
public let dispatchScenarios = dispatchShapes.flatMap(\.scenarios)

/// A machine of the benchmark, generated or hand-written, as the benchmark drives it. Each shape's
/// drivers file makes both of its machines conform.
protocol DrivenMachine<Input>: AnyObject {
    /// The shape's events.
    associatedtype Input
    /// Enters the initial configuration.
    func start()
    /// Sends one event; whether it was handled.
    func send(_ input: Input) -> Bool
    /// Every active state's name (not on the dispatch path).
    var configuration: [String] { get }
}

extension DispatchRuns {
    /// Starts both machines; `actions` keeps their actions alive (the generated machine holds its
    /// actions unowned). Generic only in the source: each shape's call is specialised, so that the
    /// loops call the machines' event methods directly.
    /// `operations`, when given, is what the figures are divided by instead of the number of events
    /// (a scenario's cycles).
    init<Generated: DrivenMachine, HandWritten: DrivenMachine>(
        _ events: [Generated.Input], _ generated: Generated, _ handWritten: HandWritten, keeping actions: Any,
        operations: Int? = nil
    ) where HandWritten.Input == Generated.Input {
        generated.start()
        handWritten.start()
        self.init(
            events: operations ?? events.count,
            generated: { withExtendedLifetime(actions) { drive(events) { generated.send($0) } } },
            handWritten: { drive(events) { handWritten.send($0) } }
        )
    }
}

/// Sends every event with `send` and counts the handled ones. Always inlined, so that with the
/// closure literal of its caller the loop calls the machine's event methods directly: the
/// benchmark measures the machines, not this loop.
@inline(__always)
private func drive<Input>(_ events: [Input], _ send: (Input) -> Bool) -> Int {
    var handled = 0
    for event in events where send(event) { handled &+= 1 }
    return handled
}

/// What both machines do on `events`, each writing into its own log: the lines its actions write
/// (its start included) and, after each event, the event, whether it was handled and the
/// configuration.
func transcripts<Generated: DrivenMachine, HandWritten: DrivenMachine>(
    _ events: [Generated.Input], _ generated: Generated, _ handWritten: HandWritten, logs: (TranscriptLog, TranscriptLog)
) -> (generated: [String], handWritten: [String]) where HandWritten.Input == Generated.Input {
    func transcript(_ machine: some DrivenMachine<Generated.Input>, _ log: TranscriptLog) -> [String] {
        machine.start()
        for event in events {
            let handled = machine.send(event)
            log.lines.append("\(event) -> \(handled) in \(machine.configuration.joined(separator: ","))")
        }
        return log.lines
    }
    return (transcript(generated, logs.0), transcript(handWritten, logs.1))
}

/// The lines a transcript-writing actions object has written.
final class TranscriptLog {
    var lines: [String] = []

    /// Writes down an action call.
    func note(_ call: String) { lines.append(call) }

    /// Writes down a guard call and its result; returns the result.
    func check(_ call: String, _ result: Bool) -> Bool {
        lines.append("\(call) -> \(result)")
        return result
    }
}

/// Folds calls into a number: cheap, allocation-free, and not optimisable away. The checksum
/// actions of every shape use it.
struct Checksum {
    private(set) var value = 0
    @inline(__always) mutating func note(_ id: Int, _ argument: Int = 0) {
        value = value &* 31 &+ id &+ argument
    }
}

/// A reproducible pseudo-random stream of events (SplitMix64): `pick` turns each random number,
/// and an argument drawn from it in 0..<1000, into an event.
func eventStream<Input>(count: Int, seed: UInt64, _ pick: (_ random: UInt64, _ argument: Int) -> Input) -> [Input] {
    var state = seed
    var events: [Input] = []
    events.reserveCapacity(count)
    for _ in 0..<count {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        events.append(pick(z, Int((z >> 32) % 1000)))
    }
    return events
}
