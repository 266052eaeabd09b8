// A video player whose screen is drawn from the machine's configuration. While a video is watched,
// the Playback and Stream regions are both active, so there is no single current state: the app
// lists `activeStates` and asks `isIn` about each thing it draws.

final class Player: MediaPlayerActions {
    /// How much of the video has been downloaded, in seconds.
    var bufferedUpTo = 120

    func showLibrary() { print("  [library]") }
    func fetchManifest() { print("  fetching the stream") }
    func fetchSubtitles() { print("  fetching the subtitles") }
    func hideSubtitles() { print("  no subtitles for this video") }
    func showPlayer() { print("  [player]") }
    func hidePlayer() { print("  [player closed]") }
    func showError(code: Int) { print("  error \(code): the video cannot be played") }
    func jump(to seconds: Int) { print("  jump to \(seconds) s") }
    func startClock() { print("  clock running") }
    func stopClock() { print("  clock stopped") }
    func isTransient(code: Int) -> Bool { code >= 500 }
    func retry() { print("  retrying") }
    func showSpinner() { print("  spinner on") }
    func hideSpinner() { print("  spinner off") }
    func isBuffered(seconds: Int) -> Bool { seconds <= bufferedUpTo }
}

let player = Player()
let machine = MediaPlayer(actions: player)

// A closure rather than a function: it is isolated like the top-level code that uses `machine`
// (the main actor in Swift 6, nothing in Swift 5), so the driver compiles in both modes.
let show = { (event: String, handled: Bool) in
    let states = machine.activeStates.map(\.rawValue).joined(separator: ", ")
    print("\(event)\(handled ? "" : " (ignored)") -> \(states)")
    // What the screen shows: one question per region.
    if machine.isIn(.watching) {
        let picture = machine.isIn(.playing) && machine.isIn(.ready) ? "moving" : "still"
        let button = machine.isIn(.playing) ? "Pause" : "Play"
        print("  screen: picture \(picture), button \(button)")
    }
}

machine.start()
show("start", true)
show("open", machine.open())  // the stream and the subtitles load side by side
show("subtitlesFailed", machine.subtitlesFailed())
show("manifestLoaded", machine.manifestLoaded())  // both regions ready: Opening completes
show("buffered", machine.buffered())
show("seek 30", machine.seek(seconds: 30))  // already downloaded: Playback jumps, Stream stays ready
show("seek 600", machine.seek(seconds: 600))  // both regions: Playback jumps, Stream buffers
player.bufferedUpTo = 700
show("buffered", machine.buffered())
show("pause", machine.pause())
show("callStarted", machine.callStarted())
show("callEnded", machine.callEnded())  // deep history: paused, the stream ready
show("play", machine.play())
show("streamFailed 503", machine.streamFailed(code: 503))  // transient: the Stream region retries
show("buffered", machine.buffered())
show("streamFailed 404", machine.streamFailed(code: 404))  // not transient: Watching gives up
show("play", machine.play())
