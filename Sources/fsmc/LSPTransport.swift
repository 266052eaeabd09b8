import Foundation

/// JSON-RPC messages framed by `Content-Length` headers, read from standard input and written to
/// standard output (the base protocol of LSP).
final class LSPTransport {
    /// A body larger than this is read past and answered with an error: even a 32 MB .fsm file
    /// (fsmc's limit) fits in it after JSON escaping.
    static let maximumBodySize = 160 * 1024 * 1024

    enum Incoming {
        case message([UInt8])
        /// A header block without a usable `Content-Length`, or a body too large: answered with a
        /// parse error, and the next message is read.
        case malformed(String)
        case endOfInput
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private let input: Int32
    private let output: Int32
    private let inputIsStream: Bool
    /// Set once standard output is closed: nothing more can be said to the client.
    private(set) var outputClosed = false

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
        var info = stat()
        self.inputIsStream = fstat(input, &info) != 0 || (info.st_mode & S_IFMT) != S_IFREG
        // A client that closes the pipe must not kill the server with SIGPIPE mid-write; the
        // failed write is noticed instead.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Reads the next framed message.
    func read() -> Incoming {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        // How far past `start` the separator is known to be absent (`fill` may move `start`).
        var searched = 0
        while headerEnd == nil {
            if let found = find(separator, from: start + searched) {
                headerEnd = found
            } else {
                searched = max(0, buffer.count - start - 3)
                guard fill() else { return .endOfInput }
            }
        }
        let header = String(decoding: buffer[start..<headerEnd!], as: UTF8.self)
        start = headerEnd! + 4
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            // `hasSuffix`: after a message without a length, its unread body precedes the next header.
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased().hasSuffix("content-length") {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else { return .malformed("missing or invalid Content-Length header") }
        if length > Self.maximumBodySize {
            var remaining = length
            while remaining > 0 {
                if start == buffer.count, !fill() { return .endOfInput }
                let take = min(remaining, buffer.count - start)
                start += take
                remaining -= take
            }
            return .malformed("message of \(length) bytes is larger than \(Self.maximumBodySize)")
        }
        while buffer.count - start < length {
            guard fill() else { return .endOfInput }
        }
        let body = Array(buffer[start..<(start + length)])
        start += length
        return .message(body)
    }

    /// Writes one message; after a failed write (the client went away) nothing more is written.
    func write(_ body: [UInt8]) {
        guard !outputClosed else { return }
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                outputClosed = true
                return
            }
            offset += written
        }
    }

    /// Whether another message has (at least partly) arrived: bytes buffered or readable now.
    func hasPendingInput() -> Bool {
        if start < buffer.count { return true }
        // A regular file is always "readable": only a pipe, socket or terminal can say it is not.
        guard inputIsStream else { return false }
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var index = max(from, start)
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], buffer[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Appends what standard input has; `false` at its end.
    private func fill() -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
    }
}
