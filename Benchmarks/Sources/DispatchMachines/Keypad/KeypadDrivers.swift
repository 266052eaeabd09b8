// How the dispatch benchmark drives Keypad.fsm: a stream of digits and timer ticks with the door
// pulled and shut now and then, guards shared by both actions classes, actions that fold into a
// checksum and actions that write a transcript.

/// One event of the keypad's stream, with its argument.
enum KeypadInput: Equatable {
    case digit(Int), tick(Int), reset, pull, shut
}

/// The events of Keypad.fsm, which the generated and the hand-written keypad both have.
protocol KeypadEvents: DrivenMachine where Input == KeypadInput {
    var activeStates: [Keypad.StateID] { get }
    func digit(value: Int) -> Bool
    func tick(ms: Int) -> Bool
    func reset() -> Bool
    func pull() -> Bool
    func shut() -> Bool
}

extension KeypadEvents {
    /// Sends `input`.
    @inline(__always)
    func send(_ input: KeypadInput) -> Bool {
        switch input {
        case .digit(let value): digit(value: value)
        case .tick(let ms): tick(ms: ms)
        case .reset: reset()
        case .pull: pull()
        case .shut: shut()
        }
    }

    var configuration: [String] { activeStates.map { $0.rawValue } }
}

extension Keypad: KeypadEvents {}
extension HandWrittenKeypad: KeypadEvents {}

/// The keypad's stream: half digits, a third ticks, the door pulled and shut, a reset rarely. Most
/// events change state (external and self transitions); digits in `Open` and most ticks in
/// `Entering` are internal.
func keypadEventStream(count: Int) -> [KeypadInput] {
    eventStream(count: count, seed: 0x0C0DE) { random, argument in
        switch random % 100 {
        case 0..<50: .digit(argument % 10)
        case 50..<85: .tick(argument)
        case 85..<92: .pull
        case 92..<98: .shut
        default: .reset
        }
    }
}

/// Guards that depend only on their arguments, shared by both actions classes.
class KeypadGuards {
    func isFirst(value: Int) -> Bool { value < 5 }
    func isLast(value: Int) -> Bool { value == 9 }
    func isNext(value: Int) -> Bool { value < 7 }
    func timedOut(ms: Int) -> Bool { ms > 800 }
    func heldTooLong(ms: Int) -> Bool { ms > 500 }
}

/// Actions that fold every call into a checksum.
final class KeypadChecksumActions: KeypadGuards, KeypadActions {
    private(set) var checksum = Checksum()
    func logReset() { checksum.note(1) }
    func lock() { checksum.note(2) }
    func record(value: Int) { checksum.note(3, value) }
    func buzz() { checksum.note(4) }
    func startTimer() { checksum.note(5) }
    func stopTimer() { checksum.note(6) }
    func blink(ms: Int) { checksum.note(7, ms) }
    func unlock() { checksum.note(8) }
    func chime() { checksum.note(9) }
    func startAlarmTimer() { checksum.note(10) }
    func stopAlarm() { checksum.note(11) }
    func soundAlarm() { checksum.note(12) }
    func unhandledEvent(_ event: Keypad.Event, in state: Keypad.StateID) { checksum.note(13) }
}

/// Actions that write down every call, guards included.
final class KeypadTranscriptActions: KeypadGuards, KeypadActions {
    let log = TranscriptLog()
    override func isFirst(value: Int) -> Bool { log.check("isFirst(\(value))", super.isFirst(value: value)) }
    override func isLast(value: Int) -> Bool { log.check("isLast(\(value))", super.isLast(value: value)) }
    override func isNext(value: Int) -> Bool { log.check("isNext(\(value))", super.isNext(value: value)) }
    override func timedOut(ms: Int) -> Bool { log.check("timedOut(\(ms))", super.timedOut(ms: ms)) }
    override func heldTooLong(ms: Int) -> Bool { log.check("heldTooLong(\(ms))", super.heldTooLong(ms: ms)) }
    func logReset() { log.note("logReset") }
    func lock() { log.note("lock") }
    func record(value: Int) { log.note("record(\(value))") }
    func buzz() { log.note("buzz") }
    func startTimer() { log.note("startTimer") }
    func stopTimer() { log.note("stopTimer") }
    func blink(ms: Int) { log.note("blink(\(ms))") }
    func unlock() { log.note("unlock") }
    func chime() { log.note("chime") }
    func startAlarmTimer() { log.note("startAlarmTimer") }
    func stopAlarm() { log.note("stopAlarm") }
    func soundAlarm() { log.note("soundAlarm") }
    func unhandledEvent(_ event: Keypad.Event, in state: Keypad.StateID) {
        log.note("unhandled \(event.rawValue) in \(state.rawValue)")
    }
}

/// Keypad.fsm: four states, no composite, self and external transitions.
let keypadShape = DispatchShape(
    name: "Keypad",
    states: Keypad.StateID.allCases.map(\.rawValue),
    runs: { count in
        let actions = (KeypadChecksumActions(), KeypadChecksumActions())
        return DispatchRuns(
            keypadEventStream(count: count), Keypad(actions: actions.0), HandWrittenKeypad(actions: actions.1), keeping: actions
        )
    },
    transcripts: { count in
        let actions = (KeypadTranscriptActions(), KeypadTranscriptActions())
        return transcripts(
            keypadEventStream(count: count), Keypad(actions: actions.0), HandWrittenKeypad(actions: actions.1),
            logs: (actions.0.log, actions.1.log)
        )
    }
)
