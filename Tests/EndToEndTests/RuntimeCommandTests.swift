import Foundation
import TestSupport
import XCTest

/// `fsmc runtime -o DIR` and FSMRuntime built without SwiftPM, as README.md and docs/Runtime.md
/// show it: the sources the command writes are Sources/FSMRuntime's, they build as a module with
/// plain swiftc in Swift 6 and 5 modes, a generated machine compiles and runs against it, and a
/// machine compiled against a runtime of another version fails with an error naming the version.
final class RuntimeCommandTests: XCTestCase {
    private static let sources = repositoryRoot.appendingPathComponent("Sources/FSMRuntime")

    /// The command of docs/Runtime.md, run in `folder` on the sources in `runtime`.
    private func buildRuntime(_ runtime: String, in folder: URL, _ flags: [String] = []) throws -> RunResult {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(runtime).path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { "\(runtime)/\($0)" }
        return try runSwiftc(
            ["-parse-as-library", "-emit-module", "-emit-library", "-static", "-module-name", "FSMRuntime"] + flags
                + ["-warnings-as-errors"] + files, in: folder)
    }

    func testWritesTheRuntimesSourcesAndNothingElse() throws {
        let folder = try temporaryFolder(self)
        let result = try runFSMC(["runtime", "-o", "vendor/FSMRuntime"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "")
        let written = folder.appendingPathComponent("vendor/FSMRuntime")
        let expected = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: written.path).sorted(), expected)
        for name in expected {
            XCTAssertEqual(
                try Data(contentsOf: written.appendingPathComponent(name)),
                try Data(contentsOf: Self.sources.appendingPathComponent(name)), name)
        }
        // Again: nothing changes, and a file is not rewritten.
        let before = try FileManager.default.attributesOfItem(atPath: written.appendingPathComponent(expected[0]).path)
        XCTAssertEqual(try runFSMC(["runtime", "-o", "vendor/FSMRuntime"], in: folder).status, 0)
        let after = try FileManager.default.attributesOfItem(atPath: written.appendingPathComponent(expected[0]).path)
        XCTAssertEqual(before[.modificationDate] as? Date, after[.modificationDate] as? Date)
    }

    func testUsage() throws {
        let folder = try temporaryFolder(self)
        let missing = try runFSMC(["runtime"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("error: missing output folder; pass -o <folder>\n"), missing.stderr)
        let file = try runFSMC(["runtime", "door.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.stderr.hasPrefix("error: 'fsmc runtime' takes no input file\n"), file.stderr)
        try "".write(to: folder.appendingPathComponent("taken"), atomically: true, encoding: .utf8)
        let blocked = try runFSMC(["runtime", "-o", "taken"], in: folder)
        XCTAssertEqual(blocked.status, 2)
        XCTAssertEqual(blocked.stderr, "error: taken: exists and is not a folder\n")
    }

    /// Built as docs/Runtime.md says, in both language modes, without a warning; a timed machine with
    /// activities and a snapshot compiled against it, linked and run.
    func testBuildsWithPlainSwiftcAndAMachineRunsOnIt() throws {
        let folder = try temporaryFolder(self)
        XCTAssertEqual(try runFSMC(["runtime", "-o", "FSMRuntime"], in: folder).status, 0)
        let swift5 = try buildRuntime("FSMRuntime", in: folder, ["-swift-version", "5", "-o", "libswift5.a"])
        XCTAssertEqual(swift5.status, 0, swift5.output)
        let built = try buildRuntime("FSMRuntime", in: folder, ["-swift-version", "6"])
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("FSMRuntime.swiftmodule").path))
        try """
        machine Kettle {
            initial Off
            state Off { switchOn -> Heating }
            state Heating {
                do / heat
                after 2s -> Off
                -> Ready
            }
            final state Ready
        }
        """.write(to: folder.appendingPathComponent("Kettle.fsm"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try runFSMC(["generate", "Kettle.fsm"], in: folder).status, 0)
        try """
        import FSMRuntime

        @MainActor final class Actions: KettleActions {
            func heat() async {}
        }

        @MainActor func main() throws {
            let actions = Actions()
            let kettle = Kettle(actions: actions, timing: .manual, activities: .manual)
            kettle.switchOn()
            let saved: FSMRuntime.Snapshot = kettle.snapshot
            let again = try Kettle(actions: actions, restoring: saved, timing: .manual, activities: .manual)
            print(again.activeStates.map { $0.rawValue }, again.runningActivities.map { $0.rawValue }, again.nextTimeout ?? .zero)
            again.finishActivity(of: .heating)
            print(again.activeStates.map { $0.rawValue }, again.isFinished)
        }
        try MainActor.assumeIsolated { try main() }
        """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = try runSwiftc(
            [
                "-swift-version", "6", "-warnings-as-errors", "-I", ".", "-L", ".", "-lFSMRuntime", "Kettle.swift", "main.swift",
                "-o", "kettle",
            ], in: folder)
        XCTAssertEqual(compile.status, 0, compile.output)
        let run = try runProcess(folder.appendingPathComponent("kettle"), [])
        XCTAssertEqual(run.output, "[\"Heating\"] [\"Heating\"] 2.0 seconds\n[\"Ready\"] true\n")
    }

    /// A runtime without the version a file needs (an older one), and a later one that declares it
    /// unavailable, each stop the machine's compilation with an error that names version 4.
    func testAMachineCompiledAgainstAnotherVersionSaysWhichItNeeds() throws {
        let folder = try temporaryFolder(self)
        XCTAssertEqual(try runFSMC(["runtime", "-o", "FSMRuntime"], in: folder).status, 0)
        try "machine Door {\n    initial Closed\n    state Closed { open -> Opened }\n    state Opened { close -> Closed }\n}\n"
            .write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try runFSMC(["generate", "Door.fsm"], in: folder).status, 0)
        let marker = folder.appendingPathComponent("FSMRuntime/FSMRuntime.swift")
        let original = try String(contentsOf: marker, encoding: .utf8)
        XCTAssertTrue(original.contains("public enum Version4 {}"))
        let variants = [
            ("older", original.replacingOccurrences(of: "public enum Version4 {}", with: "public enum Version3 {}")),
            (
                "later",
                original.replacingOccurrences(
                    of: "public enum Version4 {}",
                    with: """
                        @available(*, unavailable, message: "this file was generated for FSMRuntime 4; regenerate it with fsmc 5")
                        public enum Version4 {}
                        """)
            ),
        ]
        for (name, text) in variants {
            try text.write(to: marker, atomically: true, encoding: .utf8)
            let built = try buildRuntime("FSMRuntime", in: folder, ["-o", "lib\(name).a"])
            XCTAssertEqual(built.status, 0, built.output)
            let compile = try runSwiftc(["-typecheck", "-I", ".", "Door.swift"], in: folder)
            XCTAssertNotEqual(compile.status, 0, name)
            XCTAssertTrue(compile.output.contains("Version4"), "\(name): \(compile.output)")
            XCTAssertTrue(compile.output.contains("DoorRuntimeVersion = FSMRuntime.Version4"), "\(name): \(compile.output)")
        }
    }
}
