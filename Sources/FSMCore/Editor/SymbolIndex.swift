/// What a name in a `.fsm` file stands for.
public enum SymbolKind: String, Sendable, Hashable {
    case machine, state, event, `guard`, action
    /// An event parameter: declared in `event name(...)`, used in the arguments of that event's calls;
    /// also `error` in a `catch` transition (scope ``SymbolIndex/catchScope``), what the activity threw.
    case parameter
    /// A named delay (`after retryDelay`, `every tick`): the requirement `func name() -> Duration`.
    case delay
    /// A state's activity (`do / fetchVideo`): the requirement `func name(...) async [throws]`.
    case activity
}

/// One place where a symbol is named.
public struct SymbolOccurrence: Sendable, Hashable {
    public var kind: SymbolKind
    public var name: String
    /// The event a parameter belongs to (parameters of different events are different symbols).
    public var scope: String?
    public var range: SourceRange
    public var isDeclaration: Bool

    /// Whether both name the same symbol.
    public func isSameSymbol(as other: SymbolOccurrence) -> Bool {
        kind == other.kind && name == other.name && scope == other.scope
    }
}

/// Every named occurrence of a machine, state, event, guard, action, parameter, delay and activity in a syntax tree,
/// in source order: what go-to-definition, references, rename and semantic tokens are computed from.
/// It is built from the tree as written, so it works on files with errors too.
public struct SymbolIndex: Sendable {
    public private(set) var occurrences: [SymbolOccurrence] = []

    public init(_ machine: MachineDecl?) {
        guard let machine else { return }
        add(.machine, machine.name, declaration: true)
        let parameters = Dictionary(
            machine.members.compactMap { member -> (String, Set<String>)? in
                guard case .event(let event) = member else { return nil }
                return (event.name.text, Set(event.parameters.map(\.name.text)))
            }, uniquingKeysWith: { first, _ in first })
        visit(machine.members, parameters: parameters)
        occurrences.sort { $0.range < $1.range }
    }

    private mutating func add(_ kind: SymbolKind, _ name: Identifier, declaration: Bool = false, scope: String? = nil) {
        occurrences.append(
            SymbolOccurrence(kind: kind, name: name.text, scope: scope, range: name.range, isDeclaration: declaration))
    }

    private mutating func visit(_ members: [Member], parameters: [String: Set<String>]) {
        for member in members {
            switch member {
            case .event(let event):
                add(.event, event.name, declaration: true)
                for parameter in event.parameters {
                    add(.parameter, parameter.name, declaration: true, scope: event.name.text)
                }
            case .initial(let initial):
                add(.state, initial.name)
            case .state(let state):
                add(.state, state.name, declaration: true)
                visit(state.members ?? [], parameters: parameters)
            case .transition(let transition):
                // A completion transition has no event (and no event parameters to refer to).
                if let event = transition.event { add(.event, event) }
                let event = transition.event?.text
                for call in transition.guardExpression?.calls ?? [] {
                    visit(call, as: .guard, event: event, parameters: parameters)
                }
                visit(transition.actions, event: event, parameters: parameters)
                visit(transition.target)
            case .activity(let activity):
                visit(activity.actions, event: nil, parameters: parameters)
            case .timed(let timed):
                if case .named(let name) = timed.delay { add(.delay, name) }
                for call in timed.guardExpression?.calls ?? [] {
                    visit(call, as: .guard, event: nil, parameters: parameters)
                }
                visit(timed.actions, event: nil, parameters: parameters)
                visit(timed.target)
            case .doActivity(let activity):
                visit(activity.call, as: .activity, event: nil, parameters: parameters)
            case .catchTransition(let caught):
                // `error` is the one "parameter" of a catch: what the activity threw.
                let thrown = [Self.catchScope: Set(["error"])]
                for call in caught.guardExpression?.calls ?? [] {
                    visit(call, as: .guard, event: Self.catchScope, parameters: thrown)
                }
                visit(caught.actions, event: Self.catchScope, parameters: thrown)
                visit(caught.target)
            }
        }
    }

    private mutating func visit(_ target: TargetSyntax?) {
        switch target {
        case .state(let name), .push(let name, _), .history(let name, _): add(.state, name)
        case .pop, nil: break
        }
    }

    /// The actions of a list: each call an action, each `raise` the event it raises.
    private mutating func visit(_ actions: [ActionSyntax], event: String?, parameters: [String: Set<String>]) {
        for action in actions {
            switch action {
            case .call(let call): visit(call, as: .action, event: event, parameters: parameters)
            case .raise(let raise): visit(raise.event, as: .event, event: event, parameters: parameters)
            }
        }
    }

    private mutating func visit(_ call: CallSyntax, as kind: SymbolKind, event: String?, parameters: [String: Set<String>]) {
        add(kind, call.name)
        for argument in call.arguments {
            guard case .parameter(let name) = argument.value, let event, parameters[event]?.contains(name.text) == true
            else { continue }
            add(.parameter, name, scope: event)
        }
    }

    /// The scope of `error` in a `catch` transition: a keyword, so that no event has it.
    public static let catchScope = "catch"

    /// The occurrence under (or just before) a byte offset: a cursor right after a name is on it.
    public func occurrence(at offset: Int) -> SymbolOccurrence? {
        var low = 0
        var high = occurrences.count
        while low < high {
            let mid = (low + high) / 2
            if occurrences[mid].range.end < offset { low = mid + 1 } else { high = mid }
        }
        guard low < occurrences.count, occurrences[low].range.start <= offset else { return nil }
        return occurrences[low]
    }

    /// Where the symbol is declared: the `state`, the `event` declaration (only events with
    /// parameters need one) or the parameter; guards, actions, delays and activities are declared in
    /// Swift, not here.
    public func declaration(of symbol: SymbolOccurrence) -> SymbolOccurrence? {
        occurrences.first { $0.isDeclaration && $0.isSameSymbol(as: symbol) }
    }

    /// Every occurrence of the symbol, in source order.
    public func references(of symbol: SymbolOccurrence, includingDeclaration: Bool = true) -> [SymbolOccurrence] {
        occurrences.filter { $0.isSameSymbol(as: symbol) && (includingDeclaration || !$0.isDeclaration) }
    }

    /// The distinct names of one kind, in order of first occurrence; with `declaredOnly`, only
    /// names that are declared (a state named in a transition but declared nowhere is a typo).
    public func names(of kind: SymbolKind, declaredOnly: Bool = false) -> [String] {
        var seen = Set<String>()
        return occurrences.filter { $0.kind == kind && (!declaredOnly || $0.isDeclaration) && seen.insert($0.name).inserted }
            .map(\.name)
    }
}
