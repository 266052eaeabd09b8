import FSMCore
import Foundation

/// A JSON object as Foundation's `JSONSerialization` reads and writes it.
typealias JSONObject = [String: Any]

/// An error answered to a request (JSON-RPC error codes; LSP's `RequestFailed` for refusals).
struct ResponseError: Error {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803
}

/// `fsmc lsp`: the language server. It reads one message at a time and answers it before reading
/// the next; every editor feature is computed by FSMCore's ``EditorDocument`` on the document's
/// current text, analysed once per version.
final class LanguageServer {
    struct OpenDocument {
        var bytes: [UInt8]
        var version: Int?
        var analysis: EditorDocument?
    }

    let transport: LSPTransport
    var documents: [String: OpenDocument] = [:]
    var encoding = PositionEncoding.utf16
    /// Documents changed since their diagnostics were last published, in order. Publishing waits
    /// until no message is waiting (or a request comes), so a burst of keystrokes costs one
    /// analysis, not one each.
    private var stale: [String] = []
    private var initialized = false
    private var shutDown = false

    init(transport: LSPTransport) {
        self.transport = transport
    }

    /// Serves until `exit` or the end of standard input; returns the exit status (0 only after a
    /// `shutdown` request, as LSP asks).
    func run() -> Int32 {
        while true {
            switch transport.read() {
            case .endOfInput:
                publishStale()  // for a client that sent its last change and closed its end
                return shutDown ? 0 : 1
            case .malformed(let reason): sendError(id: NSNull(), ResponseError(code: ResponseError.parseError, message: reason))
            case .message(let body):
                if let status = handle(body) { return status }
            }
            if transport.outputClosed { return 1 }
            if !stale.isEmpty, !transport.hasPendingInput() { publishStale() }
        }
    }

    /// Handles one message; returns an exit status when the server must stop.
    private func handle(_ body: [UInt8]) -> Int32? {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) else {
            sendError(id: NSNull(), ResponseError(code: ResponseError.parseError, message: "the message is not valid JSON"))
            return nil
        }
        guard let message = json as? JSONObject else {
            sendError(id: NSNull(), ResponseError(code: ResponseError.invalidRequest, message: "a message must be a JSON object"))
            return nil
        }
        // Only a string or an integer is a valid id; it is echoed in the answer as such.
        let id: Any? = message["id"].map { ($0 as? String) ?? ($0 as? Int).map { $0 as Any } ?? NSNull() }
        guard let method = message["method"] as? String else {
            // A response to a request of ours (the server sends none), or garbage with an id.
            if id != nil, message["result"] == nil, message["error"] == nil {
                sendError(id: id!, ResponseError(code: ResponseError.invalidRequest, message: "a request needs a method"))
            }
            return nil
        }
        let params = message["params"] as? JSONObject ?? [:]
        guard let id else {
            return notification(method, params)
        }
        do {
            let result = try request(method, params)
            send(["jsonrpc": "2.0", "id": id, "result": result])
        } catch let error as ResponseError {
            sendError(id: id, error)
        } catch {
            sendError(id: id, ResponseError(code: ResponseError.requestFailed, message: "\(error)"))
        }
        return nil
    }

    private func notification(_ method: String, _ params: JSONObject) -> Int32? {
        switch method {
        case "exit": return shutDown ? 0 : 1
        case "textDocument/didOpen":
            guard let document = params["textDocument"] as? JSONObject, let uri = document["uri"] as? String else { return nil }
            let text = document["text"] as? String ?? ""
            documents[uri] = OpenDocument(bytes: Array(text.utf8), version: document["version"] as? Int)
            markStale(uri)
        case "textDocument/didChange":
            guard let document = params["textDocument"] as? JSONObject, let uri = document["uri"] as? String,
                var open = documents[uri]
            else { return nil }
            for change in params["contentChanges"] as? [JSONObject] ?? [] {
                guard let text = change["text"] as? String else { continue }
                if let range = change["range"] as? JSONObject, let span = byteRange(range, in: open.bytes) {
                    open.bytes.replaceSubrange(span, with: Array(text.utf8))
                } else {
                    open.bytes = Array(text.utf8)
                }
            }
            open.version = document["version"] as? Int
            open.analysis = nil
            documents[uri] = open
            markStale(uri)
        case "textDocument/didClose":
            guard let document = params["textDocument"] as? JSONObject, let uri = document["uri"] as? String else { return nil }
            documents[uri] = nil
            send(notification: "textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
        default:
            break  // initialized, didSave, $/cancelRequest, $/setTrace and the unknown: nothing to do.
        }
        return nil
    }

    private func publishStale() {
        let uris = stale
        stale = []
        for uri in uris where documents[uri] != nil { publishDiagnostics(uri) }
    }

    private func markStale(_ uri: String) {
        if !stale.contains(uri) { stale.append(uri) }
    }

    private func request(_ method: String, _ params: JSONObject) throws -> Any {
        if method == "initialize" {
            initialized = true
            return initialize(params)
        }
        guard initialized else {
            throw ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first")
        }
        guard !shutDown else {
            throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down")
        }
        // A request needs the documents' current analysis anyway: their diagnostics go out first.
        if method != "shutdown" { publishStale() }
        switch method {
        case "shutdown":
            shutDown = true
            return NSNull()
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params)
        default: throw ResponseError(code: ResponseError.methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    private func initialize(_ params: JSONObject) -> JSONObject {
        let general = (params["capabilities"] as? JSONObject)?["general"] as? JSONObject
        let offered = general?["positionEncodings"] as? [String] ?? []
        // fsmc counts Unicode scalars, so UTF-32 needs no conversion; UTF-16 is LSP's default.
        encoding = [PositionEncoding.utf32, .utf8].first { offered.contains($0.rawValue) } ?? .utf16
        return [
            "capabilities": [
                "positionEncoding": encoding.rawValue,
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "documentSymbolProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": ["(", "[", "/", ",", ">"]],
                "renameProvider": ["prepareProvider": true],
                "documentFormattingProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "semanticTokensProvider": [
                    "legend": ["tokenTypes": SemanticTokenKind.allCases.map(\.name), "tokenModifiers": ["declaration"]],
                    "full": true,
                ],
            ] as JSONObject,
            "serverInfo": ["name": "fsmc", "version": FSMCVersion.current],
        ]
    }

    // MARK: - Documents

    /// The analysed document a request names. A document never opened is read from disk when its
    /// URI is a readable file; otherwise the request fails politely.
    func document(_ params: JSONObject) throws -> (uri: String, document: EditorDocument) {
        guard let uri = (params["textDocument"] as? JSONObject)?["uri"] as? String else {
            throw ResponseError(code: ResponseError.invalidParams, message: "missing textDocument.uri")
        }
        if var open = documents[uri] {
            if let analysis = open.analysis { return (uri, analysis) }
            let analysis = EditorDocument(path: Self.path(of: uri), bytes: open.bytes)
            open.analysis = analysis
            documents[uri] = open
            return (uri, analysis)
        }
        if let url = URL(string: uri), url.isFileURL, let data = FileManager.default.contents(atPath: url.path),
            data.count <= Compilation.maximumFileSize
        {
            return (uri, EditorDocument(path: url.path, bytes: [UInt8](data)))
        }
        throw ResponseError(code: ResponseError.requestFailed, message: "\(uri) is not open")
    }

    /// The path shown in messages: the file's path for a `file:` URI, else the URI.
    static func path(of uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.path }
        return uri
    }

    /// The byte offset a request's `position` names (clamped to the document).
    func offset(_ params: JSONObject, in document: EditorDocument) throws -> Int {
        guard let position = params["position"] as? JSONObject, let editorPosition = Self.position(position) else {
            throw ResponseError(code: ResponseError.invalidParams, message: "missing or invalid position")
        }
        return document.file.offset(of: editorPosition, encoding: encoding)
    }

    static func position(_ json: JSONObject) -> EditorPosition? {
        guard let line = json["line"] as? Int, let character = json["character"] as? Int else { return nil }
        return EditorPosition(line: line, character: character)
    }

    /// The bytes an incremental change replaces (positions are read against the text before it).
    private func byteRange(_ range: JSONObject, in bytes: [UInt8]) -> Range<Int>? {
        guard let start = (range["start"] as? JSONObject).flatMap(Self.position),
            let end = (range["end"] as? JSONObject).flatMap(Self.position)
        else { return nil }
        // Positions are counted in the text as the client has it, byte-order mark included.
        let file = SourceFile(path: "", bytes: bytes)
        let shift = bytes.count - file.bytes.count
        let lower = file.offset(of: start, encoding: encoding) + shift
        let upper = file.offset(of: end, encoding: encoding) + shift
        return min(lower, upper)..<max(lower, upper)
    }

    func lspRange(_ range: SourceRange, in file: SourceFile) -> JSONObject {
        ["start": lspPosition(range.start, in: file), "end": lspPosition(range.end, in: file)]
    }

    func lspPosition(_ offset: Int, in file: SourceFile) -> JSONObject {
        let position = file.editorPosition(of: offset, encoding: encoding)
        return ["line": position.line, "character": position.character]
    }

    // MARK: - Output

    /// Written compact by FSMCore's ``JSONWriter``, the writer of `fsmc check --format json` too.
    func send(_ message: JSONObject) {
        var writer = JSONWriter(layout: .compact)
        writer.value(message)
        transport.write(writer.bytes)
    }

    func send(notification method: String, _ params: JSONObject) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func sendError(id: Any, _ error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": error.code, "message": error.message]])
    }
}
