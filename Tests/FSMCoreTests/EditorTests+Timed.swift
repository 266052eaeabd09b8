import FSMCore
import XCTest

/// The editor queries on the version-3 syntax: timed transitions (`after`, `every`), their
/// literal and named delays, and `raise`.
extension EditorTests {
    static let loader = """
        machine Loader {
            event go(n: Int)
            initial Idle
            after 2h / heartbeat
            state Idle { load -> Loading }
            state Loading {
                entry / raise go(n: 0)
                every 500ms / updateProgress
                after 1.5s [ready] / raise go(n: 1) -> Offline
                go -> Idle
            }
            state Offline {
                after retryDelay -> Loading
                every 10min / poll
                cancel -> Idle
            }
        }
        """

    func testSemanticTokensOfTimedTransitionsAndRaise() {
        let document = EditorDocument(path: "Loader.fsm", text: Self.loader)
        XCTAssertNotNil(document.compilation.model, "\(document.compilation.diagnostics)")
        let tokens = document.semanticTokens()
        func token(_ text: String, _ occurrence: Int = 1) -> SemanticToken? {
            let start = offset(of: text, occurrence, in: Self.loader)
            return tokens.first { $0.range.start == start }
        }
        XCTAssertEqual(token("after")?.kind, .keyword)
        XCTAssertEqual(token("every")?.kind, .keyword)
        XCTAssertEqual(token("raise")?.kind, .keyword)
        XCTAssertEqual(token("go(n: 0)")?.kind, .event)
        XCTAssertEqual(token("retryDelay")?.kind, .function)
        XCTAssertEqual(token("ready")?.kind, .function)
        // A duration is one number token, the unit included, whatever the lexer made of it.
        for duration in ["2h", "500ms", "1.5s", "10min"] {
            let found = token(duration)
            XCTAssertEqual(found?.kind, .number, duration)
            XCTAssertEqual(found?.range.end, offset(of: duration, in: Self.loader) + duration.utf8.count, duration)
        }
        // A malformed duration still reads as a number; a keyword where the delay belongs stays a keyword.
        let broken = "machine M {\n initial A\n state A { after 3days -> A; every 5 s / tick; after state -> A }\n}"
        let brokenTokens = EditorDocument(path: "t.fsm", text: broken).semanticTokens()
        func kind(_ text: String) -> SemanticTokenKind? {
            let start = offset(of: text, in: broken)
            return brokenTokens.first { $0.range.start == start }?.kind
        }
        XCTAssertEqual(kind("3days"), .number)
        XCTAssertEqual(kind("5 s"), .number)
        XCTAssertEqual(kind("s /"), .number)
        XCTAssertEqual(kind("state ->"), .keyword)
    }

    func testHoverOnANamedDelayShowsItsRequirement() {
        let document = EditorDocument(path: "Loader.fsm", text: Self.loader)
        let delay = document.hover(at: offset(of: "retryDelay", shift: 2, in: Self.loader))?.markdown ?? ""
        XCTAssertEqual(delay, "```swift\nfunc retryDelay() -> Duration\n```\n\ndelay: a requirement of the actions protocol")
        let action = document.hover(at: offset(of: "poll", in: Self.loader))?.markdown ?? ""
        XCTAssertTrue(action.contains("func poll()\n"), action)
        let raised = document.hover(at: offset(of: "go(n: 1)", in: Self.loader))?.markdown ?? ""
        XCTAssertTrue(raised.contains("event go(n: Int)"), raised)
        // With errors there is no model: the signature is still known.
        let broken = Self.loader.replacingOccurrences(
            of: "-> Idle\n    }\n    state Offline", with: "-> Idel\n    }\n    state Offline")
        let withErrors = EditorDocument(path: "Loader.fsm", text: broken)
        XCTAssertNil(withErrors.compilation.model)
        let inferred = withErrors.hover(at: offset(of: "retryDelay", in: broken))?.markdown ?? ""
        XCTAssertTrue(inferred.hasPrefix("```swift\nfunc retryDelay() -> Duration\n```"), inferred)
    }

    func testCompletionOffersTimedTransitionsRaiseAndDelays() {
        func labels(_ source: String) -> [String] {
            let at = Array(source.utf8).firstIndex(of: UInt8(ascii: "$"))!
            var text = source
            text.remove(at: text.utf8.index(text.utf8.startIndex, offsetBy: at))
            return EditorDocument(path: "t.fsm", text: text).completions(at: at).map(\.label)
        }
        let base = "machine M {\n event go(n: Int)\n initial A\n state A { after wait / act -> B }\n state B {\n "
        XCTAssertEqual(
            labels(base + "$\n }\n}"),
            ["initial", "state", "final", "parallel", "entry", "exit", "do", "catch", "after", "every", "go"])
        XCTAssertEqual(labels("machine M {\n $\n}"), ["event", "initial", "state", "final", "parallel", "after", "every"])
        XCTAssertEqual(labels(base + "go / $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "entry / act, $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "after 1s / $\n }\n}"), ["act", "raise"])
        XCTAssertEqual(labels(base + "go / raise $\n }\n}"), ["go"])
        XCTAssertEqual(labels(base + "every 1s / act, raise $\n }\n}"), ["go"])
        XCTAssertEqual(labels(base + "after $\n }\n}"), ["wait"])
        XCTAssertEqual(labels(base + "every w$\n }\n}"), ["wait"])
        XCTAssertEqual(labels(base + "after wait -> $\n }\n}"), ["A", "B", "push", "pop", "history", "deep"])
        XCTAssertEqual(labels(base + "go / raise go(n: $)\n }\n}"), ["n", "true", "false"])
    }

    func testNamedDelaysAreSymbolsThatRenameWithTheRequirements() throws {
        let document = EditorDocument(path: "Loader.fsm", text: Self.loader)
        let delay = try XCTUnwrap(document.index.occurrence(at: offset(of: "retryDelay", in: Self.loader)))
        XCTAssertEqual(delay.kind, .delay)
        XCTAssertNil(document.index.declaration(of: delay))
        let raised = try XCTUnwrap(document.index.occurrence(at: offset(of: "go(n: 1)", in: Self.loader)))
        XCTAssertEqual(document.index.declaration(of: raised)?.range.start, offset(of: "go(n: Int)", in: Self.loader))
        XCTAssertEqual(document.index.references(of: raised).count, 4)  // declaration, two raises, the transition
        let at = offset(of: "retryDelay", in: Self.loader)
        XCTAssertEqual(try document.rename(at: at, to: "backoff").get().map(\.range.start), [at])
        XCTAssertEqual(document.rename(at: at, to: "poll"), .failure(.collision("poll", .action)))
        XCTAssertEqual(
            document.rename(at: offset(of: "poll", in: Self.loader), to: "retryDelay"), .failure(.collision("retryDelay", .delay))
        )
        XCTAssertEqual(document.rename(at: at, to: "every"), .failure(.keyword("every")))
    }

    /// Timed transitions are members like transitions: they add nothing to the outline, and a
    /// raised event is listed as any event used.
    func testOutlineIsUnaffectedByTimedTransitions() {
        let outline = EditorDocument(path: "Loader.fsm", text: Self.loader).outline()
        XCTAssertEqual(outline.first?.children.map(\.name), ["Idle", "Loading", "Offline", "go", "load", "cancel"])
        XCTAssertEqual(outline.first?.children[1].children, [])
    }
}
