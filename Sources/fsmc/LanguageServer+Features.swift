import FSMCore
import Foundation

/// The LSP requests, each a conversion between JSON and a query on ``EditorDocument``.
extension LanguageServer {
    func publishDiagnostics(_ uri: String) {
        guard let (_, document) = try? document(["textDocument": ["uri": uri]]) else { return }
        var params: JSONObject = [
            "uri": uri, "diagnostics": document.compilation.diagnostics.map { lspDiagnostic($0, uri: uri, in: document.file) },
        ]
        if let version = documents[uri]?.version { params["version"] = version }
        send(notification: "textDocument/publishDiagnostics", params)
    }

    /// A diagnostic as `fsmc check` reports it: its range, severity, id (as `code`) and notes (as
    /// related information).
    func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, in file: SourceFile) -> JSONObject {
        let severity =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        var result: JSONObject = [
            "range": lspRange(diagnostic.range, in: file), "severity": severity, "code": diagnostic.id.rawValue,
            "source": "fsmc", "message": diagnostic.message,
        ]
        if !diagnostic.notes.isEmpty {
            result["relatedInformation"] = diagnostic.notes.map { note -> JSONObject in
                ["location": ["uri": uri, "range": lspRange(note.range, in: file)], "message": note.message]
            }
        }
        return result
    }

    func documentSymbols(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        func convert(_ item: OutlineItem) -> JSONObject {
            let kind =
                switch item.kind {
                case .machine: 5  // Class
                case .state: 22  // EnumMember
                case .event: 24  // Event
                case .activity: 12  // Function
                default: 13
                }
            return [
                "name": item.name, "detail": item.detail, "kind": kind, "range": lspRange(item.range, in: document.file),
                "selectionRange": lspRange(item.selectionRange, in: document.file), "children": item.children.map(convert),
            ]
        }
        return document.outline().map(convert)
    }

    func definition(_ params: JSONObject) throws -> Any {
        let (uri, document) = try document(params)
        guard let symbol = document.index.occurrence(at: try offset(params, in: document)),
            let declaration = document.index.declaration(of: symbol)
        else { return NSNull() }
        return ["uri": uri, "range": lspRange(declaration.range, in: document.file)] as JSONObject
    }

    func references(_ params: JSONObject) throws -> Any {
        let (uri, document) = try document(params)
        guard let symbol = document.index.occurrence(at: try offset(params, in: document)) else { return [Any]() }
        let includeDeclaration = (params["context"] as? JSONObject)?["includeDeclaration"] as? Bool ?? true
        return document.index.references(of: symbol, includingDeclaration: includeDeclaration).map { occurrence -> JSONObject in
            ["uri": uri, "range": lspRange(occurrence.range, in: document.file)]
        }
    }

    func hover(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        guard let (markdown, range) = document.hover(at: try offset(params, in: document)) else { return NSNull() }
        return ["contents": ["kind": "markdown", "value": markdown], "range": lspRange(range, in: document.file)] as JSONObject
    }

    func completion(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        return document.completions(at: try offset(params, in: document)).map { candidate -> JSONObject in
            let kind =
                switch candidate.kind {
                case .keyword: 14  // Keyword
                case .symbol(.state): 20  // EnumMember
                case .symbol(.event): 23  // Event
                case .symbol(.guard), .symbol(.delay), .symbol(.activity): 3  // Function
                case .symbol(.action): 2  // Method
                case .symbol(.parameter): 6  // Variable
                case .symbol(.machine): 7  // Class
                }
            return ["label": candidate.label, "kind": kind]
        }
    }

    func prepareRename(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        guard let symbol = document.renamableSymbol(at: try offset(params, in: document)) else { return NSNull() }
        return ["range": lspRange(symbol.range, in: document.file), "placeholder": symbol.name] as JSONObject
    }

    func rename(_ params: JSONObject) throws -> Any {
        let (uri, document) = try document(params)
        guard let newName = params["newName"] as? String else {
            throw ResponseError(code: ResponseError.invalidParams, message: "missing newName")
        }
        switch document.rename(at: try offset(params, in: document), to: newName) {
        case .success(let edits): return ["changes": [uri: textEdits(edits, in: document.file)]] as JSONObject
        case .failure(let error): throw ResponseError(code: ResponseError.requestFailed, message: "cannot rename: \(error)")
        }
    }

    func formatting(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        guard let text = Formatter.format(document.file).text, Array(text.utf8) != document.file.bytes else { return [Any]() }
        let whole = SourceRange(start: 0, end: document.file.bytes.count)
        return textEdits([FixIt(replace: whole, with: text)], in: document.file)
    }

    func codeActions(_ params: JSONObject) throws -> Any {
        let (uri, document) = try document(params)
        var range = SourceRange(start: 0, end: document.file.bytes.count)
        if let json = params["range"] as? JSONObject, let start = (json["start"] as? JSONObject).flatMap(Self.position),
            let end = (json["end"] as? JSONObject).flatMap(Self.position)
        {
            range = SourceRange(
                start: document.file.offset(of: start, encoding: encoding), end: document.file.offset(of: end, encoding: encoding)
            )
        }
        return document.quickFixes(in: range).map { fix -> JSONObject in
            [
                "title": fix.title, "kind": "quickfix", "isPreferred": true,
                "diagnostics": [lspDiagnostic(fix.diagnostic, uri: uri, in: document.file)],
                "edit": ["changes": [uri: textEdits(fix.edits, in: document.file)]],
            ]
        }
    }

    func semanticTokens(_ params: JSONObject) throws -> Any {
        let (_, document) = try document(params)
        let tokens = document.semanticTokens()
        var data: [Int] = []
        data.reserveCapacity(tokens.count * 5)
        var previous = EditorPosition(line: 0, character: 0)
        var cursor = EditorPositionCursor(file: document.file, encoding: encoding)
        for token in tokens {
            let start = cursor.position(of: token.range.start)
            let end = cursor.position(of: token.range.end)
            guard end.line == start.line, end.character > start.character else { continue }
            let deltaLine = start.line - previous.line
            data.append(deltaLine)
            data.append(deltaLine == 0 ? start.character - previous.character : start.character)
            data.append(end.character - start.character)
            data.append(token.kind.rawValue)
            data.append(token.isDeclaration ? 1 : 0)
            previous = start
        }
        return ["data": data] as JSONObject
    }

    private func textEdits(_ edits: [FixIt], in file: SourceFile) -> [JSONObject] {
        edits.map { ["range": lspRange($0.range, in: file), "newText": $0.replacement] }
    }
}
