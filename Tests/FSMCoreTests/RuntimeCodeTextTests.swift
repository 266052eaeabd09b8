import TestSupport
import XCTest

@testable import FSMCore

/// The run-time code as a machine's file has it (``RuntimeCode``): renamed for the machine, and
/// naming no type that a machine could shadow without an error in its `.fsm` file.
final class RuntimeCodeTextTests: XCTestCase {
    private func names(_ machine: String) throws -> GeneratedNames {
        let source = """
            machine \(machine) {
                initial A
                state A { go -> A }
            }
            """
        return GeneratedNames(model: try XCTUnwrap(model(source)))
    }

    func testEveryPartIsRenamedForTheMachine() throws {
        let names = try names("Door")
        for part in RuntimeCode.allCases {
            let text = part.lines(for: names).joined(separator: "\n")
            XCTAssertFalse(text.contains("FSMMachine"), part.rawValue)
            XCTAssertFalse(text.isEmpty, part.rawValue)
        }
        let regions = RuntimeCode.regions.lines(for: names).joined(separator: "\n")
        XCTAssertTrue(regions.contains("extension DoorRuntime {"))
        XCTAssertTrue(regions.contains("var innermostContaining: Door.StateID {"))
        let directStep = RuntimeCode.directStep.lines(for: names).joined(separator: "\n")
        XCTAssertTrue(directStep.contains("Self.step("))
    }

    func testOnlyWholePlaceholderNamesAreRenamed() throws {
        let names = try names("Door")
        XCTAssertEqual(
            RuntimeCode.renaming("FSMMachine.State, MyFSMMachine, FSMMachineRuntime() // Türe FSMMachineRuntime", to: names),
            "Door.State, MyFSMMachine, DoorRuntime() // Türe DoorRuntime")
        // A machine whose own name starts like the placeholder.
        XCTAssertEqual(RuntimeCode.renaming("FSMMachineRuntime", to: try self.names("FSMMachineX")), "FSMMachineXRuntime")
    }

    /// A machine named like a type the run-time code uses would shadow it: such names are reserved.
    func testEveryTypeTheRuntimeCodeNamesIsReserved() {
        // Not types a machine could shadow: the placeholders (renamed), `Self`, the metatype's `Type`,
        // and FixedList's generic parameter.
        var exempt: Set<String> = ["Self", "Type", "Element"]
        // Nor a type the run-time code nests in one of its own: inside it, the nested one is found first.
        for text in MachineRuntimeSource.files.values {
            for line in text.split(separator: "\n") where line.hasPrefix("    ") {
                let words = line.split(separator: " ")
                if let keyword = words.firstIndex(where: { ["enum", "struct", "class"].contains($0) }), keyword + 1 < words.count
                {
                    exempt.insert(String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        for (name, text) in MachineRuntimeSource.files {
            // Comments name no type.
            let code = text.split(separator: "\n").filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("//") }
            for line in code {
                for word in line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                where word.first?.isUppercase == true && !word.hasPrefix("FSMMachine") && !exempt.contains(String(word)) {
                    XCTAssertTrue(
                        SwiftNames.standardTypesUsed.contains(String(word)) || SwiftNames.nestedTypeNames.contains(String(word)),
                        "\(name) names \(word), which a machine may be called: add it to SwiftNames.standardTypesUsed")
                }
            }
        }
    }

    /// With an isolation, every type a part declares is isolated like the machine.
    func testTypesAreIsolatedLikeTheMachine() throws {
        let names = try names("Door")
        let fixedList = RuntimeCode.fixedList.lines(for: names, isolation: "@MainActor")
        XCTAssertTrue(fixedList.joined(separator: "\n").contains("    @MainActor\n    final class FixedList<Element> {"))
        XCTAssertFalse(RuntimeCode.fixedList.lines(for: names).contains { $0.contains("@MainActor") })
    }
}
