import FSMCore
import Foundation
import TestSupport
import XCTest

/// The Swift blocks of docs/Generated-API.md marked `<!-- compiled by DocumentationTests: FLAGS -->`
/// are compiled with the page's `Media` machine, or the one FLAGS name (`machine=Kettle`), generated
/// `--observable`, `--actions-reference strong` and `--isolation X` when FLAGS say so (the other
/// FLAGS passed to swiftc), warnings as errors, and run: they print exactly what their
/// `// prints "..."` comments say, in order, and nothing else.
final class GeneratedAPIDocumentationTests: XCTestCase {
    static let marker = "<!-- compiled by DocumentationTests"

    struct Block {
        var flags: [String]
        var code: String
    }

    /// The marked blocks of `text`: each marker line is followed by a ```swift block.
    static func markedBlocks(in text: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        for (index, line) in lines.enumerated() where line.hasPrefix(marker) && index + 1 < lines.count {
            var flags = String(line.dropFirst(marker.count))
            if flags.hasSuffix("-->") { flags.removeLast(3) }
            if flags.hasPrefix(":") { flags.removeFirst() }
            guard lines[index + 1] == "```swift" else { continue }
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            blocks.append(Block(flags: flags.split(separator: " ").map(String.init), code: body.joined(separator: "\n") + "\n"))
        }
        return blocks
    }

    func testMarkedSwiftBlocksCompileAndPrintWhatTheySay() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/Generated-API.md"), encoding: .utf8)
        let blocks = Self.markedBlocks(in: page)
        XCTAssertEqual(
            blocks.count, 15,
            "a type of another module, the strong actions, the main-actor view model, the isolated conformance written and inferred, the observation, "
                + "a timed view model, manual timing, a game loop, raise, activities as tasks and manual, an observable view model with an activity, "
                + "a snapshot saved and restored, a view model that restores at launch"
        )
        for (number, block) in blocks.enumerated() {
            let name = block.flags.first { $0.hasPrefix("machine=") }.map { String($0.dropFirst("machine=".count)) } ?? "Media"
            let source = try XCTUnwrap(fencedBlocks("fsm", in: page).first { $0.contains("machine \(name) ") })
            let model = try XCTUnwrap(Compilation(path: "\(name).fsm", text: source).model)
            let isolation = block.flags.first { $0.hasPrefix("--isolation=") }.flatMap {
                Isolation(option: String($0.dropFirst("--isolation=".count)))
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsmc-docs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let observable = block.flags.contains("--observable")
            let strong = block.flags.contains("--actions-reference")
            let swift = SwiftEmitter.emit(
                model, sourceName: "\(name).fsm", access: .internal, observable: observable,
                actionsReference: strong ? .strong : .unowned, isolation: isolation ?? .automatic)
            let isFSMCFlag = { (flag: String) in
                ["--observable", "--actions-reference", "strong"].contains(flag) || flag.hasPrefix("machine=")
                    || flag.hasPrefix("--isolation=")
            }
            try swift.write(to: folder.appendingPathComponent("Media.swift"), atomically: true, encoding: .utf8)
            try block.code.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            let program = folder.appendingPathComponent("program").path
            let swiftcFlags = block.flags.filter { !isFSMCFlag($0) }
            // A block compiled as a resilient module needs the runtime built as one.
            let runtime = try fsmRuntimeLinkArguments(libraryEvolution: swiftcFlags.contains("-enable-library-evolution"))
            let compile = try runSwiftc(
                ["-swift-version", "6", "-warnings-as-errors"] + swiftcFlags + runtime
                    + [
                        "-o", program, folder.appendingPathComponent("Media.swift").path,
                        folder.appendingPathComponent("main.swift").path,
                    ])
            XCTAssertEqual(compile.status, 0, "block \(number + 1) does not compile:\n\(block.code)\n\(compile.output)")
            guard compile.status == 0 else { continue }
            let promised = block.code.split(separator: "\n").compactMap { line -> String? in
                // What lies between `// prints "` and the last quote of the line (a printed JSON has quotes).
                guard let range = line.range(of: "// prints \""), let end = line.lastIndex(of: "\""),
                    end >= range.upperBound
                else { return nil }
                return String(line[range.upperBound..<end]) + "\n"
            }
            XCTAssertEqual(
                try runProcess(URL(fileURLWithPath: program), [], mergingStandardError: true).output, promised.joined(),
                "block \(number + 1):\n\(block.code)")
        }
    }
}
