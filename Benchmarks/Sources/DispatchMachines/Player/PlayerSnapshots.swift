// What the Snapshot benchmark repeats (docs/Performance.md, section 6): the generated
// player's snapshot taken, and a player restored from it, in the configuration that
// scripts/bench-snapshot measures too (On, Menu, Settings, with Playing on the push stack). No
// JSON here: this module stays free of Foundation, whose presence would change the dispatch
// benchmark's builds; the script measures the JSON round trip.

/// One snapshot operation of a generated machine, repeated.
public struct SnapshotOperation: Sendable, CustomStringConvertible {
    /// The machine's name, a slash and the operation's (`Player/restore`).
    public let name: String
    /// A machine set up for the operation, and what repeats it `count` times on it; the closure
    /// returns a number made of what the operations made, and can be called again.
    public let runs: @Sendable (_ count: Int) -> () -> Int

    /// The operation's name.
    public var description: String { name }
}

/// The player in On, Menu, Settings with Playing on the push stack: power, play, a buffered tick,
/// menu (which pushes Playing) and Enter.
private func configuredPlayer(_ actions: PlayerChecksumActions) -> Player {
    let player = Player(actions: actions)
    player.start()
    _ = (player.power(), player.play(), player.tick(ms: 3), player.menu(), player.key(code: 13))
    precondition(player.activeStates == [.on, .menu, .settings], "the benchmark's configuration moved")
    return player
}

/// Player's operations: `init` (a machine made, the baseline of `restore`), `snapshot` and
/// `restore` (`init(actions:restoring:)` from the snapshot value).
public let playerSnapshotOperations = [
    SnapshotOperation(name: "Player/init") { count in
        let actions = PlayerChecksumActions()
        return {
            var made = 0
            for _ in 0..<count { made &+= keep(Player(actions: actions)) }
            return made
        }
    },
    SnapshotOperation(name: "Player/snapshot") { count in
        let actions = PlayerChecksumActions()
        let player = configuredPlayer(actions)
        return {
            var made = 0
            for _ in 0..<count { made &+= keep(player.snapshot) }
            return withExtendedLifetime(actions) { made }
        }
    },
    SnapshotOperation(name: "Player/restore") { count in
        let actions = PlayerChecksumActions()
        let snapshot = configuredPlayer(actions).snapshot
        precondition(try! Player(actions: actions, restoring: snapshot).snapshot == snapshot)
        return {
            var made = 0
            for _ in 0..<count { made &+= keep(try! Player(actions: actions, restoring: snapshot)) }
            return made
        }
    },
]

/// The last player and snapshot made, kept whole until the next one, so that none of it is
/// optimised away and a player is made on the heap as an app's would be.
nonisolated(unsafe) private var lastPlayer: Player?
nonisolated(unsafe) private var lastSnapshot: Player.Snapshot?

/// Keeps `player` until the next one and returns a number of it: 1 in Settings (where a restored
/// player is), 0 elsewhere (a new player is in its initial state).
@inline(never)
private func keep(_ player: Player) -> Int {
    lastPlayer = player
    return player.state == .settings ? 1 : 0
}

/// Keeps `snapshot` until the next one and returns a number of it.
@inline(never)
private func keep(_ snapshot: Player.Snapshot) -> Int {
    lastSnapshot = snapshot
    return snapshot.activeStates.count
}
