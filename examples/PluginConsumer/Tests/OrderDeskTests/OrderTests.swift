import Shipping
import Testing

@testable import OrderDesk

@Suite struct OrderTests {
    @Test func anOrderIsPaidInFullShippedAndDelivered() {
        let desk = OrderDesk(prices: ["tea": 4])
        let order = desk.order
        order.start()
        #expect(order.state == .open)
        #expect(order.add(item: "tea"))
        #expect(order.pay(amount: 3))  // handled (declined), still open
        #expect(order.state == .open)
        order.pay(amount: 4)
        #expect(order.state == .paid)
        #expect(!order.deliver())  // not shipped yet
        order.ship()
        #expect(desk.parcel.state == .inTransit)
        order.deliver()
        #expect(order.isFinished)
        #expect(desk.log.contains("payment declined: the total is 4"))
    }

    @Test func aPaidOrderIsRefundedWhenCancelled() {
        let desk = OrderDesk(prices: ["cake": 3])
        desk.order.start()
        desk.order.add(item: "cake")
        desk.order.pay(amount: 3)
        desk.order.cancel()
        #expect(desk.order.state == .cancelled)
        #expect(desk.log.last == "refunded 3")
    }

    @Test func theGeneratedIntrospectionFollowsOrderFsm() {
        #expect(Order.successors(of: .open) == [.paid, .cancelled])
        #expect(Order.StateID.allCases.map(\.rawValue) == ["Open", "Paid", "Shipped", "Delivered", "Cancelled"])
    }

    @Test func theShippingMachineIsPublic() {
        let courier = Courier()
        let parcel = Parcel(actions: courier)  // holds the courier unowned
        parcel.start()
        parcel.pickUp()
        parcel.deliver()
        #expect(parcel.isFinished)
        #expect(courier.tracked == 1 && courier.delivered == 1)
    }
}

/// The test double's actions: counts the drops.
final class Switchboard: FlakyNetworkActions {
    var drops = 0
    func dropConnection() { drops += 1 }
}

@Suite struct FlakyNetworkTests {
    @Test func theNetworkDropsOnceUntilItRecovers() {
        let board = Switchboard()
        let network = FlakyNetwork(actions: board)
        network.start()
        network.fail()
        network.fail()
        #expect(network.state == .down)
        network.recover()
        #expect(network.state == .up)
        #expect(board.drops == 1)
    }
}
