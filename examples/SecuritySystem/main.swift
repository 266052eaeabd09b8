// The test runs of the State-pattern case study, replayed against the generated machine.

/// The security system's hardware, as the machine sees it.
final class ControlUnit: SecuritySystemActions {
    private let code: String
    private var failedAttempts = 0
    private let maxFailedAttempts = 3

    init(code: String) { self.code = code }

    func announceDisarmed() { print("System disarmed") }
    func announceArmed() {
        failedAttempts = 0
        print("System armed")
    }
    func soundAlarm() { print("Alarm sounded") }
    func stopAlarm() { print("Alarm stopped") }
    func informPolice() { print("Police informed") }
    func informAdministrator() { print("Administrator informed") }
    func countFailedAttempt() { failedAttempts += 1 }
    func tooManyAttempts() -> Bool { failedAttempts >= maxFailedAttempts }

    func isValid(code: String) -> Bool {
        let isValid = code == self.code
        print(isValid ? "Code accepted" : "Invalid code")
        return isValid
    }
}

func step(_ title: String) { print("\n// \(title)") }

let unit = ControlUnit(code: "1234")
let system = SecuritySystem(actions: unit)
system.start()

step("Disarmed: a breach has no effect")
system.breach()

step("Arm, then a breach sounds the alarm; a valid code resets it")
system.arm()
system.breach()
system.reset(code: "1234")

step("Arm, then try to disarm with an invalid code, then the valid one")
system.arm()
system.disarm(code: "0000")
system.disarm(code: "1234")

step("Arm, breach, then reset with an invalid code, then the valid one")
system.arm()
system.breach()
system.reset(code: "1111")
system.reset(code: "1234")

step("Three attempts are allowed; the fourth informs the administrator")
system.arm()
for _ in 1...4 { system.disarm(code: "9999") }
system.reset(code: "1234")

step("A panic while disarmed raises the silent alarm")
system.panic()
print("state: \(system.state)")
system.reset(code: "1234")
