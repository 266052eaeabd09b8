// The values ShopPathTests.swift sends for the parameters fsmc cannot make a value of, as
// docs/Testing.md ("To fill in") says to write them: scripts/check-paths-suites compiles it beside
// the generated suite.
@testable import Shop

struct Declined: Error {}

extension ShopPathValues {
    static var placeOrder: Order { Order(items: ["tea"]) }
    static var rejectError: any Error { Declined() }
    static var confirmOrder: Order { Order(items: ["tea", "cake"]) }
    static var placedOrder: Order { Order(items: []) }
}
