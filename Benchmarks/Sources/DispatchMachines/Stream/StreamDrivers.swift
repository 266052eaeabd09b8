// How the dispatch benchmark drives Stream.fsm: a stream of events like a client's (mostly ticks,
// which every region handles, then the user's pauses and touches, the network dropping), guards
// shared by both actions classes, actions that fold into a checksum and actions that write a
// transcript.

/// One event of the client's stream, with its argument.
enum StreamInput: Equatable {
    case tick(Int), play, stop, pause, drop, touch
}

/// The events of Stream.fsm, which the generated and the hand-written client both have.
protocol StreamEvents: DrivenMachine where Input == StreamInput {
    var activeStates: [Stream.StateID] { get }
    func tick(ms: Int) -> Bool
    func play() -> Bool
    func stop() -> Bool
    func pause() -> Bool
    func drop() -> Bool
    func touch() -> Bool
}

extension StreamEvents {
    /// Sends `input`.
    @inline(__always)
    func send(_ input: StreamInput) -> Bool {
        switch input {
        case .tick(let ms): tick(ms: ms)
        case .play: play()
        case .stop: stop()
        case .pause: pause()
        case .drop: drop()
        case .touch: touch()
        }
    }

    var configuration: [String] { activeStates.map { $0.rawValue } }
}

extension Stream: StreamEvents {}
extension HandWrittenStream: StreamEvents {}

/// The client's stream: two events in three are ticks; stop and play are rare, so the client runs
/// (all three regions active) about five events in six.
func streamEventStream(count: Int) -> [StreamInput] {
    eventStream(count: count, seed: 0x57EA) { random, argument in
        switch random % 100 {
        case 0..<65: .tick(argument)
        case 65..<75: .pause
        case 75..<85: .touch
        case 85..<93: .drop
        case 93..<95: .stop
        default: .play
        }
    }
}

/// Guards that depend only on their arguments, shared by both actions classes.
class StreamGuards {
    func reconnected(ms: Int) -> Bool { ms % 4 == 0 }
    func isIdle(ms: Int) -> Bool { ms > 950 }
}

/// Actions that fold every call into a checksum.
final class StreamChecksumActions: StreamGuards, StreamActions {
    private(set) var checksum = Checksum()
    func reset() { checksum.note(1) }
    func connect() { checksum.note(2) }
    func disconnect() { checksum.note(3) }
    func startAudio() { checksum.note(4) }
    func stopAudio() { checksum.note(5) }
    func advance(ms: Int) { checksum.note(6, ms) }
    func rewind() { checksum.note(7) }
    func download(ms: Int) { checksum.note(8, ms) }
    func showOffline() { checksum.note(9) }
    func render(ms: Int) { checksum.note(10, ms) }
    func showControls() { checksum.note(11) }
    func dim() { checksum.note(12) }
    func brighten() { checksum.note(13) }
    func unhandledEvent(_ event: Stream.Event, in state: Stream.StateID) { checksum.note(14) }
}

/// Actions that write down every call, guards included.
final class StreamTranscriptActions: StreamGuards, StreamActions {
    let log = TranscriptLog()
    override func reconnected(ms: Int) -> Bool { log.check("reconnected(\(ms))", super.reconnected(ms: ms)) }
    override func isIdle(ms: Int) -> Bool { log.check("isIdle(\(ms))", super.isIdle(ms: ms)) }
    func reset() { log.note("reset") }
    func connect() { log.note("connect") }
    func disconnect() { log.note("disconnect") }
    func startAudio() { log.note("startAudio") }
    func stopAudio() { log.note("stopAudio") }
    func advance(ms: Int) { log.note("advance(\(ms))") }
    func rewind() { log.note("rewind") }
    func download(ms: Int) { log.note("download(\(ms))") }
    func showOffline() { log.note("showOffline") }
    func render(ms: Int) { log.note("render(\(ms))") }
    func showControls() { log.note("showControls") }
    func dim() { log.note("dim") }
    func brighten() { log.note("brighten") }
    func unhandledEvent(_ event: Stream.Event, in state: Stream.StateID) {
        log.note("unhandled \(event.rawValue) in \(state.rawValue)")
    }
}

/// Stream.fsm: a parallel state of three regions, events handled in several, one conflict.
let streamShape = DispatchShape(
    name: "Stream",
    states: Stream.StateID.allCases.map(\.rawValue),
    runs: { count in
        let actions = (StreamChecksumActions(), StreamChecksumActions())
        return DispatchRuns(
            streamEventStream(count: count), Stream(actions: actions.0), HandWrittenStream(actions: actions.1), keeping: actions
        )
    },
    transcripts: { count in
        let actions = (StreamTranscriptActions(), StreamTranscriptActions())
        return transcripts(
            streamEventStream(count: count), Stream(actions: actions.0), HandWrittenStream(actions: actions.1),
            logs: (actions.0.log, actions.1.log)
        )
    }
)
