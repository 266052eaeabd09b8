// This target is built with `.defaultIsolation(MainActor.self)`, like a new Xcode app target: the
// generated Screen.swift is main-actor-isolated with the rest of the module, so this view model
// implements ScreenActions with a plain conformance. fsmc.json asks for an @Observable machine, the
// way a SwiftUI view would watch it.

final class KioskModel: ScreenActions {
    private(set) var basket = 0
    private(set) var log: [String] = []
    private(set) lazy var screen = Screen(actions: self)

    func showMenu() { log.append("menu shown") }
    func addToBasket() { basket += 1 }
    func showTerminal() { log.append("terminal shown for \(basket) items") }
}
