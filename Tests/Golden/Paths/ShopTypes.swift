// The app's own type that Shop's events carry, for scripts/check-paths-suites: it compiles into the
// machine's module, beside the generated Shop.swift. Neither Equatable nor Sendable: the suite needs
// neither.
final class Order {
    var items: [String]
    init(items: [String]) { self.items = items }
}
