import FSMCore
import XCTest

/// The editor queries on activities (`do /`) and `catch` transitions (version 3).
extension EditorTests {
    static let player = """
        machine Player {
            initial Loading
            state Loading {
                do / fetchVideo(quality: 720)
                -> Ready
                catch [isOffline(error)] / log(error) -> Offline
                catch -> Offline
            }
            state Ready {
                do / play
                stop -> Loading
            }
            state Offline { retry -> Loading }
        }
        """

    func testSemanticTokensOfActivitiesAndCatch() {
        let document = EditorDocument(path: "Player.fsm", text: Self.player)
        XCTAssertNotNil(document.compilation.model, "\(document.compilation.diagnostics)")
        let tokens = document.semanticTokens()
        func token(_ text: String, _ occurrence: Int = 1) -> SemanticToken? {
            let start = offset(of: text, occurrence, in: Self.player)
            return tokens.first { $0.range.start == start }
        }
        XCTAssertEqual(token("do /")?.kind, .keyword)
        XCTAssertEqual(token("catch [")?.kind, .keyword)
        XCTAssertEqual(token("fetchVideo")?.kind, .function)
        XCTAssertEqual(token("quality")?.kind, .parameter)
        XCTAssertEqual(token("isOffline")?.kind, .function)
        XCTAssertEqual(token("log(")?.kind, .method)
        XCTAssertEqual(token("Offline {")?.kind, .enumMember)
        XCTAssertEqual(token("error)")?.kind, .parameter)
        XCTAssertEqual(token("error) ->")?.kind, .parameter)
        let hover = document.hover(at: offset(of: "error)", in: Self.player))?.markdown ?? ""
        XCTAssertEqual(hover, "```swift\nerror: any Error (what the state's activity threw)\n```")
    }

    /// An activity's requirement is `async`, and `async throws` when its state has a `catch`; so it
    /// is while the file has errors and no model too.
    func testHoverOnAnActivityShowsItsRequirement() {
        let document = EditorDocument(path: "Player.fsm", text: Self.player)
        let fetch = document.hover(at: offset(of: "fetchVideo", shift: 2, in: Self.player))?.markdown ?? ""
        XCTAssertEqual(
            fetch, "```swift\nfunc fetchVideo(quality: Int) async throws\n```\n\nactivity: a requirement of the actions protocol")
        let play = document.hover(at: offset(of: "play", in: Self.player))?.markdown ?? ""
        XCTAssertTrue(play.hasPrefix("```swift\nfunc play() async\n```"), play)
        let guardHover = document.hover(at: offset(of: "isOffline", in: Self.player))?.markdown ?? ""
        XCTAssertTrue(guardHover.hasPrefix("```swift\nfunc isOffline(error: any Error) -> Bool\n```"), guardHover)
        let broken = Self.player.replacingOccurrences(of: "retry -> Loading", with: "retry -> Loadin")
        let withErrors = EditorDocument(path: "Player.fsm", text: broken)
        XCTAssertNil(withErrors.compilation.model)
        let inferred = withErrors.hover(at: offset(of: "fetchVideo", in: broken))?.markdown ?? ""
        XCTAssertTrue(inferred.hasPrefix("```swift\nfunc fetchVideo(quality: Int) async throws\n```"), inferred)
        let inferredPlay = withErrors.hover(at: offset(of: "play", in: broken))?.markdown ?? ""
        XCTAssertTrue(inferredPlay.hasPrefix("```swift\nfunc play() async\n```"), inferredPlay)
    }

    func testCompletionOffersDoCatchAndActivities() {
        func labels(_ source: String) -> [String] {
            let at = Array(source.utf8).firstIndex(of: UInt8(ascii: "$"))!
            var text = source
            text.remove(at: text.utf8.index(text.utf8.startIndex, offsetBy: at))
            return EditorDocument(path: "t.fsm", text: text).completions(at: at).map(\.label)
        }
        let base = "machine M {\n initial A\n state A { do / fetch; catch / act -> B }\n state B {\n "
        XCTAssertEqual(
            labels(base + "$\n }\n}"),
            ["initial", "state", "final", "parallel", "entry", "exit", "do", "catch", "after", "every"])
        XCTAssertEqual(labels(base + "do / $\n }\n}"), ["fetch"])
        XCTAssertEqual(labels(base + "catch / $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "catch -> $\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
    }

    func testActivitiesAreSymbolsThatRenameWithTheRequirements() throws {
        let document = EditorDocument(path: "Player.fsm", text: Self.player)
        let at = offset(of: "fetchVideo", in: Self.player)
        let activity = try XCTUnwrap(document.index.occurrence(at: at))
        XCTAssertEqual(activity.kind, .activity)
        XCTAssertNil(document.index.declaration(of: activity))
        XCTAssertEqual(try document.rename(at: at, to: "download").get().map(\.range.start), [at])
        XCTAssertEqual(document.rename(at: at, to: "log"), .failure(.collision("log", .action)))
        XCTAssertEqual(document.rename(at: at, to: "catch"), .failure(.keyword("catch")))
        // The target of a catch is a reference of its state.
        let offline = try XCTUnwrap(document.index.occurrence(at: offset(of: "Offline {", in: Self.player)))
        XCTAssertEqual(document.index.references(of: offline).count, 3)
    }

    /// A state's activity is the first of its children in the outline.
    func testOutlineListsEachStatesActivity() {
        let outline = EditorDocument(path: "Player.fsm", text: Self.player).outline()
        let states = outline.first?.children ?? []
        XCTAssertEqual(states.map(\.name), ["Loading", "Ready", "Offline", "stop", "retry"])
        XCTAssertEqual(states[0].children.map(\.name), ["fetchVideo"])
        XCTAssertEqual(states[0].children.first?.detail, "do")
        XCTAssertEqual(states[0].children.first?.kind, .activity)
        XCTAssertEqual(states[2].children, [])
    }
}
