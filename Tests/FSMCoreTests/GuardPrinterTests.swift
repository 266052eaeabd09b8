import TestSupport
import XCTest

@testable import FSMCore

/// The Swift conditions and the diagram labels print guards with one printer; these pin the two
/// spellings, including the two places they differ on purpose.
final class GuardPrinterTests: XCTestCase {
    /// The guards of `go1`, `go2` ... in the machine, parsed from `guards`.
    private func parsedGuards(_ guards: [String]) throws -> [Model.Guard] {
        let transitions = guards.enumerated().map { "go\($0.offset) [\($0.element)] -> B" }
        let source = "machine M {\n initial A\n state A {\n\(transitions.joined(separator: "\n"))\n }\n state B {}\n}\n"
        let model = try XCTUnwrap(model(source))
        return try model.states[0].transitions.map { try XCTUnwrap($0.guardExpression) }
    }

    func testBothSpellingsUseOnePrecedence() throws {
        let guards = try parsedGuards([
            "a || b && !c", "(a || b) && c", "!(a && b) || e(x: 1)", "a && (b || c) && d", "!(a || b)",
        ])
        XCTAssertEqual(
            guards.map(WrittenText.guardExpression),
            ["a || b && !c", "(a || b) && c", "!(a && b) || e(x: 1)", "a && (b || c) && d", "!(a || b)"])
        XCTAssertEqual(
            guards.map { SwiftExpressions.condition($0, on: "s") },
            [
                "s.a() || s.b() && !s.c()", "(s.a() || s.b()) && s.c()", "!(s.a() && s.b()) || s.e(x: 1)",
                "s.a() && (s.b() || s.c()) && s.d()", "!(s.a() || s.b())",
            ])
    }

    /// A diagram keeps a right operand's grouping as written; Swift regroups it, which `&&` and
    /// `||` allow. Swift needs `!(!a)`, since it lexes `!!` as one operator.
    func testTheSpellingsDifferOnlyWhereTheyMust() throws {
        let guards = try parsedGuards(["a && (b && c)", "a || (b || c)", "a || (b && c)", "!!a", "!(!a && b)"])
        XCTAssertEqual(
            guards.map(WrittenText.guardExpression),
            ["a && (b && c)", "a || (b || c)", "a || b && c", "!!a", "!(!a && b)"])
        XCTAssertEqual(
            guards.map { SwiftExpressions.condition($0, on: "s") },
            ["s.a() && s.b() && s.c()", "s.a() || s.b() || s.c()", "s.a() || s.b() && s.c()", "!(!s.a())", "!(!s.a() && s.b())"])
    }
}
