// How the dispatch benchmark drives Hero.fsm: a stream of events like a game's (a tick every frame,
// the stick moved often, hits and jumps now and then), guards shared by both actions classes,
// actions that fold into a checksum and actions that write a transcript.

/// One event of the hero's stream, with its argument.
enum HeroInput: Equatable {
    case tick(Int), move(Int), aim(Int), hit(Int), jump, respawn
}

/// The events of Hero.fsm, which the generated and the hand-written hero both have.
protocol HeroEvents: DrivenMachine where Input == HeroInput {
    var activeStates: [Hero.StateID] { get }
    func tick(dt: Int) -> Bool
    func move(dx: Int) -> Bool
    func aim(angle: Int) -> Bool
    func hit(damage: Int) -> Bool
    func jump() -> Bool
    func respawn() -> Bool
}

extension HeroEvents {
    /// Sends `input`.
    @inline(__always)
    func send(_ input: HeroInput) -> Bool {
        switch input {
        case .tick(let dt): tick(dt: dt)
        case .move(let dx): move(dx: dx)
        case .aim(let angle): aim(angle: angle)
        case .hit(let damage): hit(damage: damage)
        case .jump: jump()
        case .respawn: respawn()
        }
    }

    var configuration: [String] { activeStates.map { $0.rawValue } }
}

extension Hero: HeroEvents {}
extension HandWrittenHero: HeroEvents {}

/// The hero's stream: half ticks, then the stick (aim and move), hits, jumps, and a respawn now
/// and then (most of them unhandled: the hero is seldom dead). Nine events in ten are internal
/// transitions: in the leaf (tick, steer, drift) or one level up (aim, a hit that is not fatal).
func heroEventStream(count: Int) -> [HeroInput] {
    eventStream(count: count, seed: 0x4E60) { random, argument in
        switch random % 100 {
        case 0..<50: .tick(argument % 33)
        case 50..<70: .aim(argument % 360)
        case 70..<88: .move(argument % 7 - 3)
        case 88..<93: .hit(argument % 100)
        case 93..<98: .jump
        default: .respawn
        }
    }
}

/// Guards that depend only on their arguments, shared by both actions classes.
class HeroGuards {
    func isFatal(damage: Int) -> Bool { damage >= 95 }
    func isStill(dx: Int) -> Bool { dx == 0 }
    func hasLanded(dt: Int) -> Bool { dt % 5 == 0 }
}

/// Actions that fold every call into a checksum.
final class HeroChecksumActions: HeroGuards, HeroActions {
    private(set) var checksum = Checksum()
    func turn(angle: Int) { checksum.note(1, angle) }
    func takeDamage(damage: Int) { checksum.note(2, damage) }
    func breathe(dt: Int) { checksum.note(3, dt) }
    func startWalking(dx: Int) { checksum.note(4, dx) }
    func step(dt: Int) { checksum.note(5, dt) }
    func steer(dx: Int) { checksum.note(6, dx) }
    func leaveGround() { checksum.note(7) }
    func land() { checksum.note(8) }
    func fall(dt: Int) { checksum.note(9, dt) }
    func drift(dx: Int) { checksum.note(10, dx) }
    func die() { checksum.note(11) }
    func fade(dt: Int) { checksum.note(12, dt) }
    func unhandledEvent(_ event: Hero.Event, in state: Hero.StateID) { checksum.note(13) }
}

/// Actions that write down every call, guards included.
final class HeroTranscriptActions: HeroGuards, HeroActions {
    let log = TranscriptLog()
    override func isFatal(damage: Int) -> Bool { log.check("isFatal(\(damage))", super.isFatal(damage: damage)) }
    override func isStill(dx: Int) -> Bool { log.check("isStill(\(dx))", super.isStill(dx: dx)) }
    override func hasLanded(dt: Int) -> Bool { log.check("hasLanded(\(dt))", super.hasLanded(dt: dt)) }
    func turn(angle: Int) { log.note("turn(\(angle))") }
    func takeDamage(damage: Int) { log.note("takeDamage(\(damage))") }
    func breathe(dt: Int) { log.note("breathe(\(dt))") }
    func startWalking(dx: Int) { log.note("startWalking(\(dx))") }
    func step(dt: Int) { log.note("step(\(dt))") }
    func steer(dx: Int) { log.note("steer(\(dx))") }
    func leaveGround() { log.note("leaveGround") }
    func land() { log.note("land") }
    func fall(dt: Int) { log.note("fall(\(dt))") }
    func drift(dx: Int) { log.note("drift(\(dx))") }
    func die() { log.note("die") }
    func fade(dt: Int) { log.note("fade(\(dt))") }
    func unhandledEvent(_ event: Hero.Event, in state: Hero.StateID) {
        log.note("unhandled \(event.rawValue) in \(state.rawValue)")
    }
}

/// Hero.fsm: five states, one composite, mostly internal transitions.
let heroShape = DispatchShape(
    name: "Hero",
    states: Hero.StateID.allCases.map(\.rawValue),
    runs: { count in
        let actions = (HeroChecksumActions(), HeroChecksumActions())
        return DispatchRuns(
            heroEventStream(count: count), Hero(actions: actions.0), HandWrittenHero(actions: actions.1), keeping: actions
        )
    },
    transcripts: { count in
        let actions = (HeroTranscriptActions(), HeroTranscriptActions())
        return transcripts(
            heroEventStream(count: count), Hero(actions: actions.0), HandWrittenHero(actions: actions.1),
            logs: (actions.0.log, actions.1.log)
        )
    }
)
