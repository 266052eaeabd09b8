// How the dispatch benchmark drives Player.fsm: a stream of events weighted like a player in use,
// guards shared by both actions classes, actions that fold into a checksum and actions that write
// a transcript.

/// One event of the player's stream, with its argument.
enum PlayerInput: Equatable {
    case key(Int), tick(Int), seek(Int), power, menu, play, stop, pause
}

/// The events of Player.fsm, which the generated and the hand-written player both have.
protocol PlayerEvents: DrivenMachine where Input == PlayerInput {
    var activeStates: [Player.StateID] { get }
    func key(code: Int) -> Bool
    func tick(ms: Int) -> Bool
    func seek(position: Int) -> Bool
    func power() -> Bool
    func menu() -> Bool
    func play() -> Bool
    func stop() -> Bool
    func pause() -> Bool
}

extension PlayerEvents {
    /// Sends `input`.
    @inline(__always)
    func send(_ input: PlayerInput) -> Bool {
        switch input {
        case .key(let code): key(code: code)
        case .tick(let ms): tick(ms: ms)
        case .seek(let position): seek(position: position)
        case .power: power()
        case .menu: menu()
        case .play: play()
        case .stop: stop()
        case .pause: pause()
        }
    }

    var configuration: [String] { activeStates.map { $0.rawValue } }
}

extension Player: PlayerEvents {}
extension HandWrittenPlayer: PlayerEvents {}

/// The player's stream: mostly ticks, keys and transport buttons, power rarely.
func playerEventStream(count: Int) -> [PlayerInput] {
    eventStream(count: count, seed: 0x5EED) { random, argument in
        switch random % 64 {
        case 0: .power
        case 1...14: .tick(argument)
        case 15...26: .key(argument % 32)
        case 27...32: .seek(argument % 100)
        case 33...40: .menu
        case 41...50: .play
        case 51...56: .pause
        default: .stop
        }
    }
}

/// Guards that depend only on their arguments (and, for `hasMedia`, on how often it was asked),
/// shared by both actions classes so that guards decide the same way in every run.
class PlayerGuards {
    private var mediaQueries = 0
    func isAsleep(ms: Int) -> Bool { ms > 900 }
    func hasMedia() -> Bool {
        mediaQueries &+= 1
        return mediaQueries % 4 != 0
    }
    func canSeek(position: Int) -> Bool { position % 4 != 0 }
    func isBuffered(ms: Int) -> Bool { ms % 3 == 0 }
    func isEnter(code: Int) -> Bool { code == 13 }
    func isBack(code: Int) -> Bool { code == 27 }
}

/// Actions that fold every call into a checksum.
final class PlayerChecksumActions: PlayerGuards, PlayerActions {
    private(set) var checksum = Checksum()
    func powerDown() { checksum.note(1) }
    func dimScreen() { checksum.note(2) }
    func powerUp() { checksum.note(3) }
    func saveSettings() { checksum.note(4) }
    func loadMedia() { checksum.note(5) }
    func rewind() { checksum.note(6) }
    func advance(ms: Int) { checksum.note(7, ms) }
    func jump(position: Int) { checksum.note(8, position) }
    func showSpinner() { checksum.note(9) }
    func hideSpinner() { checksum.note(10) }
    func startAudio() { checksum.note(11) }
    func stopAudio() { checksum.note(12) }
    func showMenu() { checksum.note(13) }
    func hideMenu() { checksum.note(14) }
    func beep() { checksum.note(15) }
    func blink(ms: Int) { checksum.note(16, ms) }
    func highlight(code: Int) { checksum.note(17, code) }
    func adjust(code: Int) { checksum.note(18, code) }
    func unhandledEvent(_ event: Player.Event, in state: Player.StateID) { checksum.note(19) }
}

/// Actions that write down every call, guards included.
final class PlayerTranscriptActions: PlayerGuards, PlayerActions {
    let log = TranscriptLog()
    override func isAsleep(ms: Int) -> Bool { log.check("isAsleep(\(ms))", super.isAsleep(ms: ms)) }
    override func hasMedia() -> Bool { log.check("hasMedia", super.hasMedia()) }
    override func canSeek(position: Int) -> Bool { log.check("canSeek(\(position))", super.canSeek(position: position)) }
    override func isBuffered(ms: Int) -> Bool { log.check("isBuffered(\(ms))", super.isBuffered(ms: ms)) }
    override func isEnter(code: Int) -> Bool { log.check("isEnter(\(code))", super.isEnter(code: code)) }
    override func isBack(code: Int) -> Bool { log.check("isBack(\(code))", super.isBack(code: code)) }
    func powerDown() { log.note("powerDown") }
    func dimScreen() { log.note("dimScreen") }
    func powerUp() { log.note("powerUp") }
    func saveSettings() { log.note("saveSettings") }
    func loadMedia() { log.note("loadMedia") }
    func rewind() { log.note("rewind") }
    func advance(ms: Int) { log.note("advance(\(ms))") }
    func jump(position: Int) { log.note("jump(\(position))") }
    func showSpinner() { log.note("showSpinner") }
    func hideSpinner() { log.note("hideSpinner") }
    func startAudio() { log.note("startAudio") }
    func stopAudio() { log.note("stopAudio") }
    func showMenu() { log.note("showMenu") }
    func hideMenu() { log.note("hideMenu") }
    func beep() { log.note("beep") }
    func blink(ms: Int) { log.note("blink(\(ms))") }
    func highlight(code: Int) { log.note("highlight(\(code))") }
    func adjust(code: Int) { log.note("adjust(\(code))") }
    func unhandledEvent(_ event: Player.Event, in state: Player.StateID) {
        log.note("unhandled \(event.rawValue) in \(state.rawValue)")
    }
}

/// Player.fsm: 11 states, composites two deep, guards, effects, entry and exit, push and pop.
let playerShape = DispatchShape(
    name: "Player",
    states: Player.StateID.allCases.map(\.rawValue),
    runs: { count in
        let actions = (PlayerChecksumActions(), PlayerChecksumActions())
        return DispatchRuns(
            playerEventStream(count: count), Player(actions: actions.0), HandWrittenPlayer(actions: actions.1), keeping: actions
        )
    },
    transcripts: { count in
        let actions = (PlayerTranscriptActions(), PlayerTranscriptActions())
        return transcripts(
            playerEventStream(count: count), Player(actions: actions.0), HandWrittenPlayer(actions: actions.1),
            logs: (actions.0.log, actions.1.log)
        )
    }
)
