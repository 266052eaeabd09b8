import FSMCore
import Foundation

/// A file fsmc could not read or write; exit status 2.
struct IOError: Error {
    var message: String
}

enum FileIO {
    /// Reads an input file (`-` for standard input), refusing directories. At most one byte more
    /// than ``Compilation/maximumFileSize`` is read: the front end refuses anything longer with a
    /// located `file-too-large` diagnostic, so a huge input is never loaded whole.
    static func read(_ path: String) throws(IOError) -> [UInt8] {
        let limit = Compilation.maximumFileSize + 1
        if path == "-" {
            var bytes: [UInt8] = []
            while bytes.count < limit, let chunk = try? FileHandle.standardInput.read(upToCount: limit - bytes.count),
                !chunk.isEmpty
            {
                bytes += chunk
            }
            return bytes
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw IOError(message: "\(path): no such file")
        }
        if isDirectory.boolValue { throw IOError(message: "\(path): is a directory, not a .fsm file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IOError(message: "\(path): cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.read(upToCount: limit) ?? Data())
        } catch {
            throw IOError(message: "\(path): cannot be read: \(describe(error))")
        }
    }

    /// Creates a folder (and its parents) when it does not exist yet.
    static func createFolder(_ path: String) throws(IOError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw IOError(message: "\(path): exists and is not a folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw IOError(message: "\(path): cannot create folder: \(describe(error))")
        }
    }

    /// Writes `content` to `path` atomically (a temporary file in the same folder, then a rename),
    /// and only when the content differs from what is there, so build systems see no change.
    /// Returns whether the file was written.
    @discardableResult
    static func writeIfChanged(_ content: String, to path: String) throws(IOError) -> Bool {
        let data = Data(content.utf8)
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw IOError(message: "\(path): is a directory; cannot write output there") }
            if let existing = FileManager.default.contents(atPath: path), existing == data { return false }
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw IOError(message: "\(folder.path): output directory does not exist")
        }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).fsmc-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        )
        do {
            try data.write(to: temporary, options: [])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw IOError(message: "\(path): cannot write: \(describe(error))")
        }
        if rename(temporary.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw IOError(message: "\(path): cannot write: \(reason)")
        }
        return true
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
