// The build-tool plugin: one `fsmc generate` command for all the .fsm files of a target, writing
// <stem>.swift for each into the plugin's work directory, where SwiftPM compiles them with the
// target's own sources.
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

    /// The command for one target, given all its files: one `fsmc generate` for all its .fsm files,
    /// configured by the target's fsmc.json if it has one.
    ///
    /// One command, not one per file: the generated files share the target's module, and only fsmc
    /// seeing them all can report types two of them would both declare (machines `Door` and
    /// `DoorRuntime`: `generated-type-collision`) in the .fsm files, rather than swiftc in generated
    /// code. An edit to one machine runs fsmc over all of the target's, which takes milliseconds;
    /// fsmc rewrites only the outputs whose content changed, so swiftc still recompiles just those.
    static func commands(files: [URL], target: String, fsmc: URL, workDirectory: URL) throws -> [Command] {
        // In path order, so that which of two clashing machines gets the error does not depend on SwiftPM's order.
        let machines = files.filter { $0.pathExtension == "fsm" }.sorted { $0.path < $1.path }
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
        let stems = machines.map { $0.deletingPathExtension().lastPathComponent }
        let what =
            machines.count == 1
            ? "\(stems[0]).swift from \(machines[0].lastPathComponent)" : "\(machines.count) machines of target '\(target)'"
        return [
            .buildCommand(
                displayName: "Generating \(what) (fsmc)",
                executable: fsmc,
                arguments: ["generate"] + machines.map { $0.path(percentEncoded: false) }
                    + ["-o", workDirectory.path(percentEncoded: false)]
                    + (config.map { ["--config", $0.path(percentEncoded: false)] } ?? []),
                inputFiles: machines + (config.map { [$0] } ?? []),
                outputFiles: stems.map { workDirectory.appending(path: "\($0).swift") })
        ]
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
