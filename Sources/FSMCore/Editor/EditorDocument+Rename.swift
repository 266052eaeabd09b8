/// Why a rename was refused.
public enum RenameError: Error, Sendable, Hashable, CustomStringConvertible {
    case noSymbol
    case notAnIdentifier(String)
    case keyword(String)
    case collision(String, SymbolKind)

    public var description: String {
        switch self {
        case .noSymbol: "there is no state, event, guard, action, delay or activity here to rename"
        case .notAnIdentifier(let name): "'\(name)' is not a valid name (letters, digits and '_', not starting with a digit)"
        case .keyword(let name): "'\(name)' is a keyword"
        case .collision(let name, let kind): "there is already \(kind == .event ? "an" : "a") \(kind.rawValue) named '\(name)'"
        }
    }
}

extension EditorDocument {
    /// The name that a rename at `offset` would change (states, events, guards, actions, delays and
    /// activities).
    public func renamableSymbol(at offset: Int) -> SymbolOccurrence? {
        guard let symbol = index.occurrence(at: offset) else { return nil }
        return [.state, .event, .guard, .action, .delay, .activity].contains(symbol.kind) ? symbol : nil
    }

    /// The edits renaming the symbol at `offset` everywhere, or why that is refused: the new name
    /// must be an identifier, not a keyword, and not already name a symbol it would merge with
    /// (another state; another event; another guard, action, delay or activity, which share the
    /// actions protocol).
    public func rename(at offset: Int, to newName: String) -> Result<[FixIt], RenameError> {
        guard let symbol = renamableSymbol(at: offset) else { return .failure(.noSymbol) }
        guard Self.isIdentifier(newName) else { return .failure(.notAnIdentifier(newName)) }
        if Keyword(rawValue: newName) != nil { return .failure(.keyword(newName)) }
        if newName == symbol.name { return .success([]) }
        let requirements: [SymbolKind] = [.guard, .action, .delay, .activity]
        let namespace = requirements.contains(symbol.kind) ? requirements : [symbol.kind]
        if let clash = index.occurrences.first(where: { namespace.contains($0.kind) && $0.name == newName }) {
            return .failure(.collision(newName, clash.kind))
        }
        return .success(index.references(of: symbol).map { FixIt(replace: $0.range, with: newName) })
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }
}
