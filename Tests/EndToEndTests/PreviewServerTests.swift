import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP server of `fsmc preview` over raw sockets (docs/Preview.md, "Safety"): the real fsmc
/// binary serving a machine, requests written byte for byte, each rule's refusal checked, and the
/// server still serving the others afterwards.
final class PreviewServerTests: XCTestCase {
    private var process: Process?
    private var port = 0

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder(self)
        try validMachine.write(to: folder.appendingPathComponent("Door.fsm"), atomically: true, encoding: .utf8)
        if name.contains("Graphviz") { return }  // it starts its own
        // fsmc's own timeout, 10 s, which a test on a loaded machine never comes near, but where the
        // timeout is what is tested; seventy connections opened on a loaded machine may take a while.
        if name.contains("SlowClient") {
            try launch(timeout: slowClientTimeout)
        } else {
            try launch(timeout: name.contains("TooManyConnections") ? 20 : 10)
        }
    }

    /// The request timeout of the slow client's test: long enough that the other client's exchange
    /// never takes it, even on a loaded machine.
    private let slowClientTimeout = 3.0

    /// Starts `fsmc preview Door.fsm` with the request timeout at `timeout` seconds and reads its address.
    private func launch(path: String? = nil, timeout: Double = 10) throws {
        let process = Process()
        process.executableURL = fsmcExecutable()
        process.arguments = ["preview", folder.appendingPathComponent("Door.fsm").path]
        var environment = ProcessInfo.processInfo.environment
        environment["FSMC_PREVIEW_TIMEOUT"] = "\(timeout)"
        if let path { environment["PATH"] = path }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let match = try XCTUnwrap(text.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), "printed \(text)")
        port = try XCTUnwrap(Int(match.1))
    }

    /// Graphviz lays out in the background: a `dot` that takes its time holds up nothing; one that
    /// fails says why on the page.
    func testGraphvizRunsInTheBackgroundAndItsFailureIsShown() throws {
        let tools = folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let dot = tools.appendingPathComponent("dot")
        try "#!/bin/sh\nexec sleep 30\n".write(to: dot, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
        let started = Date()
        try launch(path: tools.path + ":/usr/bin:/bin")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "served while dot runs")
        XCTAssertTrue(try stateText().contains("Graphviz is laying out the diagram of 2 states"))
        XCTAssertEqual(status(try exchange("GET /diagram.svg HTTP/1.1\r\n\(host)\r\n")), "HTTP/1.1 404 Not Found")
        // Stopped, fsmc stops the layout too.
        let layout = try XCTUnwrap(children(of: process!.processIdentifier).first, "dot runs")
        process?.terminate()
        process?.waitUntilExit()
        let stopped = Date()
        while kill(layout, 0) == 0, Date().timeIntervalSince(stopped) < 5 { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertNotEqual(kill(layout, 0), 0, "dot (pid \(layout)) still runs after fsmc stopped")

        try "#!/bin/sh\necho 'syntax error in line 1' >&2\nexit 3\n".write(to: dot, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
        try launch(path: tools.path + ":/usr/bin:/bin")
        XCTAssertTrue(try stateText().contains(#""graphviz":"Graphviz's dot failed: syntax error in line 1\n""#))
    }

    /// The processes whose parent is `parent`, read from /proc (no `pgrep` needed).
    private func children(of parent: Int32) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return nil }
            // pid (comm) state ppid ...: the name may hold spaces and parentheses, so read after its end.
            let fields = stat[afterName.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }.sorted()
    }

    func testAPortInUseIsReportedAndCtrlCStopsTheServer() throws {
        let second = try runFSMC(["preview", folder.appendingPathComponent("Door.fsm").path, "--port", "\(port)"])
        XCTAssertEqual(second.status, 2)
        XCTAssertEqual(second.stderr, "error: cannot listen on 127.0.0.1:\(port): Address already in use\n")
        let process = try XCTUnwrap(process)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGINT)
        self.process = nil
    }

    override func tearDown() {
        process?.terminate()
        process?.waitUntilExit()
    }

    /// Connects to the server; the socket times out reads after `timeout` seconds.
    private func connect(timeout: Double = 5) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(socket, 0)
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        XCTAssertEqual(result, 0, "cannot connect to port \(port)")
        return socket
    }

    private func send(_ socket: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }  // the server may close early on a request it refuses
            offset += count
        }
    }

    /// Everything the server sends until it closes the connection (or the read times out).
    private func receiveAll(_ socket: Int32) -> String { receive(socket).text }

    /// What the server sends until it closes the connection, the read times out, or what was
    /// received contains `until`; and whether the server closed the connection (a reset, as when
    /// it closes with bytes unread, counts: only a timeout does not).
    private func receive(_ socket: Int32, until: String? = nil) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 {
                return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET)
            }
            received += buffer[0..<count]
            if let until, String(decoding: received, as: UTF8.self).contains(until) {
                return (String(decoding: received, as: UTF8.self), false)
            }
        }
    }

    /// Sends `request` on a new connection and returns the whole answer.
    private func exchange(_ request: String, halfClose: Bool = false) throws -> String {
        let socket = try connect()
        defer { close(socket) }
        send(socket, Array(request.utf8))
        if halfClose { shutdown(socket, Int32(SHUT_WR)) }
        return receiveAll(socket)
    }

    private var host: String { "Host: 127.0.0.1:\(port)\r\n" }

    private func status(_ response: String) -> String { response.components(separatedBy: "\r\n")[0] }

    private func post(_ body: String, headers: String = "") throws -> String {
        try exchange(
            "POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
    }

    private func stateText() throws -> String { try exchange("GET /state HTTP/1.1\r\n\(host)\r\n") }

    func testServesThePageAndItsStateForItsOwnHost() throws {
        let page = try exchange("GET / HTTP/1.1\r\n\(host)\r\n")
        XCTAssertEqual(status(page), "HTTP/1.1 200 OK")
        XCTAssertTrue(page.contains("Content-Type: text/html; charset=utf-8"))
        XCTAssertTrue(page.contains("<ol id=\"log\" class=\"log\" data-log></ol>"))
        XCTAssertFalse(page.contains("FSMC-"), "every placeholder is filled")
        XCTAssertEqual(status(try exchange("GET / HTTP/1.1\r\nHost: LOCALHOST:\(port)\r\n\r\n")), "HTTP/1.1 200 OK")
        XCTAssertTrue(try stateText().contains(#""log":["start","    enter Closed","  state: Closed"]"#))
        let stream = try connect(timeout: 10)
        defer { close(stream) }
        send(stream, Array("GET /events HTTP/1.1\r\n\(host)\r\n".utf8))
        let (events, closed) = receive(stream, until: "event: update\ndata: ")
        XCTAssertFalse(closed, "the stream stays open")
        XCTAssertTrue(events.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"), events)
        XCTAssertTrue(events.contains("event: update\ndata: "), events)
    }

    func testListensOnTheLoopbackAddressOnly() throws {
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let hexPort = String(format: "%04X", port)
        var listening: [String] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            // sl, local_address, rem_address, st (0A: LISTEN)
            if fields.count > 3, fields[1].hasSuffix(":" + hexPort), fields[3] == "0A" { listening.append(fields[1]) }
        }
        XCTAssertEqual(listening, ["0100007F:" + hexPort])
    }

    func testOtherHostsAreRefused() throws {
        for header in ["Host: evil.example\r\n", "Host: 127.0.0.1:\(port + 1)\r\n", "Host: evil.example:\(port)\r\n", ""] {
            let response = try exchange("GET / HTTP/1.1\r\n\(header)\r\n")
            XCTAssertEqual(status(response), "HTTP/1.1 403 Forbidden", header)
            XCTAssertTrue(
                response.hasSuffix(
                    "fsmc preview answers only requests for http://127.0.0.1:\(port)/ or http://localhost:\(port)/\n"))
        }
        XCTAssertEqual(status(try exchange("GET / HTTP/1.1\r\n\(host)\(host)\r\n")), "HTTP/1.1 403 Forbidden", "two Hosts")
    }

    func testChangesFromOtherOriginsAreRefused() throws {
        let before = try stateText()
        let foreign = try post(#"{"action":"event","event":"open"}"#, headers: "Origin: http://evil.example\r\n")
        XCTAssertEqual(status(foreign), "HTTP/1.1 403 Forbidden")
        XCTAssertTrue(foreign.hasSuffix("fsmc preview takes changes only from its own page, not from http://evil.example\n"))
        let form = try exchange(
            "POST /action HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}")
        XCTAssertEqual(status(form), "HTTP/1.1 415 Unsupported Media Type")
        XCTAssertEqual(try stateText(), before, "nothing changed")
        let own = try post(#"{"action":"event","event":"open"}"#, headers: "Origin: http://127.0.0.1:\(port)\r\n")
        XCTAssertEqual(status(own), "HTTP/1.1 200 OK")
        XCTAssertTrue(own.contains(#""active":["Opened"]"#))
        let refused = try post(#"{"action":"event","event":"shut"}"#)
        XCTAssertEqual(status(refused), "HTTP/1.1 422 Unprocessable Content")
        XCTAssertTrue(refused.hasSuffix(#"{"error":"the machine has no event 'shut'"}"#), refused)
    }

    func testOversizedMalformedAndUnknownRequestsGetTheirErrors() throws {
        let cases: [(String, String)] = [
            ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\(host)\r\n", "414 URI Too Long"),
            (
                "GET / HTTP/1.1\r\n\(host)X-Big: " + String(repeating: "b", count: 17000) + "\r\n\r\n",
                "431 Request Header Fields Too Large"
            ),
            (
                "GET / HTTP/1.1\r\n\(host)" + (0..<65).map { "X-\($0): 1\r\n" }.joined() + "\r\n",
                "431 Request Header Fields Too Large"
            ),
            (
                "POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n",
                "413 Content Too Large"
            ),
            ("POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: x1\r\n\r\n", "400 Bad Request"),
            (
                "POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
                "501 Not Implemented"
            ),
            ("GARBAGE\r\n\r\n", "400 Bad Request"),
            ("GET / HTTP/2.0\r\n\(host)\r\n", "400 Bad Request"),
            ("GET / HTTP/1.1\r\n\(host)no colon here\r\n\r\n", "400 Bad Request"),
            ("GET /../../etc/passwd HTTP/1.1\r\n\(host)\r\n", "404 Not Found"),
            ("GET /Door.fsm HTTP/1.1\r\n\(host)\r\n", "404 Not Found"),
            ("DELETE / HTTP/1.1\r\n\(host)\r\n", "405 Method Not Allowed"),
            ("GET /action HTTP/1.1\r\n\(host)\r\n", "405 Method Not Allowed"),
            (
                "POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 5\r\n\r\n[1,2]",
                "422 Unprocessable Content"
            ),
        ]
        for (request, expected) in cases {
            XCTAssertEqual(status(try exchange(request)), "HTTP/1.1 " + expected, String(request.prefix(60)))
        }
        XCTAssertEqual(status(try exchange("GET / HTTP/1.1\r\n\(host)\r\n")), "HTTP/1.1 200 OK", "still serving")
    }

    func testTruncatedRequestsAreDropped() throws {
        XCTAssertEqual(try exchange("GET / HTTP/1.1\r\n\(host)", halfClose: true), "")
        XCTAssertEqual(
            try exchange(
                "POST /action HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"action\"",
                halfClose: true), "")
        XCTAssertTrue(try stateText().contains(#""script":[]"#), "the truncated change did nothing")
    }

    func testASlowClientIsDroppedWithoutHoldingUpTheOthers() throws {
        // Timed from before the connection: the server's deadline starts when it accepts it, later.
        let started = Date()
        let slow = try connect(timeout: 30)
        defer { close(slow) }
        send(slow, Array("GET / HTTP/1.1\r\nHo".utf8))
        // Meanwhile another client is served, not held up until the slow one's deadline.
        XCTAssertEqual(status(try exchange("GET /state HTTP/1.1\r\n\(host)\r\n")), "HTTP/1.1 200 OK")
        XCTAssertLessThan(Date().timeIntervalSince(started), slowClientTimeout, "served before the slow one is dropped")
        // The slow one, which never finishes its request, is closed by the server after the timeout,
        // not before: a read that times out (30 s) is not a close.
        send(slow, Array("st: 127".utf8))
        let (text, closed) = receive(slow)
        XCTAssertEqual(text, "")
        XCTAssertTrue(closed, "the server closed the slow connection")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), slowClientTimeout - 0.05)
    }

    func testTooManyConnectionsAreTurnedAwayAndTheServerRecovers() throws {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<70 { sockets.append(try connect(timeout: 3)) }
        let last = receiveAll(sockets[69])
        XCTAssertEqual(status(last), "HTTP/1.1 503 Service Unavailable")
        sockets.forEach { close($0) }
        sockets = []
        // The server notices the closed connections as it reads them: it serves again once it has.
        let closed = Date()
        var answer = try exchange("GET / HTTP/1.1\r\n\(host)\r\n")
        while status(answer) != "HTTP/1.1 200 OK", Date().timeIntervalSince(closed) < 10 {
            Thread.sleep(forTimeInterval: 0.1)
            answer = try exchange("GET / HTTP/1.1\r\n\(host)\r\n")
        }
        XCTAssertEqual(status(answer), "HTTP/1.1 200 OK")
    }
}
