// The build-tool plugin of FSMCore: the run-time code that generated machines contain is written
// once, as Swift, in the MachineRuntime target (Sources/MachineRuntime/Runtime), where the
// package's build type-checks it and its unit tests run it. This plugin has each build copy those
// files into FSMCore as text (MachineRuntimeSource.swift), which the Swift generator assembles into
// each machine's file. docs/Architecture.md tells the whole pipeline.
import PackagePlugin

@main
struct EmbedMachineRuntime: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard
            let runtime = context.package.targets.first(where: { $0.name == "MachineRuntime" }) as? SourceModuleTarget
        else {
            throw EmbedError(description: "the package has no MachineRuntime target to embed")
        }
        let folder = context.package.directoryURL.appending(path: "Sources/MachineRuntime/Runtime/")
        let files = runtime.sourceFiles(withSuffix: "swift").map(\.url)
            .filter { $0.path(percentEncoded: false).hasPrefix(folder.path(percentEncoded: false)) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "MachineRuntimeSource.swift")
        return [
            .buildCommand(
                displayName: "Embedding the run-time code of generated machines",
                executable: try context.tool(named: "embed-machine-runtime").url,
                arguments: [output.path(percentEncoded: false)] + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}

struct EmbedError: Error, CustomStringConvertible {
    let description: String
}
