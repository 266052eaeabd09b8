/// Which actor the generated machine and its actions are isolated to (`--isolation`).
public enum Isolation: Sendable, Hashable {
    /// The default: the main actor for a machine with timers or activities, none for the others
    /// (``MachinePlan/globalActor(of:isolation:)``).
    case automatic
    /// None: a machine with timers then has manual timing only.
    case nonisolated
    /// A global actor, `MainActor` or one of the user's (`@MainActor`, `@DatabaseActor`).
    case globalActor(String)

    /// How `--isolation` spells it (``init(option:)`` reads it back); `nil` for ``automatic``, which is
    /// the option left out.
    public var option: String? {
        switch self {
        case .automatic: nil
        case .nonisolated: "nonisolated"
        case .globalActor(let name): name
        }
    }

    /// `MainActor`, `nonisolated` or the name of a global actor, as `--isolation` and fsmc.json's
    /// `"isolation"` take it; `nil` for anything that is not an identifier (qualified names allowed).
    public init?(option: String) {
        if option == "nonisolated" {
            self = .nonisolated
            return
        }
        let parts = option.split(separator: ".", omittingEmptySubsequences: false)
        guard
            !parts.isEmpty,
            !parts.contains(where: { SwiftNames.keywords.contains(String($0)) || ["actor", "isolated"].contains($0) }),
            // `mainactor` is a misspelling of MainActor, not an actor of its own.
            option.lowercased() != "mainactor" || option == "MainActor",
            parts.allSatisfy({ part in
                guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
                return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            })
        else { return nil }
        self = .globalActor(option)
    }
}
