import Foundation

/// What `scripts/build-runtime` reported when it could not build FSMRuntime.
public struct RuntimeBuildError: Error, CustomStringConvertible {
    public var description: String
}

/// The folder that holds FSMRuntime, the library generated machines import, built with plain
/// swiftc by `scripts/build-runtime` into `.build/fsmruntime/default` (or `evolution`, built with
/// `-enable-library-evolution`, for a consumer that is itself built with it). Built once per test
/// process: the script rebuilds only when the sources changed, and takes a lock, so parallel test
/// processes share the folder. A failed build throws, the same error for every later call.
public func fsmRuntime(libraryEvolution: Bool = false) throws -> URL {
    try runtimeBuilds.value(libraryEvolution: libraryEvolution)
}

/// The swiftc arguments that let a file `import FSMRuntime` when it is only type-checked
/// (`-typecheck`, `-emit-sil`, `-emit-module`): the folder of its module.
public func fsmRuntimeCompileArguments(libraryEvolution: Bool = false) throws -> [String] {
    ["-I", try fsmRuntime(libraryEvolution: libraryEvolution).path]
}

/// The swiftc arguments that let a program whose files `import FSMRuntime` compile and link: the
/// folder of its module, and its static library.
public func fsmRuntimeLinkArguments(libraryEvolution: Bool = false) throws -> [String] {
    let folder = try fsmRuntime(libraryEvolution: libraryEvolution).path
    return ["-I", folder, "-L", folder, "-lFSMRuntime"]
}

/// The two builds of the runtime, each made at most once per process.
private let runtimeBuilds = RuntimeBuilds()

private final class RuntimeBuilds: @unchecked Sendable {
    // Held through a build: a second caller waits for the first and takes its result.
    private let lock = NSLock()
    private var results: [Bool: Result<URL, RuntimeBuildError>] = [:]

    func value(libraryEvolution: Bool) throws -> URL {
        try lock.withLock {
            if let result = results[libraryEvolution] { return result }
            let result = Self.build(libraryEvolution: libraryEvolution)
            results[libraryEvolution] = result
            return result
        }.get()
    }

    private static func build(libraryEvolution: Bool) -> Result<URL, RuntimeBuildError> {
        let folder = repositoryRoot.appendingPathComponent(".build/fsmruntime/\(libraryEvolution ? "evolution" : "default")")
        let script = repositoryRoot.appendingPathComponent("scripts/build-runtime")
        do {
            let run = try runProcess(
                script, [folder.path] + (libraryEvolution ? ["-enable-library-evolution"] : []), mergingStandardError: true)
            guard run.status == 0 else {
                return .failure(RuntimeBuildError(description: "scripts/build-runtime \(folder.path) failed:\n\(run.output)"))
            }
            return .success(folder)
        } catch {
            return .failure(RuntimeBuildError(description: "scripts/build-runtime could not run: \(error)"))
        }
    }
}
