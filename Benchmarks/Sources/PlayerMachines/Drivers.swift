// What the dispatch benchmark drives both machines with: a pseudo-random event stream, actions
// that only add to a checksum (so that dispatch is what is measured), and actions that record a
// transcript (so that the two machines can be shown to behave identically).

/// One event of the stream, with its argument.
public enum PlayerInput: Sendable, Equatable {
    case key(Int), tick(Int), seek(Int), power, menu, play, stop, pause
}

/// A reproducible pseudo-random event stream (SplitMix64), weighted like a player in use: mostly
/// ticks, keys and transport buttons, power rarely.
public func playerEventStream(count: Int, seed: UInt64 = 0x5EED) -> [PlayerInput] {
    var state = seed
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var events: [PlayerInput] = []
    events.reserveCapacity(count)
    for _ in 0..<count {
        let r = next()
        let argument = Int((r >> 32) % 1000)
        switch r % 64 {
        case 0: events.append(.power)
        case 1...14: events.append(.tick(argument))
        case 15...26: events.append(.key(argument % 32))
        case 27...32: events.append(.seek(argument % 100))
        case 33...40: events.append(.menu)
        case 41...50: events.append(.play)
        case 51...56: events.append(.pause)
        default: events.append(.stop)
        }
    }
    return events
}

/// Guards that depend only on their arguments (and, for `hasMedia`, on how often it was asked),
/// shared by both actions classes so that guards decide the same way in every run.
public class PlayerGuards {
    private var mediaQueries = 0
    public init() {}
    public func isAsleep(ms: Int) -> Bool { ms > 900 }
    public func hasMedia() -> Bool {
        mediaQueries &+= 1
        return mediaQueries % 4 != 0
    }
    public func canSeek(position: Int) -> Bool { position % 4 != 0 }
    public func isBuffered(ms: Int) -> Bool { ms % 3 == 0 }
    public func isEnter(code: Int) -> Bool { code == 13 }
    public func isBack(code: Int) -> Bool { code == 27 }
}

/// Actions that fold every call into a checksum: cheap, allocation-free, and not optimisable away.
public final class ChecksumActions: PlayerGuards, PlayerActions {
    public private(set) var checksum = 0
    private func note(_ id: Int, _ value: Int = 0) { checksum = checksum &* 31 &+ id &+ value }
    func powerDown() { note(1) }
    func dimScreen() { note(2) }
    func powerUp() { note(3) }
    func saveSettings() { note(4) }
    func loadMedia() { note(5) }
    func rewind() { note(6) }
    func advance(ms: Int) { note(7, ms) }
    func jump(position: Int) { note(8, position) }
    func showSpinner() { note(9) }
    func hideSpinner() { note(10) }
    func startAudio() { note(11) }
    func stopAudio() { note(12) }
    func showMenu() { note(13) }
    func hideMenu() { note(14) }
    func beep() { note(15) }
    func blink(ms: Int) { note(16, ms) }
    func highlight(code: Int) { note(17, code) }
    func adjust(code: Int) { note(18, code) }
    func unhandledEvent(_ event: Player.Event, in state: Player.StateID) { note(19) }
}

/// Actions that write down every call, guards included, for comparing the two machines.
public final class TranscriptActions: PlayerGuards, PlayerActions {
    public fileprivate(set) var transcript: [String] = []
    public override func isAsleep(ms: Int) -> Bool { record("isAsleep(\(ms))", super.isAsleep(ms: ms)) }
    public override func hasMedia() -> Bool { record("hasMedia", super.hasMedia()) }
    public override func canSeek(position: Int) -> Bool { record("canSeek(\(position))", super.canSeek(position: position)) }
    public override func isBuffered(ms: Int) -> Bool { record("isBuffered(\(ms))", super.isBuffered(ms: ms)) }
    public override func isEnter(code: Int) -> Bool { record("isEnter(\(code))", super.isEnter(code: code)) }
    public override func isBack(code: Int) -> Bool { record("isBack(\(code))", super.isBack(code: code)) }
    private func record(_ call: String, _ result: Bool) -> Bool {
        transcript.append("\(call) -> \(result)")
        return result
    }
    func powerDown() { transcript.append("powerDown") }
    func dimScreen() { transcript.append("dimScreen") }
    func powerUp() { transcript.append("powerUp") }
    func saveSettings() { transcript.append("saveSettings") }
    func loadMedia() { transcript.append("loadMedia") }
    func rewind() { transcript.append("rewind") }
    func advance(ms: Int) { transcript.append("advance(\(ms))") }
    func jump(position: Int) { transcript.append("jump(\(position))") }
    func showSpinner() { transcript.append("showSpinner") }
    func hideSpinner() { transcript.append("hideSpinner") }
    func startAudio() { transcript.append("startAudio") }
    func stopAudio() { transcript.append("stopAudio") }
    func showMenu() { transcript.append("showMenu") }
    func hideMenu() { transcript.append("hideMenu") }
    func beep() { transcript.append("beep") }
    func blink(ms: Int) { transcript.append("blink(\(ms))") }
    func highlight(code: Int) { transcript.append("highlight(\(code))") }
    func adjust(code: Int) { transcript.append("adjust(\(code))") }
    func unhandledEvent(_ event: Player.Event, in state: Player.StateID) {
        transcript.append("unhandled \(event) in \(state)")
    }
}

/// A started generated machine and its actions, ready to be driven.
public final class GeneratedPlayerRun {
    let actions: ChecksumActions
    let machine: Player
    public init(actions: ChecksumActions) {
        self.actions = actions
        machine = Player(actions: actions)
        machine.start()
    }
    /// Sends every event; returns how many were handled.
    public func drive(_ events: [PlayerInput]) -> Int {
        var handled = 0
        for event in events where send(event) { handled &+= 1 }
        return handled
    }
    @inline(__always) private func send(_ event: PlayerInput) -> Bool {
        switch event {
        case .key(let code): machine.key(code: code)
        case .tick(let ms): machine.tick(ms: ms)
        case .seek(let position): machine.seek(position: position)
        case .power: machine.power()
        case .menu: machine.menu()
        case .play: machine.play()
        case .stop: machine.stop()
        case .pause: machine.pause()
        }
    }
}

/// A started hand-written machine and its actions, ready to be driven.
public final class HandWrittenPlayerRun {
    let actions: ChecksumActions
    let machine: HandWrittenPlayer
    public init(actions: ChecksumActions) {
        self.actions = actions
        machine = HandWrittenPlayer(actions: actions)
        machine.start()
    }
    /// Sends every event; returns how many were handled.
    public func drive(_ events: [PlayerInput]) -> Int {
        var handled = 0
        for event in events where send(event) { handled &+= 1 }
        return handled
    }
    @inline(__always) private func send(_ event: PlayerInput) -> Bool {
        switch event {
        case .key(let code): machine.key(code: code)
        case .tick(let ms): machine.tick(ms: ms)
        case .seek(let position): machine.seek(position: position)
        case .power: machine.power()
        case .menu: machine.menu()
        case .play: machine.play()
        case .stop: machine.stop()
        case .pause: machine.pause()
        }
    }
}

/// The transcripts of both machines on the same events: equal when they behave identically.
public func playerTranscripts(_ events: [PlayerInput]) -> (generated: [String], handWritten: [String]) {
    let generatedActions = TranscriptActions()
    let generated = Player(actions: generatedActions)
    generated.start()
    let handActions = TranscriptActions()
    let hand = HandWrittenPlayer(actions: handActions)
    hand.start()
    for event in events {
        let results: (Bool, Bool)
        switch event {
        case .key(let code): results = (generated.key(code: code), hand.key(code: code))
        case .tick(let ms): results = (generated.tick(ms: ms), hand.tick(ms: ms))
        case .seek(let position): results = (generated.seek(position: position), hand.seek(position: position))
        case .power: results = (generated.power(), hand.power())
        case .menu: results = (generated.menu(), hand.menu())
        case .play: results = (generated.play(), hand.play())
        case .stop: results = (generated.stop(), hand.stop())
        case .pause: results = (generated.pause(), hand.pause())
        }
        generatedActions.transcriptNote("\(event) -> \(results.0) in \(generated.state)")
        handActions.transcriptNote("\(event) -> \(results.1) in \(hand.state)")
    }
    return (generatedActions.transcript, handActions.transcript)
}

extension TranscriptActions {
    fileprivate func transcriptNote(_ line: String) { transcript.append(line) }
}
