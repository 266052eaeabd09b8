// A kanji dictionary's navigation, with GameplayKit-style questions about valid next states.

final class Coordinator: NavigationActions {
    func showAllKanji() { print("  [All kanji]") }
    func showDetail() { print("  [Detail]") }
    func showWordList() { print("  [Word list]") }
    func loadKanji(character: String) { print("  load kanji \(character)") }
    func loadWord(word: String) { print("  load word \(word)") }
    func unhandledEvent(_ event: Navigation.Event, in state: Navigation.StateID) {
        print("  \(event.rawValue) is not possible from \(state.rawValue)")
    }
}

for state in Navigation.StateID.allCases {
    print("from \(state.rawValue) you can go to \(Navigation.successors(of: state).map(\.rawValue))")
}
let coordinator = Coordinator()
let navigation = Navigation(actions: coordinator)
navigation.start()
print("select word 日本:"); navigation.selectWord(word: "日本")
print("select kanji 日:"); navigation.selectKanji(character: "日")
print("select word 日本:"); navigation.selectWord(word: "日本")
print("select kanji 本:"); navigation.selectKanji(character: "本")
print("show all:"); navigation.showAll()
print("state: \(navigation.state)")
