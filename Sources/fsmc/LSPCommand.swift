extension Commands {
    /// `fsmc lsp`: the language server on standard input and output (docs/Editors.md).
    static let lsp = Command(
        name: "lsp",
        abstract: "Run the language server (LSP 3.17 over standard input and output).",
        usage: "fsmc lsp",
        options: [],
        discussion: """
            Editors start this command and talk to it in JSON-RPC with Content-Length framing. It
            publishes fsmc's diagnostics while you type and offers quick fixes, the outline,
            go to definition, references, hover, completion, rename, formatting and semantic
            highlighting. See docs/Editors.md for VS Code, Neovim and Helix.
            """,
        run: { arguments in
            guard arguments.positionals.isEmpty else {
                throw UsageError(message: "'fsmc lsp' takes no files; the editor sends them", command: "lsp")
            }
            return LanguageServer(transport: LSPTransport()).run()
        })
}
