// A checkout wizard that remembers where the customer was: shallow history when they come back
// from the cart, deep history when they come back from help, completion transitions when a step
// is done.

final class Shop: CheckoutActions {
    var addressIsValid = false

    func showCart() { print("  [cart]") }
    func askAddress() { print("  [address form]") }
    func addressValid() -> Bool { addressIsValid }
    func flagAddress() { print("  address not found: please check it") }
    func askPayment() { print("  [payment]") }
    func cardAccepted() -> Bool { true }
    func chargeCard() { print("  card charged") }
    func declineCard() { print("  card declined") }
    func chargeWallet() { print("  wallet charged") }
    func showHelp() { print("  [help]") }
    func showReceipt() { print("  [receipt]") }
}

let shop = Shop()
let checkout = Checkout(actions: shop)

func send(_ event: Checkout.Event, _ action: () -> Void) {
    print("\(event.rawValue):")
    action()
    print("  -> \(checkout.state.rawValue)\(checkout.isFinished ? " (finished)" : "")")
}

checkout.start()
print("  -> \(checkout.state.rawValue)")
send(.checkout) { checkout.checkout() }
send(.next) { checkout.next() }  // the address is not valid yet: back to the form
shop.addressIsValid = true
send(.next) { checkout.next() }  // valid: on to payment
send(.useWallet) { checkout.useWallet() }
send(.help) { checkout.help() }
send(.close) { checkout.close() }  // deep history: the wallet screen again
send(.back) { checkout.back() }
send(.checkout) { checkout.checkout() }  // shallow history: payment, from its start (card)
send(.pay) { checkout.pay() }  // authorized, so payment completes, so the wizard completes
send(.done) { checkout.done() }
