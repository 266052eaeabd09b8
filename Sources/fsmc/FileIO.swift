import FSMCore
import Foundation

/// A file fsmc could not read or write; exit status 2.
struct IOError: Error {
    var message: String
}

enum FileIO {
    /// The path that names standard input on the command line.
    static let standardInput = "-"

    /// How a path is shown in diagnostics and headers: `-` is `<stdin>`.
    static func displayName(_ path: String) -> String { path == standardInput ? "<stdin>" : path }

    /// Reads an input file (`-` for standard input), refusing directories. At most one byte more
    /// than ``Compilation/maximumFileSize`` is read: the front end refuses anything longer with a
    /// located `file-too-large` diagnostic, so a huge input is never loaded whole.
    static func read(_ path: String) throws(IOError) -> [UInt8] {
        let limit = Compilation.maximumFileSize + 1
        if path == standardInput {
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
            var info = stat()
            if lstat(path, &info) == 0, stat(path, &info) != 0 {
                // A dangling symbolic link or a loop of them.
                throw IOError(message: "\(path): cannot be read: \(String(cString: strerror(errno)))")
            }
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

    /// Whether an output path names a folder: it ends in `/`, or it is an existing folder.
    static func namesFolder(_ path: String) -> Bool {
        if path.hasSuffix("/") { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A folder that output files are written into (`generate`'s Swift, the diagrams of several
    /// files), made when the first file is written, so that inputs with errors leave no empty
    /// folder behind. A folder that cannot be made is reported once (by the caller, from the error
    /// thrown), and nothing more is written into it.
    struct OutputFolder {
        /// The folder as given, without a trailing `/`.
        let path: String
        /// `nil` until the first write; then whether the folder was made.
        private var isReady: Bool?

        init(_ path: String) {
            self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }

        /// Writes `content` to `<path>/<name>` (atomically, only when it changed), making the
        /// folder first; nothing once it could not be made.
        mutating func write(_ content: String, named name: String) throws(IOError) {
            if isReady == nil {
                isReady = false
                try FileIO.createFolder(path)
                isReady = true
            }
            guard isReady == true else { return }
            try FileIO.writeIfChanged(content, to: path + "/" + name)
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
            throw IOError(message: "\(path): cannot create folder: \(blockingAncestor(of: path) ?? describe(error))")
        }
    }

    /// Foundation reports a folder that cannot be made under a file as a bare "error 512": name the
    /// nearest existing ancestor when it is not a folder.
    private static func blockingAncestor(of path: String) -> String? {
        var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent().path
        while ancestor != "/", !FileManager.default.fileExists(atPath: ancestor) {
            ancestor = URL(fileURLWithPath: ancestor).deletingLastPathComponent().path
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return "\(ancestor) is not a folder"
    }

    /// Whether `data` holds exactly `bytes`, compared as memory (`memcmp`): going through `Data`'s
    /// iterator one byte at a time took longer than generating a large machine's Swift.
    private static func same(_ data: Data, _ bytes: [UInt8]) -> Bool {
        guard data.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return data.withUnsafeBytes { existing in
            bytes.withUnsafeBytes { written in memcmp(existing.baseAddress!, written.baseAddress!, bytes.count) == 0 }
        }
    }

    /// Writes `content` to `path` atomically (a temporary file in the same folder, written in full
    /// and flushed to disk, then renamed over the destination), and only when the content differs
    /// from what is there, so build systems see no change. Returns whether the file was written.
    ///
    /// Whatever fails — a missing or read-only folder, a full disk, a destination that is a folder or
    /// a device — the destination keeps its earlier bytes and no temporary file is left behind.
    /// Two fsmc processes writing the same destination each rename a complete file of their own, so
    /// the result is always one whole output, never a mix. A destination that is a symbolic link to
    /// a regular file is written through the link (the link stays).
    @discardableResult
    static func writeIfChanged(_ content: String, to path: String) throws(IOError) -> Bool {
        let bytes = Array(content.utf8)
        var destination = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            destination = String(cString: resolved)
            free(resolved)
        }
        if stat(destination, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw IOError(message: "\(path): is a directory; cannot write output there")
            case S_IFREG: break
            default:
                throw IOError(message: "\(path): is not a regular file (a device, FIFO or socket); cannot write output there")
            }
            if let existing = FileManager.default.contents(atPath: destination), Self.same(existing, bytes) { return false }
        }
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw IOError(message: "\(folder.path): output directory does not exist")
        }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).fsmc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        ).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw IOError(message: "\(path): cannot write: \(lastError())") }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temporary, destination) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw IOError(message: "\(path): cannot write: \(failure)")
        }
        return true
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }

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
