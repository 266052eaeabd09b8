// A snack machine.

final class Hardware: VendingMachineActions {
    private var credit = 0
    private var stock = ["crisps": 1, "chocolate": 0]
    private let prices = ["crisps": 120, "chocolate": 150]
    private var pendingChange = 0

    func showMessage(text: String) { print("  display: \(text)") }
    func addCredit(cents: Int) {
        credit += cents
        print("  credit: \(credit)c")
    }
    func inStock(item: String) -> Bool { (stock[item] ?? 0) > 0 }
    func hasEnoughCredit(item: String) -> Bool { credit >= prices[item, default: .max] }
    func chargeFor(item: String) {
        stock[item, default: 0] -= 1
        pendingChange = credit - prices[item, default: 0]
        credit = 0
        print("  vending \(item)")
    }
    func showPrice(item: String) { print("  \(item) costs \(prices[item, default: 0])c") }
    func returnCredit() {
        print("  returning \(credit)c")
        credit = 0
    }
    func dispenseItem() { print("  *clunk*") }
    func returnChange() { print("  change: \(pendingChange)c") }
    func restock() {
        stock = ["crisps": 5, "chocolate": 5]
        print("  restocked")
    }
}

let hardware = Hardware()
let machine = VendingMachine(actions: hardware)
machine.start()
print("select crisps:"); machine.select(item: "crisps")
print("insert 100c:"); machine.insertCoin(cents: 100)
print("select crisps:"); machine.select(item: "crisps")
print("select chocolate:"); machine.select(item: "chocolate")
print("insert 50c:"); machine.insertCoin(cents: 50)
print("select crisps:"); machine.select(item: "crisps")
print("take item:"); machine.itemTaken()
print("service:"); machine.service()
print("done:"); machine.serviceDone()
print("state: \(machine.state)")
