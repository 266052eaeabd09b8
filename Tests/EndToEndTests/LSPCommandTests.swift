import Foundation
import TestSupport
import XCTest

/// `fsmc lsp` as a command: a whole session from standard input (the protocol itself is tested end
/// to end with a real LSP client in Tests/LSP, run by `make test-editor`).
final class LSPCommandTests: XCTestCase {
    /// LSP's base protocol: each JSON body after its `Content-Length` header.
    private func framed(_ messages: [String]) -> String {
        messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
    }

    /// The JSON bodies of the framed messages in `output`.
    private func bodies(_ output: String) throws -> [[String: Any]] {
        var result: [[String: Any]] = []
        var rest = Substring(output)
        while let header = rest.range(of: "\r\n\r\n") {
            let length = try XCTUnwrap(Int(rest[..<header.lowerBound].replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = rest[header.upperBound...].utf8.prefix(length)
            result.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
            rest = Substring(String(decoding: rest[header.upperBound...].utf8.dropFirst(length), as: UTF8.self))
        }
        return result
    }

    func testASessionFromInitializeToExit() throws {
        let text = #"machine M {\n initial A\n state A { go -> Nowhere }\n}\n"#
        let session = framed([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x/M.fsm","languageId":"fsm","version":1,"text":"\#(text)"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x/M.fsm"},"position":{"line":2,"character":8}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let result = try runFSMC(["lsp"], stdin: session)
        XCTAssertEqual(result.status, 0, result.stderr)
        let messages = try bodies(result.stdout)
        let capabilities = (messages.first?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["positionEncoding"] as? String, "utf-16")
        XCTAssertEqual(capabilities?["hoverProvider"] as? Bool, true)
        let hover = messages.first { $0["id"] as? Int == 2 }?["result"] as? [String: Any]
        let contents = (hover?["contents"] as? [String: Any])?["value"] as? String
        XCTAssertTrue(contents?.contains("state A") == true, "\(messages)")
        let published = messages.first { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let diagnostics = (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
        XCTAssertTrue((diagnostics?.first?["message"] as? String)?.contains("'Nowhere'") == true, "\(messages)")
        XCTAssertTrue(messages.contains { $0["id"] as? Int == 3 && $0.keys.contains("result") })
    }

    func testFilesAreRefused() throws {
        let result = try runFSMC(["lsp", "Door.fsm"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("'fsmc lsp' takes no files"), result.stderr)
    }
}
