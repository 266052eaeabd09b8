/// One version of a document open in an editor, analysed once: its diagnostics and model (as
/// `fsmc check` computes them), its syntax tree (built even when there are errors), its tokens and
/// its symbol index. Every editor feature (``hover(at:)``, ``completions(at:)``, ``rename(at:to:)``
/// and the others) is a query on it; the language server only converts positions and JSON.
public struct EditorDocument: Sendable {
    public let compilation: Compilation
    /// The syntax tree as written; `nil` when there is no machine at all (or the file is unreadable).
    public let machine: MachineDecl?
    public let tokens: [Token]
    public let index: SymbolIndex

    public var file: SourceFile { compilation.file }

    public init(path: String, bytes: [UInt8]) {
        let compilation = Compilation(path: path, bytes: bytes, keepingSyntax: true)
        self.compilation = compilation
        let file = compilation.file
        // The tree and the tokens are read only from files the front end could read at all.
        self.machine = compilation.syntax
        if file.bytes.isEmpty || file.firstInvalidUTF8Offset() != nil {
            self.tokens = []
        } else {
            var engine = DiagnosticEngine()
            self.tokens = Lexer.tokenize(file, diagnostics: &engine)
        }
        self.index = SymbolIndex(machine)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Every state declaration with its path from the machine (`Active.Playing`) and its kind.
    public func stateDeclarations() -> [String: (path: [String], decl: StateDecl)] {
        var result: [String: (path: [String], decl: StateDecl)] = [:]
        func visit(_ members: [Member], path: [String]) {
            for case .state(let state) in members {
                let own = path + [state.name.text]
                if result[state.name.text] == nil { result[state.name.text] = (own, state) }
                visit(state.members ?? [], path: own)
            }
        }
        visit(machine?.members ?? [], path: [])
        return result
    }

    /// The `event` declarations, by name.
    public func eventDeclarations() -> [String: EventDecl] {
        var result: [String: EventDecl] = [:]
        for case .event(let event) in machine?.members ?? [] where result[event.name.text] == nil {
            result[event.name.text] = event
        }
        return result
    }
}
