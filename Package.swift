// swift-tools-version:6.0
// fsmc — a compiler for declarative state charts. This package has no dependencies, by design:
// it keeps the build-tool plugin cheap for every package that uses it.
import PackageDescription

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCore", targets: ["FSMCore"]),
        // The run-time library that generated machines import (docs/Runtime.md).
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .plugin(name: "FSMCPlugin", targets: ["FSMCPlugin"]),
        .plugin(name: "FSMDiagrams", targets: ["FSMDiagrams"]),
    ],
    targets: [
        // The interpreter takes the order of run to completion from FSMRuntime's StepQueue, as generated machines do.
        .target(name: "FSMCore", dependencies: ["FSMRuntime"]),
        // What every generated machine shares, compiled once: no dependencies, the standard library only.
        .target(name: "FSMRuntime"),
        // Preview/ holds the page of `fsmc preview`, compiled in as PreviewAssets.swift (scripts/generate-preview-assets).
        .executableTarget(name: "fsmc", dependencies: ["FSMCore", "FSMRuntime"], exclude: ["Preview"]),
        // Generates <stem>.swift for every .fsm file among a target's sources (docs/SwiftPM-Plugin.md).
        .plugin(name: "FSMCPlugin", capability: .buildTool(), dependencies: ["fsmc"]),
        // `swift package --allow-writing-to-package-directory fsm-diagrams [--target T]...`
        .plugin(
            name: "FSMDiagrams",
            capability: .command(
                intent: .custom(
                    verb: "fsm-diagrams",
                    description: "Draw every .fsm file of the package into diagrams/ (DOT, and SVG where Graphviz is installed)"),
                permissions: [
                    .writeToPackageDirectory(reason: "fsm-diagrams writes a .dot (and .svg) per .fsm file into diagrams/")
                ]),
            dependencies: ["fsmc"]),
        // What several test targets share: running programs, the repository's files, diagnostics as text.
        .target(name: "TestSupport", dependencies: ["FSMCore", "FSMRuntime"], path: "Tests/TestSupport"),
        .testTarget(name: "FSMCoreTests", dependencies: ["FSMCore", "FSMRuntime", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FSMCore", "FSMRuntime", "TestSupport"]),
        .testTarget(name: "DocumentationTests", dependencies: ["FSMCore", "TestSupport"]),
        .testTarget(name: "FSMRuntimeTests", dependencies: ["FSMRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
