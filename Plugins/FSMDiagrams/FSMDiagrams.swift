// The command plugin `fsm-diagrams`: draws every .fsm file of the package (or of the targets named
// with --target) with `fsmc dot` into diagrams/<stem>.dot, and renders diagrams/<stem>.svg with
// Graphviz's `dot` where it is installed.
import Foundation
import PackagePlugin

@main
struct FSMDiagrams: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let wanted = extractor.extractOption(named: "target")
        if !extractor.remainingArguments.isEmpty {
            throw PluginError(
                "unexpected arguments \(extractor.remainingArguments.joined(separator: " ")); "
                    + "usage: swift package --allow-writing-to-package-directory fsm-diagrams [--target <target>]...")
        }
        let modules = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        let known = Set(modules.map(\.name))
        if let unknown = wanted.first(where: { !known.contains($0) }) {
            throw PluginError(
                "no target named '\(unknown)' in package '\(context.package.displayName)'; its targets are "
                    + known.sorted().joined(separator: ", "))
        }
        let chosen = wanted.isEmpty ? modules : modules.filter { wanted.contains($0.name) }
        let machines = chosen.flatMap { $0.sourceFiles.map(\.url).filter { $0.pathExtension == "fsm" } }
        // All diagrams share diagrams/, so two machines with one stem would overwrite each other.
        try checkDistinctStems(machines) { earlier, later, stem in
            "'\(earlier)' and '\(later)' would both be drawn to diagrams/\(stem).dot; "
                + "rename one of them or limit the run with --target"
        }

        let fsmc = try context.tool(named: "fsmc").url
        let graphviz = Self.findInPath("dot")
        let folder = context.package.directoryURL.appending(path: "diagrams")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for machine in machines.sorted(by: { $0.path < $1.path }) {
            let stem = machine.deletingPathExtension().lastPathComponent
            let dotFile = folder.appending(path: "\(stem).dot")
            try Self.run(
                fsmc, named: "fsmc", ["dot", machine.path(percentEncoded: false), "-o", dotFile.path(percentEncoded: false)])
            var written = "diagrams/\(stem).dot"
            if let graphviz {
                let svgFile = folder.appending(path: "\(stem).svg")
                try Self.run(
                    graphviz, named: "dot",
                    ["-Tsvg", dotFile.path(percentEncoded: false), "-o", svgFile.path(percentEncoded: false)])
                written += ", diagrams/\(stem).svg"
            }
            print("\(machine.lastPathComponent) -> \(written)")
        }
        if machines.isEmpty {
            print("no .fsm files in \(wanted.isEmpty ? "the package" : "the targets \(wanted.joined(separator: ", "))")")
        } else if graphviz == nil {
            print("Graphviz's dot is not installed: wrote .dot files only")
        }
    }

    static func findInPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appending(path: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path(percentEncoded: false)) }
    }

    /// Runs a tool with the plugin's standard error, so its diagnostics reach the user.
    static func run(_ tool: URL, named name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError(
                "'\(name) \(arguments.joined(separator: " "))' failed with status "
                    + "\(process.terminationStatus)")
        }
    }
}
