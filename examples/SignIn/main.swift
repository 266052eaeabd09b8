// An app's sign-in flow, with real async work: the machine runs `requestSession()` as a task
// (`activities: .tasks`, the default) when SigningIn is entered, cancels it when SigningIn is left,
// and handles what it returns or throws on the main actor. The server here is simulated: each
// request sleeps a little (`Task.sleep`), then returns or throws what the story needs.
//
// The time limit (`after 10s -> TimedOut`) runs on manual time (`timing: .manual`): the driver
// moves it with `advanceTime(by:)` while a request hangs. On the real clock the demo would wait ten
// seconds, and a shorter limit racing a real request would make the output depend on the
// scheduler. An app keeps the clock: `SignIn(actions: screen)`.
//
// Every step waits for its outcome before the next (`waitUntil` polls the machine and the server,
// with short sleeps, for at most five seconds), so the order of the lines never changes.

/// What the server, or the way to it, can throw.
enum ServiceError: Error {
    case offline
    case wrongPassword
    case serverError(status: Int)
}

@MainActor final class SignInScreen: SignInActions {
    /// What the simulated server does with each request, in order.
    enum Answer {
        case accept
        case fail(ServiceError)
        case hang
    }
    var answers: [Answer] = []
    /// How many requests were sent, and how many of them saw their cancellation.
    private(set) var requests = 0
    private(set) var cancelled = 0
    private var email = ""

    // The activity: a network request, here a sleep and a planned answer.
    func requestSession() async throws {
        requests += 1
        let request = requests
        let answer = answers.isEmpty ? .accept : answers.removeFirst()
        print("  POST /session (request \(request))")
        do {
            switch answer {
            case .accept:
                try await Task.sleep(for: .milliseconds(30))
                print("  request \(request): 200 OK")
            case .fail(let error):
                try await Task.sleep(for: .milliseconds(20))
                print("  request \(request): \(error)")
                throw error
            case .hang:
                try await Task.sleep(for: .seconds(60))  // cancelled long before
            }
        } catch is CancellationError {
            print("  request \(request): cancelled")
            cancelled += 1
            throw CancellationError()  // discarded: SigningIn was left
        }
    }

    func showForm() { print("  [sign-in form]") }
    func isWellFormed(email: String) -> Bool { email.contains("@") }
    func remember(email: String, password: String) {
        self.email = email
        print("  signing in as \(email)")
    }
    func showMessage(text: String) { print("  \"\(text)\"") }
    func showSpinner() { print("  spinner on") }
    func hideSpinner() { print("  spinner off") }
    func isOffline(error: any Error) -> Bool {
        if case .offline? = error as? ServiceError { return true }
        return false
    }
    func isRejected(error: any Error) -> Bool {
        if case .wrongPassword? = error as? ServiceError { return true }
        return false
    }
    func report(error: any Error) { print("  reported: \(error)") }
    func showOfflineBanner() { print("  [offline banner on]") }
    func hideOfflineBanner() { print("  [offline banner off]") }
    func showHome() { print("  [home: welcome, \(email)]") }
    func forget() {
        print("  signed out \(email)")
        email = ""
    }
}

/// Waits, in short sleeps, until `condition` holds; for at most five seconds.
@MainActor func waitUntil(_ what: String, _ condition: () -> Bool) async {
    for _ in 0..<500 {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    print("  (gave up waiting for \(what))")
}

/// The story, on the main actor, where the machine lives.
@MainActor func main() async {
    let screen = SignInScreen()
    let signIn = SignIn(actions: screen, timing: .manual)  // activities: .tasks

    /// Does `action`, then waits until the request it started, if any, has an outcome.
    func step(_ label: String, _ action: () -> Void) async {
        print("\(label):")
        action()
        await waitUntil("the request") { signIn.state != .signingIn }
        print("state: \(signIn.state)")
    }

    signIn.start()
    await step("submit ada") { signIn.submit(email: "ada", password: "hunter2") }
    screen.answers = [.fail(.offline)]
    await step("submit ada@example.com") { signIn.submit(email: "ada@example.com", password: "hunter2") }
    screen.answers = [.fail(.wrongPassword)]
    await step("network available") { signIn.networkAvailable() }
    screen.answers = [.hang]
    print("submit ada@example.com:")
    signIn.submit(email: "ada@example.com", password: "correct horse battery staple")
    await waitUntil("request 3") { screen.requests == 3 }  // on its way, and no answer comes
    print("state: \(signIn.state)")
    print("(10s later)")
    signIn.advanceTime(by: .seconds(10))  // the time limit: SigningIn is left, its request cancelled
    await waitUntil("the cancellation") { screen.cancelled == 1 }
    print("state: \(signIn.state)")
    screen.answers = [.fail(.serverError(status: 503))]
    await step("retry") { signIn.retry() }
    screen.answers = [.accept]
    await step("retry") { signIn.retry() }
    await step("sign out") { signIn.signOut() }
}

await main()
