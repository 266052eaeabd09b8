// An upload with progress, a time limit and retries with back-off. The driver plays the network
// and moves time by hand (`timing: .manual`, `advanceTime(by:)`), so its output never changes.
// In an app the machine keeps the real clock, `Upload(actions: uploader)`: the progress ticks, the
// time limit and the pauses then come by themselves on the main actor, and the network's
// callbacks call `chunkSent(total:)` and `failed(reason:)` there.

@MainActor final class Uploader: UploadActions {
    let size = 300
    private var sent = 0
    private var retries = 0

    func sendNextChunk() { print("  sending bytes \(sent)..<\(min(sent + 100, size))") }
    func reportProgress() { print("  progress: \(100 * sent / size)%") }
    func isComplete(total: Int) -> Bool { total >= size }
    func record(total: Int) { sent = total }
    func retriesLeft() -> Bool { retries < 2 }
    func noteFailure(reason: String) { print("  failed: \(reason)") }
    func countRetry() { retries += 1 }
    func backoff() -> Duration {
        let pause = Duration.seconds(1 << (retries - 1))
        print("  retry \(retries) in \(pause)")
        return pause
    }
    func showError() { print("  upload failed") }
    func showDone() { print("  upload done: \(sent) bytes") }
}

/// The story, on the main actor, where the machine lives.
@MainActor func main() {
    let uploader = Uploader()
    let upload = Upload(actions: uploader, timing: .manual)

    /// Lets `seconds` pass: the progress ticks, time limits and pauses due meanwhile happen in order.
    func wait(_ seconds: Int) {
        print("(\(seconds)s later)")
        upload.advanceTime(by: .seconds(seconds))
    }

    print("begin:"); upload.begin()
    wait(6)
    print("chunk sent:"); upload.chunkSent(total: 100)
    print("connection lost:"); upload.failed(reason: "connection lost")
    wait(1)
    wait(20)
    wait(2)
    print("chunk sent:"); upload.chunkSent(total: 200)
    wait(5)
    print("chunk sent:"); upload.chunkSent(total: 300)
    print("state: \(upload.state), finished: \(upload.isFinished), next timeout: \(String(describing: upload.nextTimeout))")
}

MainActor.assumeIsolated { main() }   // top-level code runs on the main thread
