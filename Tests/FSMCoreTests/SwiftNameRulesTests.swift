import FSMCore
import TestSupport
import XCTest

/// The rules of the generated Swift's names (SwiftNames/) are checked only by a compilation for
/// Swift (`checkingSwiftNames`, the default: `fsmc check`, `fsmc generate`, the editor). A diagram
/// or a simulation has no Swift: the same machine compiles for them, with its other checks.
final class SwiftNameRulesTests: XCTestCase {
    /// One machine for each Swift-only rule, and the id it gets when compiled for Swift.
    private let swiftOnly: [(source: String, id: String)] = [
        ("machine Alarm { initial Armed; state Armed { disarm -> armed }; state armed { arm -> Armed } }", "name-collision"),
        ("machine Engine { initial Off; state Off { start -> Running }; state Running { stop -> Off } }", "reserved-name"),
        ("machine M { initial A; state A { go [unhandledEvent] -> B }; state B { go -> A } }", "reserved-name"),
        ("machine String { initial A; state A { go -> B }; state B { go -> A } }", "reserved-name"),
        // A machine named like the run-time library would hide it from its own file.
        ("machine FSMRuntime { initial A; state A { go -> B }; state B { go -> A } }", "reserved-name"),
        ("machine M { event go(value: FSMRuntime); initial A; state A { go -> B }; state B { go -> A } }", "reserved-name"),
        ("machine M { event go(self: Int); initial A; state A { go -> B }; state B { go -> A } }", "reserved-name"),
        ("machine M { event go(value: State); initial A; state A { go -> B }; state B { go -> A } }", "reserved-name"),
        ("machine M { event go(count: int); initial A; state A { go -> B }; state B { go -> A } }", "miscased-standard-type"),
        ("machine M { initial A; state A { _ -> B }; state B { go -> A } }", "invalid-name"),
    ]

    func testSwiftOnlyRulesAreCheckedOnlyForSwift() {
        for (source, id) in swiftOnly {
            XCTAssertEqual(Compilation(path: "m.fsm", text: source).diagnostics.map(\.id.rawValue), [id], source)
            let model = Compilation(path: "m.fsm", text: source, checkingSwiftNames: false)
            XCTAssertEqual(model.diagnostics.map(\.id.rawValue), [], source)
            XCTAssertNotNil(model.model, source)
        }
    }

    /// Without the Swift rules the machine is resolved as written: `Armed` and `armed` are two
    /// states, and the machine-wide checks, which an error skips, run.
    func testWithoutTheSwiftRulesTheMachineIsCheckedAsWritten() throws {
        let source = "machine Alarm { initial Armed; state Armed { disarm -> armed }; state armed { arm -> Armed }; state Spare }"
        XCTAssertEqual(diagnosticIDs(source), ["name-collision"])
        let compilation = Compilation(path: "m.fsm", text: source, checkingSwiftNames: false)
        XCTAssertEqual(compilation.diagnostics.map(\.id.rawValue), ["unreachable-state"])
        XCTAssertEqual(try XCTUnwrap(compilation.model).states.map(\.name), ["Armed", "armed", "Spare"])
    }

    /// Every type the generated class declares inside itself or its extensions is a reserved name (a
    /// parameter type or a machine of that name would mean the nested type), in machines with every
    /// feature that adds one: timers with clock timing, activities, snapshots, parallel states.
    func testEveryTypeNestedInTheGeneratedClassIsReserved() throws {
        let machines = [
            """
            machine Fetch {
                initial Idle
                state Idle { go -> Loading }
                state Loading {
                    do / load
                    catch -> Idle
                    after 5s -> Idle
                }
            }
            """,
            """
            machine Split {
                initial P
                parallel state P {
                    state R1 { initial A; state A { go -> B }; state B { go -> A } }
                    state R2 { initial C; state C { go -> D }; state D { after 1s -> C } }
                }
            }
            """,
        ]
        var nested: Set<String> = []
        for source in machines {
            let model = try XCTUnwrap(Compilation(path: "m.fsm", text: source).model, source)
            let swift = SwiftEmitter.emit(model, sourceName: "m.fsm", access: .internal)
            let declaration = /^\s*(?:[a-z@]+\s+)*(?:enum|struct|class|protocol|typealias|actor)\s+([A-Z]\w*)/
            var depth = 0
            var inMachine = false
            for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
                if depth == 0 {
                    inMachine = line.contains("class \(model.name) ") || line.hasPrefix("extension \(model.name) ")
                }
                if inMachine && depth == 1, let match = line.firstMatch(of: declaration) { nested.insert(String(match.1)) }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            }
        }
        XCTAssertTrue(nested.isSuperset(of: ["StateID", "Event", "State", "Snapshot", "Activities"]), "\(nested)")
        XCTAssertEqual(nested.subtracting(SwiftNames.nestedTypeNames), [], "nested in the generated class, not reserved")
    }
}
