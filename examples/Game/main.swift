// A game's touch handling, one mode at a time.

final class MapScreen: GameActions {
    func showPlayHUD() { print("  show play HUD") }
    func showEditPalette() { print("  show edit palette") }
    func hideEditPalette() { print("  hide edit palette") }
    func saveLayout() { print("  save layout") }
    func scrollMap(x: Int, y: Int) { print("  scroll map to (\(x), \(y))") }
    func tap(x: Int, y: Int) { print("  harvest at (\(x), \(y))") }
    func objectAt(x: Int, y: Int) -> Bool { x == 5 && y == 5 }
    func pickUp(x: Int, y: Int) { print("  pick up the cow at (\(x), \(y))") }
    func select(x: Int, y: Int) { print("  select (\(x), \(y))") }
    func beginDrag() { print("  begin drag") }
    func endDrag() { print("  end drag") }
    func moveObject(x: Int, y: Int) { print("  move cow to (\(x), \(y))") }
    func drop(x: Int, y: Int) { print("  drop cow at (\(x), \(y))") }
    func showPauseOverlay() { print("  show pause overlay") }
    func hidePauseOverlay() { print("  hide pause overlay") }
    func showFinalScore() { print("  final score: 42") }
}

let screen = MapScreen()
let game = Game(actions: screen)

// A closure rather than a function: it is isolated like the top-level code that uses `game`
// (the main actor in Swift 6, nothing in Swift 5), so the driver compiles in both modes.
let show = { (event: String, handled: Bool) in
    print("\(event)\(handled ? "" : " (ignored)") -> \(game.state)")
}

game.start()
show("start", true)
show("touchMoved(3, 4)", game.touchMoved(x: 3, y: 4))
show("touchUp(3, 4)", game.touchUp(x: 3, y: 4))
show("enterEditMode", game.enterEditMode())
show("touchDown(5, 5)", game.touchDown(x: 5, y: 5))
show("touchMoved(6, 7)", game.touchMoved(x: 6, y: 7))
show("pause", game.pause())
show("touchMoved(1, 1)", game.touchMoved(x: 1, y: 1))
show("resume", game.resume())
print("isIn(.editing): \(game.isIn(.editing)), isIn(.scrolling): \(game.isIn(.scrolling))")
show("touchUp(6, 7)", game.touchUp(x: 6, y: 7))
show("leaveEditMode", game.leaveEditMode())
show("pause", game.pause())
show("quit", game.quit())
print("finished: \(game.isFinished)")
show("touchUp(0, 0)", game.touchUp(x: 0, y: 0))
