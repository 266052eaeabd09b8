// A phone battery over a day.

final class PowerManager: BatteryActions {
    func showChargingIcon() { print("  ⚡ charging") }
    func showFullIcon() { print("  🔋 full") }
    func showBatteryIcon() { print("  🔋 on battery") }
    func notifyUser(message: String) { print("  notification: \(message)") }
    func isFull(percent: Int) -> Bool { percent >= 100 }
    func isEmpty(percent: Int) -> Bool { percent <= 0 }
    func isLow(percent: Int) -> Bool { percent <= 20 }
    func warnLowBattery() { print("  warning: low battery") }
    func updateGauge(percent: Int) { print("  gauge: \(percent)%") }
    func shutDown() { print("  shutting down") }
}

let power = PowerManager()
let battery = Battery(actions: power)
battery.start()
print("valid next states from Discharging: \(Battery.successors(of: .discharging).map(\.rawValue))")
for level in [60, 20, 0] {
    print("level \(level)%:"); battery.levelChanged(percent: level)
}
print("unplug while flat handled? \(battery.handles(.unplug))")
print("plug in:"); battery.plugIn()
for level in [50, 100] {
    print("level \(level)%:"); battery.levelChanged(percent: level)
}
print("unplug:"); battery.unplug()
print("state: \(battery.state)")
