// A video player whose screen is drawn from the machine's configuration. While a video is watched,
// the Playback and Stream regions are both active, so there is no single current state: the app
// lists `activeStates` and asks `isIn` about each thing it draws.
//
// The manifest, the subtitles and the buffering are activities (`do /`): async work that runs while
// its state is active. This driver plays the network by hand (`activities: .manual`): the machine
// never calls them, `runningActivities` lists the states whose activity would be running, and the
// driver ends each with `finishActivity(of:)` or `failActivity(of:with:)`, so its output never
// changes. An app runs them as tasks instead,
//
//     let machine = MediaPlayer(actions: player)   // activities: .tasks
//
// and the machine calls `loadManifest()`, `loadSubtitles()` and `fillBuffer()` when their states are
// entered, cancels them when they are left, and handles their returns and errors on the main actor.

/// What the network throws.
enum StreamError: Error {
    case connectionLost
    case notFound
    case noSubtitles
}

@MainActor final class Player: MediaPlayerActions {
    /// How much of the video has been downloaded, in seconds.
    var bufferedUpTo = 120

    // The activities, as an app would write them (never called with `activities: .manual`).
    func loadManifest() async throws { try await Task.sleep(for: .milliseconds(300)) }
    func loadSubtitles() async throws { try await Task.sleep(for: .milliseconds(200)) }
    func fillBuffer() async throws {
        try await Task.sleep(for: .seconds(1))
        bufferedUpTo += 60
    }

    func showLibrary() { print("  [library]") }
    func hideSubtitles() { print("  no subtitles for this video") }
    func showPlayer() { print("  [player]") }
    func hidePlayer() { print("  [player closed]") }
    func jump(to seconds: Int) { print("  jump to \(seconds) s") }
    func startClock() { print("  clock running") }
    func stopClock() { print("  clock stopped") }
    func isNetworkError(error: any Error) -> Bool {
        if case .connectionLost? = error as? StreamError { return true }
        return false
    }
    func retry() { print("  retrying") }
    func report(error: any Error) { print("  reported: \(error)") }
    func showError() { print("  [the video cannot be played]") }
    func showSpinner() { print("  spinner on") }
    func hideSpinner() { print("  spinner off") }
    func isBuffered(seconds: Int) -> Bool { seconds <= bufferedUpTo }
}

/// The story, on the main actor, where the machine lives.
@MainActor func main() {
    let player = Player()
    let machine = MediaPlayer(actions: player, activities: .manual)

    /// Prints what happened, the active states and the running activities, then what the screen shows.
    func show(_ what: String, _ handled: Bool = true) {
        let states = machine.activeStates.map(\.rawValue).joined(separator: ", ")
        print("\(what)\(handled ? "" : " (ignored)") -> \(states)")
        let running = machine.runningActivities.map(\.rawValue)
        if !running.isEmpty { print("  running: \(running.joined(separator: ", "))") }
        // What the screen shows: one question per region.
        if machine.isIn(.watching) {
            let picture = machine.isIn(.playing) && machine.isIn(.ready) ? "moving" : "still"
            let button = machine.isIn(.playing) ? "Pause" : "Play"
            print("  screen: picture \(picture), button \(button)")
        }
    }

    /// The network: the activity of `state` returns, or throws `error`.
    func finish(_ state: MediaPlayer.StateID) {
        machine.finishActivity(of: state)
        show("\(state.rawValue) done")
    }
    func fail(_ state: MediaPlayer.StateID, _ error: StreamError) {
        machine.failActivity(of: state, with: error)
        show("\(state.rawValue) failed (\(error))")
    }

    machine.start()
    show("start")
    show("open", machine.open())  // the manifest and the subtitles load side by side
    fail(.loading, .noSubtitles)
    finish(.fetching)  // both regions ready: Opening completes
    finish(.buffering)
    show("seek 30", machine.seek(seconds: 30))  // already downloaded: Playback jumps, Stream stays ready
    show("seek 600", machine.seek(seconds: 600))  // both regions: Playback jumps, Stream buffers
    fail(.buffering, .connectionLost)  // a network error: Buffering again, with a new activity
    player.bufferedUpTo = 700
    finish(.buffering)
    show("pause", machine.pause())
    show("stalled", machine.stalled())
    show("callStarted", machine.callStarted())  // leaving Buffering cancels its activity
    show("callEnded", machine.callEnded())  // deep history: paused and buffering, a new activity
    finish(.buffering)
    show("play", machine.play())
    show("stalled", machine.stalled())
    fail(.buffering, .notFound)  // not a network error: the player gives up
    show("play", machine.play())
    show("close", machine.close())
}

MainActor.assumeIsolated { main() }  // top-level code runs on the main thread
