// How the dispatch benchmark drives Keypad.fsm: a stream of digits and timer ticks with the door
// pulled and shut now and then, guards shared by both actions classes, actions that fold into a
// checksum and actions that write a transcript.

/// One event of the keypad's stream, with its argument.
enum KeypadInput: Equatable {
    case digit(Int), tick(Int), reset, pull, shut

    /// Sends this event to `machine`.
    @inline(__always)
    func send(to machine: some KeypadEvents) -> Bool {
        switch self {
        case .digit(let value): machine.digit(value: value)
        case .tick(let ms): machine.tick(ms: ms)
        case .reset: machine.reset()
        case .pull: machine.pull()
        case .shut: machine.shut()
        }
    }
}

/// The events of Keypad.fsm, which the generated and the hand-written keypad both have.
protocol KeypadEvents: AnyObject {
    func digit(value: Int) -> Bool
    func tick(ms: Int) -> Bool
    func reset() -> Bool
    func pull() -> Bool
    func shut() -> Bool
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
    func unhandledEvent(_ event: Keypad.Event, in state: Keypad.StateID) { log.note("unhandled \(event) in \(state)") }
}

/// Keypad.fsm: four states, no composite, self and external transitions.
let keypadShape = DispatchShape(
    name: "Keypad",
    states: Keypad.StateID.allCases.map(\.rawValue),
    runs: { count in
        let events = keypadEventStream(count: count)
        let actions = (KeypadChecksumActions(), KeypadChecksumActions())
        let generated = Keypad(actions: actions.0)
        let handWritten = HandWrittenKeypad(actions: actions.1)
        generated.start()
        handWritten.start()
        return DispatchRuns(
            events: count,
            generated: { withExtendedLifetime(actions) { drive(events) { $0.send(to: generated) } } },
            handWritten: { drive(events) { $0.send(to: handWritten) } }
        )
    },
    transcripts: { count in
        let events = keypadEventStream(count: count)
        let actions = (KeypadTranscriptActions(), KeypadTranscriptActions())
        let generated = Keypad(actions: actions.0)
        let handWritten = HandWrittenKeypad(actions: actions.1)
        generated.start()
        handWritten.start()
        return (
            transcript(events, actions.0.log, send: { $0.send(to: generated) }) { generated.activeStates.map(\.rawValue) },
            transcript(events, actions.1.log, send: { $0.send(to: handWritten) }) { handWritten.activeStates.map(\.rawValue) }
        )
    }
)
