/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A related place in the source, shown after a diagnostic ("first declared here").
public struct DiagnosticNote: Sendable, Hashable {
    public var message: String
    public var range: SourceRange
    /// The file the note points into when it is not the diagnostic's own: another input of the
    /// same `fsmc generate` run. `nil` for a note in the diagnostic's file, as nearly all are.
    public var file: SourceFile?

    public init(_ message: String, at range: SourceRange, in file: SourceFile? = nil) {
        self.message = message
        self.range = range
        self.file = file
    }
}

/// A suggested edit: replace `range` with `replacement`.
public struct FixIt: Sendable, Hashable {
    public var range: SourceRange
    public var replacement: String

    public init(replace range: SourceRange, with replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// One error or warning about a source file.
///
/// Diagnostics are values; every stage of the compiler appends them to a ``DiagnosticEngine`` and the
/// driver renders them once, as text, JSON or SARIF. Messages are written in one place,
/// `DiagnosticMessages.swift`, so each is findable by its stable ``id``.
public struct Diagnostic: Sendable, Hashable {
    /// The stable identifier of this kind of diagnostic, for example `unknown-state`.
    public var id: DiagnosticID
    public var message: String
    public var range: SourceRange
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]

    /// How serious it is: always its kind's, ``DiagnosticID/severity``, so that a SARIF rule's level
    /// and the level of each of its results never disagree.
    public var severity: Severity { id.severity }

    public init(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }
}

/// Collects the diagnostics of one file.
///
/// After ``errorLimit`` errors it stops accepting more and records that it did, so a file of
/// garbage produces a readable report instead of millions of lines.
public struct DiagnosticEngine: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var errorCount = 0
    /// Whether errors were dropped because the limit was reached.
    public private(set) var reachedErrorLimit = false
    public let errorLimit: Int

    public init(errorLimit: Int = 100) {
        self.errorLimit = errorLimit
    }

    public var hasErrors: Bool { errorCount > 0 }

    public mutating func emit(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error {
            if errorCount >= errorLimit {
                reachedErrorLimit = true
                return
            }
            errorCount += 1
        }
        diagnostics.append(diagnostic)
    }

    /// Replaces the diagnostic of kind `id` reported at exactly `range` by `diagnostic`: a later
    /// stage that sees what the text means says it better than the lexer could (a lone `-` in an
    /// argument list is no misspelt arrow). Nothing happens when there is none (it was over the limit).
    mutating func replace(_ id: DiagnosticID, at range: SourceRange, with diagnostic: Diagnostic) {
        guard let index = diagnostics.lastIndex(where: { $0.id == id && $0.range == range }) else { return }
        diagnostics[index] = diagnostic
    }

    /// Removes the diagnostic of kind `id` reported at exactly `range`: a later stage found that an
    /// error of its own already explains it (the `==` in the rest of a guard whose `>` is reported).
    mutating func remove(_ id: DiagnosticID, at range: SourceRange) {
        guard let index = diagnostics.lastIndex(where: { $0.id == id && $0.range == range }) else { return }
        if diagnostics[index].severity == .error { errorCount -= 1 }
        diagnostics.remove(at: index)
    }

    /// The diagnostics in source order (stable for equal positions, so a diagnostic's notes and
    /// the order checks ran in decide ties).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start, lhs.offset) < (rhs.element.range.start, rhs.offset)
        }.map(\.element)
    }
}
