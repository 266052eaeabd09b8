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
        let configs = files.filter { $0.lastPathComponent == FSMCConfig.fileName }
        if configs.count > 1 {
            throw FSMCPluginError(
                "target '\(target)' has \(configs.count) \(FSMCConfig.fileName) files ("
                    + configs.map { $0.path(percentEncoded: false) }.joined(separator: ", ") + "); keep one")
        }
        let config = configs.first
        let access = try config.map(FSMCConfig.load)?.access ?? "internal"
        try checkDistinctStems(machines)
        return machines.map { machine in
            let stem = machine.deletingPathExtension().lastPathComponent
            return .buildCommand(
                displayName: "Generating \(stem).swift from \(machine.lastPathComponent) (fsmc)",
                executable: fsmc,
                arguments: [
                    "generate", machine.path(percentEncoded: false),
                    "-o", workDirectory.path(percentEncoded: false),
                    "--access", access,
                ],
                inputFiles: [machine] + (config.map { [$0] } ?? []),
                outputFiles: [workDirectory.appending(path: "\(stem).swift")])
        }
    }

    /// Every generated file lands in one folder, so two machines with the same file name in
    /// different folders of a target would collide: say so before SwiftPM does, less clearly.
    static func checkDistinctStems(_ machines: [URL]) throws {
        var seen: [String: URL] = [:]
        for machine in machines.sorted(by: { $0.path < $1.path }) {
            let stem = machine.deletingPathExtension().lastPathComponent
            if let other = seen[stem] {
                throw FSMCPluginError(
                    "'\(other.path(percentEncoded: false))' and '\(machine.path(percentEncoded: false))' would both "
                        + "generate '\(stem).swift' in one target; rename one of them")
            }
            seen[stem] = machine
        }
    }
}

/// The target's `fsmc.json`: `{ "access": "internal" | "public" | "package" }`, every key optional.
struct FSMCConfig {
    static let fileName = "fsmc.json"
    static let accessLevels = ["internal", "public", "package"]

    var access = "internal"

    static func load(from url: URL) throws -> FSMCConfig {
        let path = url.path(percentEncoded: false)
        func problem(_ message: String) -> FSMCPluginError {
            FSMCPluginError("\(path): \(message)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw problem("cannot read the fsmc configuration: \(error.localizedDescription)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw problem("is not valid JSON; expected an object such as { \"access\": \"public\" }")
        }
        guard let object = json as? [String: Any] else {
            throw problem("expected a JSON object such as { \"access\": \"public\" }")
        }
        var config = FSMCConfig()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "access":
                guard let level = value as? String, accessLevels.contains(level) else {
                    throw problem(
                        "\"access\" must be one of \(accessLevels.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                config.access = level
            default:
                throw problem("unknown key \"\(key)\"; the only key is \"access\"")
            }
        }
        return config
    }
}

struct FSMCPluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
