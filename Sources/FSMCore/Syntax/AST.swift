/// The syntax tree of a `.fsm` file, as written. Every node knows its source range.
///
/// The tree is deliberately close to the grammar (grammars/fsm.ebnf); resolving names, checking and
/// everything with meaning happens in `Semantics/`, which turns it into a ``Model``.

/// A name as written, with its place.
public struct Identifier: Sendable, Hashable {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// `machine Name { members }`
public struct MachineDecl: Sendable, Hashable {
    public var name: Identifier
    public var members: [Member]
    public var docComment: [String]
    public var range: SourceRange
    /// The `{` that opens the body; `nil` when it is missing.
    public var openingBrace: SourceRange?
}

/// Anything that can appear in a machine or state body.
public enum Member: Sendable, Hashable {
    case event(EventDecl)
    case initial(InitialDecl)
    case state(StateDecl)
    case transition(TransitionDecl)
    case activity(ActivityDecl)
    /// `after D ...` or `every D ...` (version 3).
    case timed(TimedTransitionDecl)
    /// `do / name(...)`: a state's activity (version 3).
    case doActivity(DoActivityDecl)
    /// `catch [guard] / effects -> target` (version 3).
    case catchTransition(CatchTransitionDecl)

    public var range: SourceRange {
        switch self {
        case .event(let decl): decl.range
        case .initial(let decl): decl.range
        case .state(let decl): decl.range
        case .transition(let decl): decl.range
        case .activity(let decl): decl.range
        case .timed(let decl): decl.range
        case .doActivity(let decl): decl.range
        case .catchTransition(let decl): decl.range
        }
    }
}

/// `event name(label: Type, ...)`
public struct EventDecl: Sendable, Hashable {
    public var name: Identifier
    public var parameters: [Parameter]
    public var docComment: [String]
    public var range: SourceRange
    /// Whether the parameter list has a syntax error (reported): `parameters` are those read before
    /// it, and a transition passing another is not reported again.
    public var hasInvalidParameters = false
}

/// `label: Type` in an event declaration.
public struct Parameter: Sendable, Hashable {
    public var name: Identifier
    public var type: TypeSyntax
    public var range: SourceRange
}

/// A Swift type as written in an event parameter (`String`, `Int?`, `[UInt8]`, `Foo.Bar`, `Set<Int>`).
public indirect enum TypeSyntax: Sendable, Hashable, CustomStringConvertible {
    /// `A.B<C, D>`: one or more dotted components, each with optional generic arguments.
    case named([TypeComponent])
    case optional(TypeSyntax)
    case array(TypeSyntax)
    case dictionary(key: TypeSyntax, value: TypeSyntax)
    case tuple([TypeSyntax])
    /// `any P` or `some P`.
    case existential(String, TypeSyntax)

    /// The type in canonical spelling, as it appears in the generated Swift.
    public var description: String {
        switch self {
        case .named(let components): components.map(\.description).joined(separator: ".")
        case .optional(let wrapped):
            if case .existential = wrapped { "(\(wrapped))?" } else { "\(wrapped)?" }
        case .array(let element): "[\(element)]"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        case .tuple(let elements): "(\(elements.map(\.description).joined(separator: ", ")))"
        case .existential(let keyword, let constraint): "\(keyword) \(constraint)"
        }
    }
}

/// One dotted component of a named type.
public struct TypeComponent: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var genericArguments: [TypeSyntax]
    /// Where the name is written; not part of the type (two components are equal by name and
    /// arguments).
    public var nameRange: SourceRange?

    public init(name: String, genericArguments: [TypeSyntax], nameRange: SourceRange? = nil) {
        self.name = name
        self.genericArguments = genericArguments
        self.nameRange = nameRange
    }

    public static func == (lhs: TypeComponent, rhs: TypeComponent) -> Bool {
        lhs.name == rhs.name && lhs.genericArguments == rhs.genericArguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(genericArguments)
    }

    public var description: String {
        genericArguments.isEmpty ? name : "\(name)<\(genericArguments.map(\.description).joined(separator: ", "))>"
    }
}

/// `initial Name`
public struct InitialDecl: Sendable, Hashable {
    public var name: Identifier
    /// `initial history X` / `initial deep history X`: the owner's default entry uses its history.
    public var history: HistorySyntax?
    public var range: SourceRange
}

/// `history` or `deep history`, in a target or after `initial`.
public struct HistorySyntax: Sendable, Hashable {
    public var isDeep: Bool
    /// The range of the keywords, `deep` included.
    public var range: SourceRange
}

/// `[final | parallel] state Name [{ members }]`
public struct StateDecl: Sendable, Hashable {
    public var name: Identifier
    /// The range of the `final` keyword, when present.
    public var finalKeyword: SourceRange?
    /// The range of the `parallel` keyword, when present: every child state is a region.
    public var parallelKeyword: SourceRange?
    /// `nil` when the state has no body at all (`state Idle`).
    public var members: [Member]?
    public var docComment: [String]
    public var range: SourceRange
    /// The `{` that opens the body, when there is one.
    public var openingBrace: SourceRange?

    public var isFinal: Bool { finalKeyword != nil }
    public var isParallel: Bool { parallelKeyword != nil }
}

/// `entry / a, b` or `exit / a`
public struct ActivityDecl: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case entry, exit
    }

    public var kind: Kind
    /// The actions after `/`, calls and `raise`s, in order.
    public var actions: [ActionSyntax]
    public var range: SourceRange

    /// The calls among ``actions``, in order.
    public var calls: [CallSyntax] { actions.compactMap(\.call) }
}

/// One action of a list after `/`: a call of an action, or `raise e(...)` (version 3).
public enum ActionSyntax: Sendable, Hashable {
    case call(CallSyntax)
    case raise(RaiseSyntax)

    /// The call, for a call; `nil` for a `raise`.
    public var call: CallSyntax? {
        if case .call(let call) = self { call } else { nil }
    }

    public var range: SourceRange {
        switch self {
        case .call(let call): call.range
        case .raise(let raise): raise.range
        }
    }

    /// The arguments, a call's or a raise's.
    public var arguments: [ArgumentSyntax] {
        switch self {
        case .call(let call): call.arguments
        case .raise(let raise): raise.event.arguments
        }
    }
}

/// `raise e` or `raise e(label: value, ...)`: the event and its arguments are read as a call.
public struct RaiseSyntax: Sendable, Hashable {
    public var keyword: SourceRange
    /// The raised event's name and arguments.
    public var event: CallSyntax
    public var range: SourceRange { keyword.union(event.range) }
}

/// `after D [guard] / effects -> target` or `every D [guard] / effects` (version 3).
public struct TimedTransitionDecl: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case after, every
    }

    public var kind: Kind
    public var keyword: SourceRange
    public var delay: DelaySyntax
    public var guardExpression: GuardSyntax?
    /// As ``TransitionDecl/invalidGuard``.
    public var invalidGuard: SourceRange?
    public var actions: [ActionSyntax]
    /// `nil` for an internal one (always for `every`, which may not have one).
    public var target: TargetSyntax?
    public var range: SourceRange

    public var isGuarded: Bool { guardExpression != nil || invalidGuard != nil }
}

/// `do / name` or `do / name(label: literal, ...)`: the activity of the state whose body declares it
/// (version 3), run while the state is active.
public struct DoActivityDecl: Sendable, Hashable {
    public var keyword: SourceRange
    /// The activity's name and arguments (literals only; the analyzer reports others).
    public var call: CallSyntax
    public var range: SourceRange
}

/// `catch [guard] / effects -> target` (internal without a target): tried when the activity of the
/// state whose body declares it throws (version 3).
public struct CatchTransitionDecl: Sendable, Hashable {
    public var keyword: SourceRange
    public var guardExpression: GuardSyntax?
    /// As ``TransitionDecl/invalidGuard``.
    public var invalidGuard: SourceRange?
    public var actions: [ActionSyntax]
    /// `nil` for an internal one.
    public var target: TargetSyntax?
    public var range: SourceRange

    public var isGuarded: Bool { guardExpression != nil || invalidGuard != nil }
}

/// The delay of a timed transition.
public enum DelaySyntax: Sendable, Hashable {
    /// `500ms`: its value in nanoseconds, and its text as written.
    case literal(nanoseconds: Int, text: String, range: SourceRange)
    /// The name of a delay requirement `func name() -> Duration`.
    case named(Identifier)
    /// A duration that was reported (no unit, an unknown one, ...): the transition is still checked.
    case invalid(SourceRange)

    public var range: SourceRange {
        switch self {
        case .literal(_, _, let range), .invalid(let range): range
        case .named(let name): name.range
        }
    }
}

/// `event [guard] / effects -> target`, or without the event a completion transition
/// (`[guard] / effects -> target`).
public struct TransitionDecl: Sendable, Hashable {
    /// `nil` for a completion transition.
    public var event: Identifier?
    public var guardExpression: GuardSyntax?
    /// The brackets of a guard that was reported (it compares or computes values) and left out:
    /// the transition is still checked, as a guarded one. `nil` when the guard is fine or absent.
    public var invalidGuard: SourceRange?
    /// The actions after `/`, calls and `raise`s, in order.
    public var actions: [ActionSyntax]
    /// `nil` for an internal transition.
    public var target: TargetSyntax?
    public var range: SourceRange

    public var isCompletion: Bool { event == nil }

    /// The calls among ``actions`` (its effects), in order.
    public var effects: [CallSyntax] { actions.compactMap(\.call) }

    /// Whether it has a guard, also one that was reported and left out.
    public var isGuarded: Bool { guardExpression != nil || invalidGuard != nil }

    /// The event parameters that its guard and effects pass, in source order, once per argument.
    public var passedParameters: [Identifier] {
        ((guardExpression?.calls ?? []).flatMap(\.arguments) + actions.flatMap(\.arguments)).compactMap { argument in
            if case .parameter(let name) = argument.value { name } else { nil }
        }
    }
}

/// What follows `->`.
public enum TargetSyntax: Sendable, Hashable {
    case state(Identifier)
    case push(Identifier, keyword: SourceRange)
    case pop(SourceRange)
    /// `history S` or `deep history S`.
    case history(Identifier, HistorySyntax)

    public var range: SourceRange {
        switch self {
        case .state(let name): name.range
        case .push(let name, let keyword): keyword.union(name.range)
        case .pop(let range): range
        case .history(let name, let history): history.range.union(name.range)
        }
    }
}

/// A guard expression: calls combined with `!`, `&&`, `||` and parentheses.
public indirect enum GuardSyntax: Sendable, Hashable {
    case call(CallSyntax)
    case not(GuardSyntax, range: SourceRange)
    case and(GuardSyntax, GuardSyntax)
    case or(GuardSyntax, GuardSyntax)
    case parenthesized(GuardSyntax, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .call(let call): call.range
        case .not(_, let range), .parenthesized(_, let range): range
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.range.union(rhs.range)
        }
    }

    /// The guards it calls, in source order.
    public var calls: [CallSyntax] {
        switch self {
        case .call(let call): [call]
        case .not(let operand, _), .parenthesized(let operand, _): operand.calls
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.calls + rhs.calls
        }
    }
}

/// `name` or `name(arg, label: value)`: a guard or an action.
public struct CallSyntax: Sendable, Hashable {
    public var name: Identifier
    public var arguments: [ArgumentSyntax]
    public var range: SourceRange
}

/// One argument of a call: `code` (short for `code: code`) or `label: value`.
public struct ArgumentSyntax: Sendable, Hashable {
    public var label: Identifier
    public var value: ArgumentValue
    public var range: SourceRange
}

/// The value passed in an argument.
public enum ArgumentValue: Sendable, Hashable {
    /// An event parameter, by name.
    case parameter(Identifier)
    case literal(LiteralSyntax)
}

/// A literal argument.
public struct LiteralSyntax: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case string(String)
        /// The digits as written, with their sign; the value fits in `Int` (the parser checks).
        case integer(String)
        case decimal(String)
        case boolean(Bool)
    }

    public var value: Value
    public var range: SourceRange
}
