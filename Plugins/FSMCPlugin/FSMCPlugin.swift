// The build-tool plugin: one `fsmc generate` command per .fsm file of a target, writing <stem>.swift
// into the plugin's work directory, where SwiftPM compiles it with the target's own sources.
import Foundation
import PackagePlugin

@main
struct FSMCPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try FSMCPlugin.commands(
            files: target.sourceFiles.map(\.url), target: target.name,
            fsmc: try context.tool(named: "fsmc").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The commands for one target, given all its files: one per .fsm file, configured by the
    /// target's fsmc.json if it has one.
    static func commands(files: [URL], target: String, fsmc: URL, workDirectory: URL) throws -> [Command] {
        let machines = files.filter { $0.pathExtension == "fsm" }
        guard !machines.isEmpty else { return [] }
        let configs = files.filter { $0.lastPathComponent == configFileName }
        if configs.count > 1 {
            throw PluginError(
                "target '\(target)' has \(configs.count) \(configFileName) files ("
                    + configs.map { $0.path(percentEncoded: false) }.joined(separator: ", ") + "); keep one")
        }
        // fsmc reads the config when the command runs: SwiftPM reuses a plugin's commands while the
        // target's list of files stays the same, so reading it here would miss edits.
        let config = configs.first
        // Every generated file lands in one folder, so two machines with the same file name in
        // different folders of a target would collide: say so before SwiftPM does, less clearly.
        try checkDistinctStems(machines) { earlier, later, stem in
            "'\(earlier)' and '\(later)' would both generate '\(stem).swift' in one target; rename one of them"
        }
        return machines.map { machine in
            let stem = machine.deletingPathExtension().lastPathComponent
            return .buildCommand(
                displayName: "Generating \(stem).swift from \(machine.lastPathComponent) (fsmc)",
                executable: fsmc,
                arguments: [
                    "generate", machine.path(percentEncoded: false),
                    "-o", workDirectory.path(percentEncoded: false),
                ] + (config.map { ["--config", $0.path(percentEncoded: false)] } ?? []),
                inputFiles: [machine] + (config.map { [$0] } ?? []),
                outputFiles: [workDirectory.appending(path: "\(stem).swift")])
        }
    }

    static let configFileName = "fsmc.json"
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension FSMCPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try FSMCPlugin.commands(
                files: target.inputFiles.map(\.url), target: target.displayName,
                fsmc: try context.tool(named: "fsmc").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
