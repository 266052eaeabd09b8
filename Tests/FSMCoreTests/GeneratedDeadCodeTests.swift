import FSMCore
import Foundation
import TestSupport
import XCTest

/// A generated file declares only what its machine uses: every `private` and `fileprivate`
/// function, property and type of the Swift of every example and golden machine, in each option
/// set, is used in the file — a function by a call with its first argument label (two functions of
/// one name, `transition(below:to:)` and `transition(from:to:)`, are told apart), the rest by name.
/// The one declaration kept for itself is the version check (`MRuntimeVersion`, docs/Runtime.md).
final class GeneratedDeadCodeTests: XCTestCase {
    func testEveryNonPublicDeclarationOfAGeneratedFileIsUsed() throws {
        let sources = try fsmFiles(under: ["examples", "Tests/Golden/Swift", "Benchmarks/Sources/DispatchMachines"]).map {
            String(decoding: try Data(contentsOf: $0), as: UTF8.self)
        }
        XCTAssertGreaterThan(sources.count, 15)
        let function = try NSRegularExpression(
            pattern:
                #"(?:private|fileprivate)\s+(?:(?:static|class|final|mutating|override|@inline\(never\))\s+)*func\s+(\w+)\s*\(\s*(\w+)?"#
        )
        let other = try NSRegularExpression(
            pattern:
                #"(?:private|fileprivate)\s+(?:(?:static|final|unowned|@exclusivity\(unchecked\))\s+)*(?:var|let|class|struct|enum|typealias)\s+(\w+)"#
        )
        var checked = 0
        for source in sources {
            let model = try XCTUnwrap(Compilation(path: "m.fsm", text: source).model)
            var options: [(Bool, ActionsReference, Isolation)] = [(false, .unowned, .automatic), (true, .strong, .automatic)]
            if !model.hasActivities { options.append((false, .unowned, .nonisolated)) }
            for (observable, reference, isolation) in options {
                let swift = SwiftEmitter.emit(
                    model, sourceName: "m.fsm", access: .internal, observable: observable, actionsReference: reference,
                    isolation: isolation)
                // Comments name functions too: only the code counts.
                let code = swift.split(separator: "\n").map { line -> Substring in
                    guard let comment = line.range(of: "//") else { return line }
                    return line[..<comment.lowerBound]
                }.joined(separator: "\n")
                let all = NSRange(code.startIndex..., in: code)
                func count(_ pattern: String) -> Int {
                    (try? NSRegularExpression(pattern: pattern))?.numberOfMatches(in: code, range: all) ?? 0
                }
                for match in function.matches(in: code, range: all) {
                    let name = String(code[Range(match.range(at: 1), in: code)!])
                    let label = Range(match.range(at: 2), in: code).map { String(code[$0]) } ?? "_"
                    checked += 1
                    if label == "_" {
                        XCTAssertGreaterThanOrEqual(
                            count(#"\b"# + name + #"\b"#), 2,
                            "\(model.name): \(name)(_:) is never used (\(observable), \(reference))")
                    } else {
                        XCTAssertGreaterThanOrEqual(
                            count(#"\b"# + name + #"\s*\(\s*"# + label + #"\s*:"#), 1,
                            "\(model.name): \(name)(\(label):) is never called (\(observable), \(reference), \(isolation))")
                    }
                }
                for match in other.matches(in: code, range: all) {
                    let name = String(code[Range(match.range(at: 1), in: code)!])
                    checked += 1
                    if name == model.name + "RuntimeVersion" { continue }
                    XCTAssertGreaterThanOrEqual(
                        count(#"\b"# + name + #"\b"#), 2, "\(model.name): \(name) is never used (\(observable), \(reference))")
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }
}
