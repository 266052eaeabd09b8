import FSMCore

extension Commands {
    /// `fsmc runtime -o DIR`: FSMRuntime's sources, for a project that builds without SwiftPM.
    static let runtime = Command(
        name: "runtime",
        abstract: "Write the sources of FSMRuntime, the library generated machines import.",
        usage: "fsmc runtime -o <folder>",
        options: [
            OptionSpec(names: ["-o", "--output"], valueName: "folder", help: "The folder to write the .swift files into.")
        ],
        discussion: """
            For a project that builds without SwiftPM (an Xcode project without packages, Bazel,
            CMake): writes FSMRuntime version \(FSMCVersion.runtime), the sources of this fsmc, into the
            folder (made when missing; each file written only when it changed). Build them as a
            module named FSMRuntime, for example:
              swiftc -parse-as-library -emit-module -emit-library -static -module-name FSMRuntime \\
                  <folder>/*.swift
            which writes FSMRuntime.swiftmodule and libFSMRuntime.a into the current folder: pass
            that folder to -I when compiling generated machines, and to -L, with -lFSMRuntime, when
            linking them.
            Exit status: 0 on success, 2 for bad usage or a file that cannot be written.
            """,
        run: { arguments in
            guard arguments.positionals.isEmpty else {
                throw UsageError(message: "'fsmc runtime' takes no input file", command: "runtime")
            }
            guard let output = arguments.value("-o"), output != FileIO.standardInput else {
                throw UsageError(message: "missing output folder; pass -o <folder>", command: "runtime")
            }
            var folder = FileIO.OutputFolder(output)
            for file in RuntimeSources.files { try folder.write(file.text + "\n", named: file.name) }
            return ExitStatus.success
        })
}
