// An alarm clock that reports invalid requests instead of crashing, and keeps its own time: it
// rings by a timer, snoozes by another, and gives up ringing after ten minutes.
//
// This driver moves time by hand (`timing: .manual` and `advanceTime(by:)`), so that its output
// never changes. An app creates the machine with the real clock instead,
//
//     let alarm = AlarmClock(actions: bedside)   // timing: .clock(ContinuousClock())
//
// and the alarm rings by itself, on the main actor, when its time comes.

@MainActor final class Bedside: AlarmClockActions {
    /// The time of day, in minutes after midnight, that the driver says it is.
    var minutesNow = 6 * 60
    private var alarmTime = 0
    private var snoozes = 0

    func clearAlarm() { print("  no alarm set") }
    func scheduleAlarm(minutes: Int) {
        alarmTime = minutes
        print("  alarm set for \(clockFace(minutes))")
    }
    func untilAlarm() -> Duration { .seconds(60 * ((alarmTime - minutesNow + 24 * 60) % (24 * 60))) }
    func showAlarmIcon() { print("  [alarm icon on]") }
    func hideAlarmIcon() { print("  [alarm icon off]") }
    func startSound() { print("  RING RING") }
    func stopSound() { print("  (silence)") }
    func snoozesLeft() -> Bool { snoozes < 2 }
    func countSnooze() { snoozes += 1 }
    func showSnoozeIcon() { print("  [zZz]") }
    func snoozeDelay() -> Duration { .seconds(9 * 60) }
    func announce(message: String) { print("  \(message)") }

    func unhandledEvent(_ event: AlarmClock.Event, in state: AlarmClock.StateID) {
        print("  cannot \(event.rawValue) while \(state.rawValue)")
    }

    private func clockFace(_ minutes: Int) -> String { "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)" }
}

/// The story, on the main actor, where the machine lives.
@MainActor func main() {
    let bedside = Bedside()
    let alarm = AlarmClock(actions: bedside, timing: .manual)

    /// Lets `minutes` pass: every timeout due meanwhile is handled, in order.
    func wait(minutes: Int) {
        print("(\(minutes) minutes later)")
        bedside.minutesNow += minutes
        alarm.advanceTime(by: .seconds(60 * minutes))
    }

    alarm.start()
    print("snooze:"); alarm.snooze()
    print("set 6:30:"); alarm.set(minutes: 390)
    print("set 6:45:"); alarm.set(minutes: 405)
    print("rings in \(alarm.nextTimeout.map { $0.components.seconds / 60 } ?? 0) minutes")
    wait(minutes: 45)
    for _ in 1...2 {
        print("snooze:"); alarm.snooze()
        wait(minutes: 9)
    }
    print("snooze:"); alarm.snooze()
    print("stop:"); alarm.stop()
    print("set 7:10:"); alarm.set(minutes: 430)
    wait(minutes: 7)
    wait(minutes: 10)
    print("state: \(alarm.state)")
}

MainActor.assumeIsolated { main() }   // top-level code runs on the main thread
