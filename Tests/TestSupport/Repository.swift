import Foundation

/// The root of the repository, found from this file's place in it (`Tests/TestSupport/`): tests
/// read the examples, the docs and the golden files from there.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every `.fsm` file below the repository's `folders` (paths from its root), sorted by path. A link
/// is not listed: the file it points at is (examples/PluginConsumer links examples/SignIn's machine).
public func fsmFiles(under folders: [String]) -> [URL] {
    var files: [URL] = []
    for folder in folders {
        let base = repositoryRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
        for case let path as String in walker where path.hasSuffix(".fsm") {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
            files.append(base.appendingPathComponent(path))
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// The contents of every fenced block of Markdown `text` with the given info string.
public func fencedBlocks(_ language: String, in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line.trimmingCharacters(in: .whitespaces) == "```\(language)" {
            current = []
        } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
            blocks.append(current!.joined(separator: "\n") + "\n")
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}
