// swift-tools-version:6.0
// The libFuzzer harness for fsmc, in its own package so that the main package's build and tests
// never link the fuzzer runtime. Build and run it with `make fuzz SECONDS=...` from the root.
import PackageDescription

let package = Package(
    name: "fsmc-fuzz",
    dependencies: [.package(name: "fsmc", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "fsmc-fuzz",
            dependencies: ["CFuzzerDriver", .product(name: "FSMCore", package: "fsmc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
