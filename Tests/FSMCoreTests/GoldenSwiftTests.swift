import FSMCore
import Foundation
import TestSupport
import XCTest

/// The generated Swift of a few examples, pinned as reviewed golden files in `Tests/Golden/Swift`,
/// so a change to the generator shows up in review as a diff of what users get.
/// `make golden` rewrites them.
final class GoldenSwiftTests: XCTestCase {
    static let root = repositoryRoot

    func testGeneratedSwiftOfExamples() throws {
        let update = ProcessInfo.processInfo.environment["FSMC_UPDATE_GOLDEN"] == "1"
        // A machine of language version 2 (completion transitions, a final state inside a composite,
        // history) that is not an example has its input next to its golden file, and so has one with
        // parallel states. Upload pins timers (`every`, `after`, named delays) and `raise`; SignIn pins
        // activities with `catch` and a timer.
        let cases: [(example: String, access: AccessLevel, input: String?)] = [
            ("SecuritySystem", .internal, nil), ("Game", .internal, nil), ("TCPConnection", .public, nil),
            ("CheckoutWizard", .internal, "Tests/Golden/Swift/CheckoutWizard.fsm"),
            ("Phone", .internal, "Tests/Golden/Swift/Phone.fsm"),
            ("Upload", .internal, nil), ("SignIn", .internal, nil),
        ]
        for (example, access, path) in cases {
            let input = Self.root.appendingPathComponent(path ?? "examples/\(example)/\(example).fsm")
            let compilation = Compilation(path: input.lastPathComponent, bytes: [UInt8](try Data(contentsOf: input)))
            let model = try XCTUnwrap(compilation.model, "\(example) has errors")
            let swift = SwiftEmitter.emit(model, sourceName: input.lastPathComponent, access: access)
            let golden = Self.root.appendingPathComponent("Tests/Golden/Swift/\(example).swift")
            if update {
                try FileManager.default.createDirectory(
                    at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                try swift.write(to: golden, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? "<missing \(golden.lastPathComponent)>"
            XCTAssertEqual(swift, expected, "\(example): generated Swift changed; run 'make golden' and review the diff")
        }
    }
}
