// An alarm clock that reports invalid requests instead of crashing.

final class Clock: AlarmClockActions {
    private var snoozes = 0

    func clearAlarm() { print("  no alarm set") }
    func scheduleAlarm(minutes: Int) { print("  alarm set for \(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)") }
    func showAlarmIcon() { print("  [alarm icon on]") }
    func hideAlarmIcon() { print("  [alarm icon off]") }
    func startSound() { print("  RING RING") }
    func stopSound() { print("  (silence)") }
    func snoozesLeft() -> Bool { snoozes < 2 }
    func scheduleSnooze(minutes: Int) { print("  snoozing for \(minutes) minutes") }
    func countSnooze() { snoozes += 1 }
    func announce(message: String) { print("  \(message)") }

    func unhandledEvent(_ event: AlarmClock.Event, in state: AlarmClock.StateID) {
        print("  cannot \(event.rawValue) while \(state.rawValue)")
    }
}

let clock = Clock()
let alarm = AlarmClock(actions: clock)
alarm.start()
print("snooze:"); alarm.snooze()
print("set 6:30:"); alarm.set(minutes: 390)
print("set 6:45:"); alarm.set(minutes: 405)
for round in 1...3 {
    print("time reached (\(round)):"); alarm.timeReached()
    print("snooze:"); alarm.snooze()
}
print("state: \(alarm.state)")
