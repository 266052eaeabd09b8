/// The front end as one call: bytes in, diagnostics and (when there are no errors) a model out.
///
/// ```
/// source bytes ─▶ UTF-8 check ─▶ Lexer ─▶ Parser ─▶ AST ─▶ Analyzer ─▶ Model
/// ```
/// Every stage appends to one ``DiagnosticEngine``; the driver renders the result once.
public struct Compilation: Sendable {
    /// Files larger than this are refused before lexing. No hand-written state chart comes near it,
    /// and the limit keeps a stray multi-gigabyte input from exhausting memory.
    public static let maximumFileSize = 32 * 1024 * 1024

    public let file: SourceFile
    /// All diagnostics in source order.
    public internal(set) var diagnostics: [Diagnostic]
    /// The resolved machine; `nil` when there are errors.
    public internal(set) var model: Model?
    /// The syntax tree as written, also when there are errors, when asked for with `keepingSyntax`
    /// (the editor features read it; the command line lets it go after analysis); otherwise `nil`.
    public let syntax: MachineDecl?

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var hasWarnings: Bool { diagnostics.contains { $0.severity == .warning } }

    /// Runs the front end over one file's bytes. With `checkingSwiftNames` false, the rules that
    /// exist only because of the generated Swift (`invalid-name`, `name-collision`, `reserved-name`,
    /// `miscased-standard-type`) are not checked: for a diagram or a simulation, which have no Swift.
    public init(path: String, bytes: [UInt8], keepingSyntax: Bool = false, checkingSwiftNames: Bool = true) {
        if bytes.count > Compilation.maximumFileSize {
            self.file = SourceFile(path: path, bytes: [])
            self.diagnostics = [.fileTooLarge(limit: Compilation.maximumFileSize)]
            self.model = nil
            self.syntax = nil
            return
        }
        let file = SourceFile(path: path, bytes: bytes)
        self.file = file
        var engine = DiagnosticEngine()
        if let offset = file.firstInvalidUTF8Offset() {
            engine.emit(.invalidUTF8(byte: file.bytes[offset], at: SourceRange(start: offset, end: offset + 1)))
            self.diagnostics = engine.diagnostics
            self.model = nil
            self.syntax = nil
            return
        }
        var model: Model?
        let parsed = Parser.parseReportingStructure(file, diagnostics: &engine)
        self.syntax = keepingSyntax ? parsed.machine : nil
        if let machine = parsed.machine, parsed.isStructurallySound, !engine.reachedErrorLimit {
            model = Analyzer.analyze(machine, in: file, checkingSwiftNames: checkingSwiftNames, diagnostics: &engine)
        }
        var diagnostics = engine.sorted
        if engine.reachedErrorLimit {
            let end = SourceRange(start: file.bytes.count, end: file.bytes.count)
            diagnostics.append(.tooManyErrors(limit: engine.errorLimit, at: diagnostics.last?.range ?? end))
        }
        self.diagnostics = diagnostics
        self.model = engine.hasErrors ? nil : model
    }

    /// Runs the front end over source text (convenient in tests and tools).
    public init(path: String, text: String, checkingSwiftNames: Bool = true) {
        self.init(path: path, bytes: Array(text.utf8), checkingSwiftNames: checkingSwiftNames)
    }
}
