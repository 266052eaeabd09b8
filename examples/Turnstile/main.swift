// A coin-operated turnstile.

final class Gate: TurnstileActions {
    func lock() { print("  [gate locked]") }
    func unlock() { print("  [gate unlocked]") }
    func thankYou() { print("  Thank you!") }
    func refund() { print("  Already paid: coin returned") }
    func soundAlarm() { print("  BEEP: please pay first") }
}

let gate = Gate()
let turnstile = Turnstile(actions: gate)
turnstile.start()
for event in [Turnstile.Event.pass, .coin, .coin, .pass] {
    print("\(event.rawValue):")
    switch event {
    case .coin: turnstile.coin()
    case .pass: turnstile.pass()
    }
    print("  -> \(turnstile.state)")
}
