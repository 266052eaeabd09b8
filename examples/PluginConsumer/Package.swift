// swift-tools-version:6.2
// A package that uses fsmc the way an app does: the FSMCPlugin build-tool plugin turns the .fsm files
// of a library, an executable and a test target into Swift on every build. See docs/SwiftPM-Plugin.md.
import Foundation
import PackageDescription

// fsmc is this repository, two folders up. In your own package, use
//     .package(url: "https://github.com/<owner>/fsmc.git", from: "0.1.0")
// and `package: "fsmc"` below.
let fsmcPath = "../.."

// A package added with .package(path:) is known by its folder's name, lowercased, which for a clone of
// this repository can be anything ("fsmc", "main", "cleanclone"...): work it out instead of assuming it.
let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let fsmc = packageFolder.appendingPathComponent(fsmcPath).standardized.lastPathComponent.lowercased()

let package = Package(
    name: "PluginConsumer",
    // Kiosk's machine is @Observable, which Apple platforms have from these versions on.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "order-desk", targets: ["OrderDesk"]),
        .executable(name: "kiosk", targets: ["Kiosk"]),
    ],
    dependencies: [
        .package(path: fsmcPath)
    ],
    // Every target with machines depends on FSMRuntime, the library their generated Swift imports.
    targets: [
        // Parcel.fsm, generated `public` as its fsmc.json asks, so that OrderDesk can use it.
        .target(
            name: "Shipping",
            dependencies: [.product(name: "FSMRuntime", package: fsmc)],
            plugins: [.plugin(name: "FSMCPlugin", package: fsmc)]),
        // Order.fsm, generated with the default access (internal).
        .executableTarget(
            name: "OrderDesk",
            dependencies: ["Shipping", .product(name: "FSMRuntime", package: fsmc)],
            plugins: [.plugin(name: "FSMCPlugin", package: fsmc)]),
        // Screen.fsm in a module whose default isolation is the main actor, as in a new Xcode app
        // target (`.defaultIsolation` needs tools version 6.2); its fsmc.json asks for `@Observable`.
        .executableTarget(
            name: "Kiosk",
            dependencies: [.product(name: "FSMRuntime", package: fsmc)],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [.plugin(name: "FSMCPlugin", package: fsmc)]),
        // SignIn.fsm (a link to examples/SignIn's), and in AccountsTests the Swift Testing suite
        // `fsmc paths --format swift-testing` computed from it: it fires every transition.
        .target(
            name: "Accounts",
            dependencies: [.product(name: "FSMRuntime", package: fsmc)],
            plugins: [.plugin(name: "FSMCPlugin", package: fsmc)]),
        .testTarget(
            name: "AccountsTests",
            dependencies: ["Accounts", .product(name: "FSMRuntime", package: fsmc)]),
        // Tests the generated machines, and has a machine of its own (a test double).
        .testTarget(
            name: "OrderDeskTests",
            dependencies: ["OrderDesk", "Shipping", .product(name: "FSMRuntime", package: fsmc)],
            plugins: [.plugin(name: "FSMCPlugin", package: fsmc)]),
    ],
    swiftLanguageModes: [.v6]
)
