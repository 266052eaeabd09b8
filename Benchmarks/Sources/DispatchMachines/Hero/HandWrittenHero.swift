// Hero.fsm written by hand as the fastest reasonable Swift: the innermost state an `enum`, one
// method per event with a `switch`, every exit, effect and entry spelled out in UML order. Same
// actions protocol as the generated machine, held strongly; none of the generated machine's extras
// (queueing of events sent from actions, introspection, an unowned actions reference).

/// Hero.fsm by hand, as an `enum` and `switch`.
final class HandWrittenHero {
    /// The innermost active state; `Alive` is implied by all but `dead`.
    enum Leaf { case idle, walking, airborne, dead }

    private(set) var leaf: Leaf = .idle
    private let actions: any HeroActions

    init(actions: any HeroActions) {
        self.actions = actions
    }

    /// Enters the initial state: neither `Alive` nor `Idle` has an entry activity.
    func start() {}

    var state: Hero.StateID {
        switch leaf {
        case .idle: .idle
        case .walking: .walking
        case .airborne: .airborne
        case .dead: .dead
        }
    }

    /// Every active state, outermost first (what the transcripts compare; not on the dispatch path).
    var activeStates: [Hero.StateID] { leaf == .dead ? [.dead] : [.alive, state] }

    private func unhandled(_ event: Hero.Event) -> Bool {
        actions.unhandledEvent(event, in: state)
        return false
    }

    @discardableResult
    func tick(dt: Int) -> Bool {
        switch leaf {
        case .idle: actions.breathe(dt: dt)
        case .walking: actions.step(dt: dt)
        case .airborne:
            if actions.hasLanded(dt: dt) {
                actions.land()
                leaf = .idle
            } else {
                actions.fall(dt: dt)
            }
        case .dead: actions.fade(dt: dt)
        }
        return true
    }

    @discardableResult
    func move(dx: Int) -> Bool {
        switch leaf {
        case .idle:
            actions.startWalking(dx: dx)
            leaf = .walking
        case .walking:
            if actions.isStill(dx: dx) { leaf = .idle } else { actions.steer(dx: dx) }
        case .airborne: actions.drift(dx: dx)
        case .dead: return unhandled(.move)
        }
        return true
    }

    @discardableResult
    func aim(angle: Int) -> Bool {
        guard leaf != .dead else { return unhandled(.aim) }
        actions.turn(angle: angle)
        return true
    }

    @discardableResult
    func hit(damage: Int) -> Bool {
        guard leaf != .dead else { return unhandled(.hit) }
        if actions.isFatal(damage: damage) {
            if leaf == .airborne { actions.land() }
            actions.die()
            leaf = .dead
        } else {
            actions.takeDamage(damage: damage)
        }
        return true
    }

    @discardableResult
    func jump() -> Bool {
        switch leaf {
        case .idle, .walking:
            actions.leaveGround()
            leaf = .airborne
        case .airborne, .dead: return unhandled(.jump)
        }
        return true
    }

    @discardableResult
    func respawn() -> Bool {
        guard leaf == .dead else { return unhandled(.respawn) }
        leaf = .idle
        return true
    }
}
