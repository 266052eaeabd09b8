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
        let history = RuntimeCode.oneLeafHistory.lines(for: names).joined(separator: "\n")
        XCTAssertTrue(history.contains("_ actions: any DoorActions"))
        XCTAssertTrue(history.contains("by history: DoorHistory?"))
    }

    func testOnlyWholePlaceholderNamesAreRenamed() throws {
        let names = try names("Door")
        XCTAssertEqual(
            RuntimeCode.renaming("FSMMachine.State, MyFSMMachine, FSMMachineRuntime() // Türe FSMMachineHistory", to: names),
            "Door.State, MyFSMMachine, DoorRuntime() // Türe DoorHistory")
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
            // Comments, and the directives of the machine's features (`#if FSM_HISTORY`), name no type.
            let code = text.split(separator: "\n").filter {
                let line = $0.trimmingPrefix(while: \.isWhitespace)
                return !line.hasPrefix("//") && !line.hasPrefix("#")
            }
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

    /// A line after a `// with machine:` comment is copied as the comment says where the states'
    /// entries take the machine, and as it is otherwise; the comment is never copied.
    func testTheMachineVariantOfALine() throws {
        let names = try names("Door")
        let plain = RuntimeCode.oneLeafHistory.lines(for: names)
        let withMachine = RuntimeCode.oneLeafHistory.lines(for: names, withMachine: true)
        XCTAssertFalse((plain + withMachine).contains { $0.contains("with machine") })
        XCTAssertEqual(plain.count, withMachine.count)
        XCTAssertTrue(plain.contains("                child.enterInward(below: state.id.depth, actions)"))
        XCTAssertTrue(withMachine.contains("                child.enterInward(below: state.id.depth, machine, actions)"))
        XCTAssertEqual(RuntimeCode.machineVariant(in: "    // with machine: f(machine)"), "f(machine)")
        XCTAssertNil(RuntimeCode.machineVariant(in: "    f()"))
    }

    /// With an isolation, every type a part declares is isolated like the machine.
    func testTypesAreIsolatedLikeTheMachine() throws {
        let names = try names("Door")
        let fixedList = RuntimeCode.fixedList.lines(for: names, isolation: "@MainActor")
        XCTAssertTrue(fixedList.joined(separator: "\n").contains("    @MainActor\n    final class FixedList<Element> {"))
        XCTAssertFalse(RuntimeCode.fixedList.lines(for: names).contains { $0.contains("@MainActor") })
    }
}

/// The `#if FSM_X` blocks of the run-time code, resolved by a machine's features when it is copied.
final class RuntimeCodeConditionsTests: XCTestCase {
    private func resolve(_ text: String, _ features: Set<String>) -> String {
        RuntimeCode.resolvingConditions(text.split(separator: "\n", omittingEmptySubsequences: false), features: features)
            .joined(separator: "\n")
    }

    private let text = """
        a
            #if FSM_X && !FSM_Y
                x
                #if FSM_Z
                    z
                #endif
            #elseif FSM_Y
                y
            #else
                neither
            #endif
        b
        """

    func testEachBranchIsKeptByTheFeaturesAndMovedOutByOneLevel() {
        XCTAssertEqual(resolve(text, ["X"]), "a\n    x\nb")
        XCTAssertEqual(resolve(text, ["X", "Z"]), "a\n    x\n    z\nb")
        XCTAssertEqual(resolve(text, ["X", "Y"]), "a\n    y\nb", "X && !Y fails, Y holds")
        XCTAssertEqual(resolve(text, []), "a\n    neither\nb")
    }

    /// A machine's copy of the one-leaf transitions has only the parts its features ask for, and
    /// the functions of the machine are its file's own.
    func testTheOneLeafTransitionsOfAMachineWithoutPushOrHistory() throws {
        let model = try XCTUnwrap(Compilation(path: "M.fsm", text: "machine M {\n initial A\n state A { go -> A }\n}\n").model)
        let none = RuntimeCode.oneLeafTransitions.lines(for: GeneratedNames(model: model)).joined(separator: "\n")
        XCTAssertFalse(none.contains("func transition("), "without BELOW and SIBLING, no transition is written")
        XCTAssertFalse(none.contains("func exit("))
        let plain = RuntimeCode.oneLeafTransitions.lines(for: GeneratedNames(model: model), features: ["BELOW"])
            .joined(separator: "\n")
        XCTAssertTrue(plain.contains("    fileprivate func transition(\n"))
        XCTAssertFalse(plain.contains("func push"))
        XCTAssertFalse(plain.contains("#if"))
        XCTAssertFalse(plain.contains("history"))
        let full = RuntimeCode.oneLeafTransitions.lines(
            for: GeneratedNames(model: model), features: ["PUSH", "POP", "HISTORY"]
        ).joined(separator: "\n")
        XCTAssertTrue(full.contains("    fileprivate func push() {"))
        XCTAssertTrue(full.contains("by history: MHistory? = nil"))
        XCTAssertTrue(full.contains("let leaf = MRuntime.enterInside(target, by: history"))
    }
}
