import Foundation
import TestSupport
import XCTest

/// Activities (`do /`) and `catch` through the command line: `check`, `dot`, `mermaid` and
/// `simulate` accept them (ActivitiesSimulateCommandTests runs them); `generate` writes them, for an
/// actor only.
final class ActivityCommandTests: XCTestCase {
    static let machine = """
        machine Loader {
            initial Loading
            state Loading {
                do / fetchVideo
                -> Ready
                catch / report(error) -> Failed
            }
            state Ready { reload -> Loading }
            final state Failed
        }

        """

    private func folder() throws -> URL {
        let folder = try temporaryFolder(self)
        try Self.machine.write(to: folder.appendingPathComponent("loader.fsm"), atomically: true, encoding: .utf8)
        try "done Loading\n".write(to: folder.appendingPathComponent("events.txt"), atomically: true, encoding: .utf8)
        return folder
    }

    func testCheckSimulateAndTheDiagramsAcceptActivities() throws {
        let folder = try folder()
        for command in ["check", "dot", "mermaid", "simulate"] {
            let arguments = command == "simulate" ? ["--events", "events.txt"] : []
            let result = try runFSMC([command, "loader.fsm"] + arguments, in: folder)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", command)
        }
    }

    /// `generate` writes a main-actor machine with activities; `--isolation nonisolated` refuses
    /// it with an error at the `do` and writes nothing.
    func testGenerateWritesActivitiesForAnActorOnly() throws {
        let folder = try folder()
        let result = try runFSMC(["generate", "loader.fsm", "-o", "out"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let swift = try String(contentsOf: folder.appendingPathComponent("out/loader.swift"), encoding: .utf8)
        XCTAssertTrue(swift.contains("@MainActor\nfinal class Loader {"))
        XCTAssertTrue(swift.contains("    func fetchVideo() async throws\n"))
        let refused = try runFSMC(["generate", "loader.fsm", "-o", "nonisolated", "--isolation", "nonisolated"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.stderr,
            """
            loader.fsm:4:9: error: activity 'fetchVideo' needs a machine isolated to an actor, but it is generated with --isolation nonisolated; generate it for the main actor (the default) or a global actor
                    do / fetchVideo
                    ^~~~~~~~~~~~~~~

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("nonisolated/loader.swift").path))
    }

    /// One activity in two states, one with a `catch` and one without: the requirement is `async
    /// throws` for both, and the task of the state without a `catch` calls it with `try` too (what
    /// it throws is dropped). The generated Swift once called it with `await` alone there, which
    /// swiftc rejects (found by the differential tests of activities, seed 5006).
    func testAnActivitySharedWithAStateWithACatchIsCalledWithTryEverywhere() throws {
        let folder = try temporaryFolder(self)
        try """
        machine Shared {
            initial S0
            state S0 {
                do / work(n: 1)
                catch -> S1
            }
            state S1 {
                do / work(n: 3)
                go -> S0
            }
        }

        """.write(to: folder.appendingPathComponent("shared.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["generate", "shared.fsm", "-o", "."], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let swift = try String(contentsOf: folder.appendingPathComponent("shared.swift"), encoding: .utf8)
        XCTAssertTrue(swift.contains("try await actions.work(n: 3)"))
        try """
        @MainActor final class Host: SharedActions { func work(n: Int) async throws {} }
        @MainActor func main() { _ = Shared(actions: Host()) }
        main()

        """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = try runSwiftc(
            ["-swift-version", "6", "-typecheck"] + fsmRuntimeCompileArguments() + ["shared.swift", "main.swift"], in: folder)
        XCTAssertEqual(compile.status, 0, compile.output)
    }

    /// A parallel state with an activity without a `catch` in one region and transitions whose exits
    /// and entries are known in advance in the other: every step is direct. The generated `fire`
    /// once asked `Self.isDirect`, which was not written (every transition had a direct step, but
    /// the activity kept the machine from counting as all direct), and swiftc rejected it (found by
    /// the differential tests of activities, seed 2000087 with parallel states).
    func testActivitiesWithoutACatchBesideDirectTransitionsCompile() throws {
        let folder = try temporaryFolder(self)
        try """
        machine Beside {
            initial S0
            parallel state S0 {
                state S1 {
                    next -> S1
                }
                state S2 {
                    do / fetch
                }
            }
        }

        """.write(to: folder.appendingPathComponent("beside.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["generate", "beside.fsm", "-o", "."], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        try """
        @MainActor final class Host: BesideActions { func fetch() async {} }
        @MainActor func main() { _ = Beside(actions: Host()) }
        main()

        """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = try runSwiftc(
            ["-swift-version", "6", "-typecheck"] + fsmRuntimeCompileArguments() + ["beside.swift", "main.swift"], in: folder)
        XCTAssertEqual(compile.status, 0, compile.output)
    }
}
