// How the dispatch benchmark drives Timer.fsm: a stream of touches, wake-ups, slides and time moving
// on (manual timing: `advanceTime(by:)`), actions that fold into a checksum and actions that write a
// transcript; and the scenarios that measure one kind of operation at a time (docs/Performance.md,
// "Issue 33: timers").

/// One operation of the timed machine's stream: an event with its argument, or time moving on by
/// some milliseconds (`advanceTime(by:)`, which processes the timeouts due meanwhile).
enum TimerInput: Equatable {
    case touch(Int), wake, pin, play, sleep, next, advance(milliseconds: Int)
}

/// The events of Timer.fsm and `advanceTime(by:)`, which the generated and the hand-written
/// machines both have.
protocol TimerEvents: DrivenMachine where Input == TimerInput {
    var activeStates: [Timer.StateID] { get }
    func touch(x: Int) -> Bool
    func wake() -> Bool
    func pin() -> Bool
    func play() -> Bool
    func sleep() -> Bool
    func next() -> Bool
    func advanceTime(by duration: Duration)
}

extension TimerEvents {
    /// Sends `input`; moving time on counts as handled.
    @inline(__always)
    func send(_ input: TimerInput) -> Bool {
        switch input {
        case .touch(let x): return touch(x: x)
        case .wake: return wake()
        case .pin: return pin()
        case .play: return play()
        case .sleep: return sleep()
        case .next: return next()
        case .advance(let milliseconds):
            advanceTime(by: .milliseconds(milliseconds))
            return true
        }
    }

    var configuration: [String] { activeStates.map { $0.rawValue } }
}

extension Timer: TimerEvents {}
extension HandWrittenTimer: TimerEvents {}

/// The timed machine's stream: time moves on in three operations of ten, mostly by less than 100 ms
/// (in Slideshow a slide every fifth, or so) and one time in six by more than 2 s (Awake's timeout
/// fires, Slideshow shows four to six slides); the rest wakes the screen, pins it, touches it (in
/// Awake a self transition that cancels its timer and arms it again), plays slides and sends it to
/// sleep. Every timer is armed, cancelled and fired many times over.
func timerEventStream(count: Int) -> [TimerInput] {
    eventStream(count: count, seed: 0x7173) { random, argument in
        switch random % 100 {
        case 0..<25: .advance(milliseconds: argument % 100)
        case 25..<30: .advance(milliseconds: 2000 + argument)
        case 30..<50: .touch(argument)
        case 50..<62: .wake
        case 62..<68: .pin
        case 68..<76: .play
        case 76..<90: .sleep
        default: .next
        }
    }
}

/// Actions that fold every call into a checksum.
final class TimerChecksumActions: TimerActions {
    private(set) var checksum = Checksum()
    func darken() { checksum.note(1) }
    func dim() { checksum.note(2) }
    func note(x: Int) { checksum.note(3, x) }
    func showSlide() { checksum.note(4) }
    func unhandledEvent(_ event: Timer.Event, in state: Timer.StateID) { checksum.note(5) }
}

/// Actions that write down every call.
final class TimerTranscriptActions: TimerActions {
    let log = TranscriptLog()
    func darken() { log.note("darken") }
    func dim() { log.note("dim") }
    func note(x: Int) { log.note("note(\(x))") }
    func showSlide() { log.note("showSlide") }
    func unhandledEvent(_ event: Timer.Event, in state: Timer.StateID) {
        log.note("unhandled \(event.rawValue) in \(state.rawValue)")
    }
}

/// Both machines, on `inputs`, started with checksum actions; the figures are divided by
/// `operations`.
private func timerRuns(_ inputs: [TimerInput], operations: Int? = nil) -> DispatchRuns {
    let actions = (TimerChecksumActions(), TimerChecksumActions())
    return DispatchRuns(
        inputs, Timer(actions: actions.0, timing: .manual), HandWrittenTimer(actions: actions.1), keeping: actions,
        operations: operations
    )
}

/// What both machines do on `inputs`.
private func timerTranscripts(_ inputs: [TimerInput]) -> (generated: [String], handWritten: [String]) {
    let actions = (TimerTranscriptActions(), TimerTranscriptActions())
    return transcripts(
        inputs, Timer(actions: actions.0, timing: .manual), HandWrittenTimer(actions: actions.1),
        logs: (actions.0.log, actions.1.log)
    )
}

/// A scenario of Timer: `setup` once (to reach the state the cycle starts in; a call after the first
/// finds the machine there already and is unhandled, once per million cycles), then `cycle` again
/// and again.
private func timerScenario(_ name: String, _ summary: String, setup: [TimerInput] = [], cycle: [TimerInput])
    -> DispatchScenario
{
    @Sendable func inputs(_ cycles: Int) -> [TimerInput] {
        var inputs = setup
        inputs.reserveCapacity(setup.count + cycles * cycle.count)
        for _ in 0..<cycles { inputs += cycle }
        return inputs
    }
    return DispatchScenario(
        name: "Timer/" + name, summary: summary,
        runs: { cycles in timerRuns(inputs(cycles), operations: cycles) },
        transcripts: { cycles in timerTranscripts(inputs(cycles)) }
    )
}

/// Timer.fsm: four flat states, an `after` and an `every`, time moved by hand.
let timerShape = DispatchShape(
    name: "Timer",
    states: Timer.StateID.allCases.map(\.rawValue),
    runs: { count in timerRuns(timerEventStream(count: count)) },
    transcripts: { count in timerTranscripts(timerEventStream(count: count)) },
    scenarios: [
        timerScenario(
            "untimed", "pin: into Pinned, which has no timer, and sleep again: the baseline of `armed`",
            cycle: [.pin, .sleep]),
        timerScenario(
            "armed", "wake into Awake, arming its timer, and sleep again by the event `sleep`, cancelling it",
            cycle: [.wake, .sleep]),
        timerScenario(
            "timeout", "wake into Awake, arming its timer, and sleep again by its timeout: `advanceTime(by: 2s)`",
            cycle: [.wake, .advance(milliseconds: 2000)]),
        timerScenario(
            "restart", "touch in Awake: a self transition that cancels the timer and arms it again",
            setup: [.wake], cycle: [.touch(1)]),
        timerScenario(
            "next", "`next` in Slideshow: an internal transition (a slide) by an event", setup: [.play],
            cycle: [.next]),
        timerScenario(
            "every", "`advanceTime(by: 500ms)` in Slideshow: the same transition by the `every`'s timeout, armed again",
            setup: [.play], cycle: [.advance(milliseconds: 500)]),
        timerScenario(
            "idle", "`advanceTime(by: 0ms)` in Awake: a frame of a game loop with no timeout due",
            setup: [.wake], cycle: [.advance(milliseconds: 0)]),
    ]
)
