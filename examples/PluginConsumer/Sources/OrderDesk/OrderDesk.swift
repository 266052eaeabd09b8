import Shipping

/// The shop's till: it owns the order (generated from Order.fsm) and implements its actions.
final class OrderDesk: OrderActions {
    private(set) var basket: [String] = []
    private(set) var log: [String] = []
    let prices: [String: Int]
    let parcel = Parcel(actions: Courier.shared)
    private(set) lazy var order = Order(actions: self)

    init(prices: [String: Int]) {
        self.prices = prices
        parcel.start()
    }

    var total: Int { basket.reduce(0) { $0 + (prices[$1] ?? 0) } }

    func putInBasket(item: String) {
        basket.append(item)
        log.append("added \(item), total \(total)")
    }
    func coversTotal(amount: Int) -> Bool { !basket.isEmpty && amount >= total }
    func declinePayment() { log.append("payment declined: the total is \(total)") }
    func sendReceipt() { log.append("receipt sent for \(basket.joined(separator: ", "))") }
    func refund() { log.append("refunded \(total)") }
    func handToCourier() {
        parcel.pickUp()
        log.append("handed to the courier (parcel \(parcel.state))")
    }
    func unhandledEvent(_ event: Order.Event, in state: Order.StateID) {
        log.append("cannot \(event) an order that is \(state)")
    }
}
