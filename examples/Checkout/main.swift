// A checkout wizard that remembers where the customer was: shallow history when they come back
// from the cart, deep history when they come back from help, completion transitions when a step
// is done.

import Foundation

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
var checkout = Checkout(actions: shop)

// A closure rather than a function: it is isolated like the top-level code that uses `checkout`
// (the main actor in Swift 6, nothing in Swift 5), so the driver compiles in both modes.
let show = { (event: String, handled: Bool) in
    let state = checkout.activeStates.map(\.rawValue).joined(separator: " > ")
    print("\(event)\(handled ? "" : " (ignored)") -> \(state)\(checkout.isFinished ? " (finished)" : "")")
}

checkout.start()
show("start", true)
show("checkout", checkout.checkout())
show("next", checkout.next())  // the address is not valid yet: back to the form
shop.addressIsValid = true
show("next", checkout.next())  // valid: on to payment
show("useWallet", checkout.useWallet())
show("help", checkout.help())
show("close", checkout.close())  // deep history: the wallet screen again

// The app goes to the background and is killed. Its snapshot, kept meanwhile (in @SceneStorage or
// a file, in an app), brings the customer back to the wallet screen at the next launch, its history
// records with it; no entry action runs.
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
let saved = try! encoder.encode(checkout.snapshot)
print("  saved: \(String(decoding: saved, as: UTF8.self))")
checkout = try! Checkout(actions: shop, restoring: JSONDecoder().decode(Checkout.Snapshot.self, from: saved))
show("relaunch", true)
show("back", checkout.back())
show("checkout", checkout.checkout())  // shallow history: payment, from its start (the card)
show("pay", checkout.pay())  // authorized, so payment completes, so the wizard completes
show("done", checkout.done())
show("checkout", checkout.checkout())  // the order is placed: nothing happens any more
