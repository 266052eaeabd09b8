// swift-tools-version:6.1
// fsmc's benchmarks: compiler throughput on synthetic machines and the generated code's dispatch
// against a hand-written baseline. A package of its own so that fsmc itself stays free of
// dependencies: nothing here is ever a dependency of fsmc's users. Run with `make bench`.
import PackageDescription

let package = Package(
    name: "fsmc-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "fsmc", path: ".."),
        // Exactly this version (Package.resolved is not committed): a newer release of the
        // benchmark package itself changes nothing without a commit here.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "SyntheticMachines"),
        .executableTarget(
            name: "stage-times",
            dependencies: [.product(name: "FSMCore", package: "fsmc"), "SyntheticMachines"]
        ),
        // The machines of the dispatch benchmark, each generated from its .fsm and written by hand.
        .target(
            name: "DispatchMachines",
            dependencies: [.product(name: "FSMRuntime", package: "fsmc")],
            exclude: [
                "Player/Player.fsm", "Hero/Hero.fsm", "Keypad/Keypad.fsm", "Stream/Stream.fsm", "Timer/Timer.fsm",
                "Timer/fsmc.json",
            ]
        ),
        .executableTarget(
            name: "DispatchBenchmark",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "DispatchMachines"],
            path: "Benchmarks/Dispatch",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SnapshotBenchmark",
            dependencies: [.product(name: "Benchmark", package: "benchmark"), "DispatchMachines"],
            path: "Benchmarks/Snapshot",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "dispatch-ratio", dependencies: ["DispatchMachines"]),
        .testTarget(name: "DispatchTests", dependencies: ["DispatchMachines"]),
        .executableTarget(
            name: "Throughput",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FSMCore", package: "fsmc"),
                "SyntheticMachines",
            ],
            path: "Benchmarks/Throughput",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
