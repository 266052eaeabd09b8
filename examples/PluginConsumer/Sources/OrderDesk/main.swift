// Runs one order through the machine generated from Order.fsm by the FSMCPlugin build-tool plugin.

let desk = OrderDesk(prices: ["tea": 4, "cake": 3])
let order = desk.order
order.start()
order.add(item: "tea")
order.add(item: "cake")
order.pay(amount: 5)
order.pay(amount: 7)
order.ship()
order.cancel()
order.deliver()
desk.parcel.deliver()
for line in desk.log { print(line) }
print("order: \(order.state), parcel: \(desk.parcel.state)")
print("order states: \(Order.StateID.allCases.map(\.rawValue).joined(separator: ", "))")
