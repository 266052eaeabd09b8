// Stream.fsm written by hand as the fastest reasonable Swift: a flag for the parallel state and
// an `enum` per region, one method per event with the regions handled in order, every exit,
// effect and entry spelled out in the order of the language's rules (selection with its guards
// first, then exits innermost and last-written first, effects, entries). Same actions protocol as
// the generated machine, held strongly; none of the generated machine's extras.

/// Stream.fsm by hand, as `enum`s and `switch`.
final class HandWrittenStream {
    enum Playback { case playing, paused }
    enum Network { case online, offline }
    enum Screen { case shown, dimmed }

    /// Whether `Running` (and so every region) is active; `Stopped` otherwise.
    private(set) var running = false
    private(set) var playback = Playback.playing
    private(set) var network = Network.online
    private(set) var screen = Screen.shown
    private let actions: any StreamActions

    init(actions: any StreamActions) {
        self.actions = actions
    }

    /// Enters the initial state.
    func start() {
        actions.reset()
    }

    /// Every active state, in document order (what the transcripts compare; not on the dispatch path).
    var activeStates: [Stream.StateID] {
        guard running else { return [.stopped] }
        return [
            .running, .playback, playback == .playing ? .playing : .paused,
            .network, network == .online ? .online : .offline,
            .screen, screen == .shown ? .shown : .dimmed,
        ]
    }

    private func unhandled(_ event: Stream.Event) -> Bool {
        actions.unhandledEvent(event, in: running ? .running : .stopped)
        return false
    }

    @discardableResult
    func tick(ms: Int) -> Bool {
        guard running else { return unhandled(.tick) }
        // Guards first, region by region; only Offline and Shown have one.
        let reconnects = network == .offline && actions.reconnected(ms: ms)
        let dims = screen == .shown && actions.isIdle(ms: ms)
        guard playback == .playing || network == .online || reconnects || screen == .shown else {
            return unhandled(.tick)
        }
        // Neither Offline nor Shown has an exit activity, nor Online an entry activity.
        if playback == .playing { actions.advance(ms: ms) }
        if network == .online { actions.download(ms: ms) }
        if screen == .shown && !dims { actions.render(ms: ms) }
        if reconnects { network = .online }
        if dims {
            actions.dim()
            screen = .dimmed
        }
        return true
    }

    @discardableResult
    func play() -> Bool {
        guard !running else { return unhandled(.play) }
        actions.connect()
        actions.startAudio()
        running = true
        playback = .playing
        network = .online
        screen = .shown
        return true
    }

    @discardableResult
    func stop() -> Bool {
        guard running else { return unhandled(.stop) }
        if playback == .paused {
            // Paused's own `stop` is more specific than Running's: it wins, and only Playback changes.
            actions.rewind()
            actions.startAudio()
            playback = .playing
            return true
        }
        if screen == .dimmed { actions.brighten() }
        actions.stopAudio()
        actions.disconnect()
        actions.reset()
        running = false
        return true
    }

    @discardableResult
    func pause() -> Bool {
        guard running else { return unhandled(.pause) }
        switch playback {
        case .playing:
            actions.stopAudio()
            if screen == .shown { actions.showControls() }
            playback = .paused
        case .paused:
            if screen == .shown { actions.showControls() }
            actions.startAudio()
            playback = .playing
        }
        return true
    }

    @discardableResult
    func drop() -> Bool {
        guard running, network == .online else { return unhandled(.drop) }
        actions.showOffline()
        network = .offline
        return true
    }

    @discardableResult
    func touch() -> Bool {
        guard running, screen == .dimmed else { return unhandled(.touch) }
        actions.brighten()
        screen = .shown
        return true
    }
}
