/// The type of an event parameter, or of a parameter of a guard or action requirement, in its
/// canonical Swift spelling (`[String: Int]`, `Int?`).
///
/// Types are compared by spelling: the analyzer canonicalizes them once, so `Array<Int>` and
/// `[Int]` are not both written. The few types that have literals in the language are named here
/// once, with the kind of literal that gives them a value: the analyzer types literal arguments
/// with them, and `fsmc simulate` reads event-line values by them.
public struct ParameterType: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The canonical Swift spelling.
    public var spelling: String

    public init(_ spelling: String) { self.spelling = spelling }
    public init(stringLiteral spelling: String) { self.spelling = spelling }

    public var description: String { spelling }

    public static let string: ParameterType = "String"
    public static let int: ParameterType = "Int"
    public static let double: ParameterType = "Double"
    public static let float: ParameterType = "Float"
    public static let bool: ParameterType = "Bool"
    /// The type of `error` in a `catch` transition's guard and effects (section 4f).
    public static let error: ParameterType = "any Error"

    /// The type an optional type wraps (`Int` for `Int?`); `nil` for a type that is not optional.
    public var wrapped: ParameterType? {
        spelling.hasSuffix("?") ? ParameterType(String(spelling.dropLast())) : nil
    }

    /// The kind of literal that can give a parameter of this type its value; `nil` for a type
    /// without literals in the language. `Float` takes decimals (and integers) as `Double` does,
    /// though a decimal literal argument alone always makes its parameter a `Double`.
    public var literalKind: Model.Literal.Kind? {
        switch self {
        case .string: .string
        case .int: .integer
        case .double, .float: .decimal
        case .bool: .boolean
        default: nil
        }
    }
}

extension Model.Literal {
    /// The four kinds of literal of the language.
    public enum Kind: Sendable, Hashable, CaseIterable {
        case string, integer, decimal, boolean

        /// The type a literal argument of this kind gives its parameter.
        public var type: ParameterType {
            switch self {
            case .string: .string
            case .integer: .int
            case .decimal: .double
            case .boolean: .bool
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .decimal: .decimal
        case .boolean: .boolean
        }
    }

    /// The Swift type a literal argument gives its parameter.
    public var type: ParameterType { kind.type }

    /// The literal written in the source: what the analyzer resolves and the editor's hover shows.
    init(_ syntax: LiteralSyntax.Value) {
        switch syntax {
        case .string(let text): self = .string(text)
        case .integer(let text): self = .integer(text)
        case .decimal(let text): self = .decimal(text)
        case .boolean(let flag): self = .boolean(flag)
        }
    }
}
