// swift-tools-version:6.0
// fsmc — a compiler for declarative state charts. This package has no dependencies, by design:
// it keeps the build-tool plugin cheap for every package that uses it.
import PackageDescription

let package = Package(
    name: "fsmc",
    products: [
        .executable(name: "fsmc", targets: ["fsmc"]),
        .library(name: "FSMCore", targets: ["FSMCore"]),
    ],
    targets: [
        .target(name: "FSMCore"),
        .executableTarget(name: "fsmc", dependencies: ["FSMCore"]),
        .testTarget(name: "FSMCoreTests", dependencies: ["FSMCore"]),
        .testTarget(name: "fsmcTests", dependencies: ["FSMCore"]),
    ],
    swiftLanguageModes: [.v6]
)
