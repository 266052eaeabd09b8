// The baseline of the dispatch benchmark: Player.fsm written by hand as the fastest reasonable
// Swift — the innermost state an `enum`, one method per event with a `switch`, every exit, effect
// and entry spelled out in UML order. It uses the same actions protocol as the generated machine
// and holds its actions strongly. It does without what the generated machine offers besides
// dispatch (queueing of events sent from actions, introspection, an unowned actions reference).

/// Player.fsm by hand, as an `enum` and `switch`.
final class HandWrittenPlayer {
    /// The innermost active state; composite states are implied by it.
    enum Leaf { case off, standby, idle, buffering, playing, paused, main, settings }

    private(set) var leaf: Leaf = .off
    private var stack: [Leaf] = []
    private let actions: any PlayerActions

    init(actions: any PlayerActions) {
        self.actions = actions
    }

    /// Enters the initial state.
    func start() {
        actions.powerDown()
    }

    var state: Player.StateID {
        switch leaf {
        case .off: .off
        case .standby: .standby
        case .idle: .idle
        case .buffering: .buffering
        case .playing: .playing
        case .paused: .paused
        case .main: .main
        case .settings: .settings
        }
    }

    /// Every active state, outermost first (what the transcripts compare; not on the dispatch path).
    var activeStates: [Player.StateID] {
        switch leaf {
        case .off, .standby: [state]
        case .idle: [.on, .idle]
        case .buffering, .playing, .paused: [.on, .active, state]
        case .main, .settings: [.on, .menu, state]
        }
    }

    // MARK: Exits and entries

    /// Exits the active states inside `On` (not `On` itself), innermost first.
    private func exitBelowOn() {
        switch leaf {
        case .buffering: actions.hideSpinner()
        case .playing: actions.stopAudio()
        case .main, .settings: actions.hideMenu()
        case .off, .standby, .idle, .paused: break
        }
    }

    /// Enters `target`, a leaf inside `On`, from just below `On`.
    private func enterBelowOn(_ target: Leaf) {
        switch target {
        case .buffering: actions.showSpinner()
        case .playing: actions.startAudio()
        case .main, .settings: actions.showMenu()
        case .off, .standby, .idle, .paused: break
        }
        leaf = target
    }

    private func unhandled(_ event: Player.Event) {
        actions.unhandledEvent(event, in: state)
    }

    // MARK: Events

    @discardableResult
    func power() -> Bool {
        switch leaf {
        case .off:
            actions.powerUp()
            leaf = .idle
        case .standby:
            actions.powerDown()
            leaf = .off
        case .idle, .buffering, .playing, .paused:
            exitBelowOn()
            actions.saveSettings()
            actions.powerDown()
            leaf = .off
        case .main, .settings:
            actions.beep()
        }
        return true
    }

    @discardableResult
    func key(code: Int) -> Bool {
        switch leaf {
        case .standby:
            actions.powerUp()
            leaf = .idle
        case .main:
            if actions.isEnter(code: code) { leaf = .settings } else { actions.highlight(code: code) }
        case .settings:
            if actions.isBack(code: code) { leaf = .main } else { actions.adjust(code: code) }
        case .off, .idle, .buffering, .playing, .paused:
            unhandled(.key)
            return false
        }
        return true
    }

    @discardableResult
    func tick(ms: Int) -> Bool {
        switch leaf {
        case .buffering:
            if actions.isBuffered(ms: ms) {
                actions.hideSpinner()
                actions.startAudio()
                leaf = .playing
            } else {
                actions.advance(ms: ms)
            }
        case .playing, .paused:
            actions.advance(ms: ms)
        case .idle:
            guard actions.isAsleep(ms: ms) else {
                unhandled(.tick)
                return false
            }
            actions.saveSettings()
            actions.dimScreen()
            leaf = .standby
        case .main, .settings:
            actions.blink(ms: ms)
        case .off, .standby:
            unhandled(.tick)
            return false
        }
        return true
    }

    @discardableResult
    func seek(position: Int) -> Bool {
        switch leaf {
        case .paused:
            actions.jump(position: position)
        case .buffering, .playing:
            guard actions.canSeek(position: position) else {
                unhandled(.seek)
                return false
            }
            exitBelowOn()
            actions.jump(position: position)
            enterBelowOn(.buffering)
        case .off, .standby, .idle, .main, .settings:
            unhandled(.seek)
            return false
        }
        return true
    }

    @discardableResult
    func play() -> Bool {
        switch leaf {
        case .idle:
            guard actions.hasMedia() else {
                unhandled(.play)
                return false
            }
            actions.loadMedia()
            enterBelowOn(.buffering)
        case .paused:
            enterBelowOn(.playing)
        case .off, .standby, .buffering, .playing, .main, .settings:
            unhandled(.play)
            return false
        }
        return true
    }

    @discardableResult
    func pause() -> Bool {
        guard leaf == .playing else {
            unhandled(.pause)
            return false
        }
        actions.stopAudio()
        leaf = .paused
        return true
    }

    @discardableResult
    func stop() -> Bool {
        switch leaf {
        case .buffering, .playing, .paused:
            exitBelowOn()
            actions.rewind()
            leaf = .idle
        case .off, .standby, .idle, .main, .settings:
            unhandled(.stop)
            return false
        }
        return true
    }

    @discardableResult
    func menu() -> Bool {
        switch leaf {
        case .idle, .buffering, .playing, .paused:
            stack.append(leaf)
            exitBelowOn()
            enterBelowOn(.main)
        case .main, .settings:
            let target = stack.removeLast()
            exitBelowOn()
            enterBelowOn(target)
        case .off, .standby:
            unhandled(.menu)
            return false
        }
        return true
    }
}
