import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The HTTP/1.1 server of `fsmc preview`: one thread, non-blocking sockets and `poll`, so that a
/// slow or stuck client never holds up the others. It listens on 127.0.0.1 only and answers a
/// request only when its `Host` is `127.0.0.1:<port>` or `localhost:<port>` (DNS rebinding);
/// a `POST` must come from the page's own origin (an `Origin` of another site is refused) and
/// carry `Content-Type: application/json` (which a form of another site cannot send). Each
/// response closes its connection, except the event stream (Server-Sent Events).
///
/// Bounds: a request line of 8 KiB, 16 KiB of header lines, 64 headers, a body of 1 MiB; a
/// request must arrive whole within ``requestTimeout`` seconds of its connection (default 10), and
/// a response be taken by the client within as long; at most 64 connections at once; an event
/// stream whose client reads nothing while 4 MiB pile up is dropped.
final class PreviewServer {
    struct Request {
        var method: String
        var path: String
        var query: String
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    struct Response {
        var status: Int
        var contentType: String
        var body: [UInt8]
        var extraHeaders: [(String, String)] = []

        init(status: Int, contentType: String, body: [UInt8], extraHeaders: [(String, String)] = []) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.extraHeaders = extraHeaders
        }

        init(status: Int, text: String, extraHeaders: [(String, String)] = []) {
            self.init(
                status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8),
                extraHeaders: extraHeaders)
        }
    }

    enum Answer {
        case response(Response)
        /// An event stream (`text/event-stream`): it stays open and takes ``broadcast(_:)``.
        case stream(first: String)
    }

    static let maximumRequestLine = 8 * 1024
    static let maximumHeaderBytes = 16 * 1024
    static let maximumHeaderCount = 64
    static let maximumBody = 1024 * 1024
    static let maximumConnections = 64
    static let maximumStreamBacklog = 4 * 1024 * 1024

    private final class Connection {
        let socket: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var deadline: Double
        var isStream = false
        var closeWhenWritten = false

        init(socket: Int32, deadline: Double) {
            self.socket = socket
            self.deadline = deadline
        }
    }

    let port: Int
    let requestTimeout: Double
    private let listener: Int32
    private var connections: [Int32: Connection] = [:]
    private let handle: (Request) -> Answer

    /// Listens on 127.0.0.1:`port` (0: a free port, ``port`` says which).
    init(port: Int, requestTimeout: Double, handle: @escaping (Request) -> Answer) throws(IOError) {
        self.requestTimeout = requestTimeout
        self.handle = handle
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw IOError(message: "cannot open a socket: \(Self.lastError())") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            let reason = Self.lastError()
            close(listener)
            throw IOError(message: "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        Self.makeNonBlocking(listener)
    }

    /// Serves until the process is stopped, calling `tick` about every `tickInterval` seconds
    /// (the file watch).
    func run(tickInterval: Double, tick: () -> Void) -> Never {
        var lastTick = Self.now()
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            let open = connections.values.sorted { $0.socket < $1.socket }
            for connection in open {
                var events = Int16(POLLIN)
                if !connection.output.isEmpty { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: connection.socket, events: events, revents: 0))
            }
            _ = poll(&fds, nfds_t(fds.count), Int32(max(tickInterval * 1000 / 2, 10)))
            if fds[0].revents & Int16(POLLIN) != 0 { acceptAll() }
            for (index, connection) in open.enumerated() {
                let revents = fds[index + 1].revents
                guard connections[connection.socket] != nil else { continue }
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(connection) }
                guard connections[connection.socket] != nil else { continue }
                if !connection.output.isEmpty { write(connection) }
            }
            let now = Self.now()
            for connection in connections.values where !connection.isStream && connection.deadline < now {
                drop(connection)
            }
            if now - lastTick >= tickInterval {
                lastTick = now
                tick()
            }
        }
    }

    /// Sends `event` to every open event stream.
    func broadcast(_ event: String) {
        for connection in connections.values where connection.isStream {
            connection.output += Array(event.utf8)
            if connection.output.count > Self.maximumStreamBacklog {
                drop(connection)
            } else {
                write(connection)
            }
        }
    }

    private func acceptAll() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Self.makeNonBlocking(client)
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(socket: client, deadline: Self.now() + requestTimeout)
            connections[client] = connection
            if connections.count > Self.maximumConnections {
                respond(connection, Response(status: 503, text: "fsmc preview: too many connections; try again"))
            }
        }
    }

    private func read(_ connection: Connection) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var peerClosed = false
        while true {
            let count = recv(connection.socket, &buffer, buffer.count, 0)
            if count > 0 {
                // What a stream's client or a connection being answered sends more is ignored.
                if connection.isStream || connection.closeWhenWritten { continue }
                connection.input += buffer[0..<count]
                if connection.input.count > Self.maximumRequestLine + Self.maximumHeaderBytes + Self.maximumBody {
                    respond(connection, Response(status: 413, text: "request too large"))
                    return
                }
                continue
            }
            if count == 0 {
                peerClosed = true
                break
            }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
            drop(connection)
            return
        }
        if !connection.isStream && !connection.closeWhenWritten { parse(connection) }
        // Closed by the client before its request was whole (a truncated request), or a stream's
        // page gone.
        if peerClosed, connections[connection.socket] != nil, !connection.closeWhenWritten { drop(connection) }
    }

    /// Answers the request in `connection.input` when it is whole; refuses it as soon as it breaks
    /// a rule.
    private func parse(_ connection: Connection) {
        let input = connection.input
        guard let lineEnd = Self.find([13, 10], in: input, from: 0) else {
            if input.count > Self.maximumRequestLine {
                respond(connection, Response(status: 414, text: "request line too long (over \(Self.maximumRequestLine) bytes)"))
            }
            return
        }
        guard lineEnd <= Self.maximumRequestLine else {
            respond(connection, Response(status: 414, text: "request line too long (over \(Self.maximumRequestLine) bytes)"))
            return
        }
        guard let headerEnd = Self.find([13, 10, 13, 10], in: input, from: lineEnd) else {
            if input.count - lineEnd > Self.maximumHeaderBytes {
                respond(connection, Response(status: 431, text: "headers too large (over \(Self.maximumHeaderBytes) bytes)"))
            }
            return
        }
        guard headerEnd - lineEnd <= Self.maximumHeaderBytes else {
            respond(connection, Response(status: 431, text: "headers too large (over \(Self.maximumHeaderBytes) bytes)"))
            return
        }
        guard let requestLine = String(validating: input[0..<lineEnd], as: UTF8.self) else {
            respond(connection, Response(status: 400, text: "malformed request line"))
            return
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else {
            respond(connection, Response(status: 400, text: "malformed request line"))
            return
        }
        var headers: [(String, String)] = []
        // Each header line with its CRLF (none when the request line's CRLF starts the blank line).
        let headerBytes = input[(lineEnd + 2)..<(headerEnd + 2)]
        for rawLine in headerBytes.split(separator: 10, omittingEmptySubsequences: false).dropLast() {
            guard rawLine.last == 13, let line = String(validating: rawLine.dropLast(), as: UTF8.self),
                let colon = line.firstIndex(of: ":")
            else {
                respond(connection, Response(status: 400, text: "malformed header line"))
                return
            }
            let name = String(line[..<colon])
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                respond(connection, Response(status: 400, text: "malformed header name"))
                return
            }
            headers.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        guard headers.count <= Self.maximumHeaderCount else {
            respond(connection, Response(status: 431, text: "too many headers (over \(Self.maximumHeaderCount))"))
            return
        }
        let hosts = headers.filter { $0.0.lowercased() == "host" }.map(\.1)
        guard hosts.count == 1, ["127.0.0.1:\(port)", "localhost:\(port)"].contains(hosts[0].lowercased()) else {
            respond(
                connection,
                Response(
                    status: 403,
                    text: "fsmc preview answers only requests for http://127.0.0.1:\(port)/ or http://localhost:\(port)/"))
            return
        }
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
            respond(connection, Response(status: 501, text: "Transfer-Encoding is not supported; send Content-Length"))
            return
        }
        var bodyLength = 0
        let lengths = headers.filter { $0.0.lowercased() == "content-length" }.map(\.1)
        if !lengths.isEmpty {
            guard lengths.count == 1, !lengths[0].isEmpty, lengths[0].count <= 12, lengths[0].allSatisfy(\.isASCII),
                let length = Int(lengths[0]), length >= 0
            else {
                respond(connection, Response(status: 400, text: "malformed Content-Length"))
                return
            }
            guard length <= Self.maximumBody else {
                respond(connection, Response(status: 413, text: "body too large (over \(Self.maximumBody) bytes)"))
                return
            }
            bodyLength = length
        }
        let bodyStart = headerEnd + 4
        guard input.count >= bodyStart + bodyLength else { return }  // the rest of the body is to come
        let target = parts[1]
        let path = String(target.prefix { $0 != "?" })
        let query = target.contains("?") ? String(target[target.index(after: target.firstIndex(of: "?")!)...]) : ""
        let request = Request(
            method: parts[0], path: path, query: query, headers: headers,
            body: Array(input[bodyStart..<(bodyStart + bodyLength)]))
        if request.method == "POST" {
            if let origin = request.header("Origin"),
                !["http://127.0.0.1:\(port)", "http://localhost:\(port)"].contains(origin.lowercased())
            {
                respond(
                    connection,
                    Response(status: 403, text: "fsmc preview takes changes only from its own page, not from \(origin)"))
                return
            }
            guard request.header("Content-Type")?.lowercased().hasPrefix("application/json") == true else {
                respond(connection, Response(status: 415, text: "a change must be sent as application/json"))
                return
            }
        }
        switch handle(request) {
        case .response(let response):
            respond(connection, response, headOnly: request.method == "HEAD")
        case .stream(let first):
            connection.isStream = true
            connection.input = []
            connection.output +=
                Array(
                    ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                        + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n" + first).utf8)
            write(connection)
        }
    }

    private func respond(_ connection: Connection, _ response: Response, headOnly: Bool = false) {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        head += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        for (name, value) in response.extraHeaders { head += "\(name): \(value)\r\n" }
        connection.input = []
        connection.output += Array((head + "\r\n").utf8) + (headOnly ? [] : response.body)
        connection.closeWhenWritten = true
        connection.deadline = Self.now() + requestTimeout
        write(connection)
    }

    private func write(_ connection: Connection) {
        while !connection.output.isEmpty {
            let count = connection.output.withUnsafeBytes {
                send(connection.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                connection.output.removeFirst(count)
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            drop(connection)
            return
        }
        if connection.closeWhenWritten {
            shutdown(connection.socket, Int32(SHUT_WR))
            drop(connection)
        }
    }

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.socket) != nil else { return }
        close(connection.socket)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    private static func makeNonBlocking(_ socket: Int32) {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
