/// How names in a `.fsm` file become Swift identifiers, and which names the generated code reserves.
///
/// Sema and the Swift emitter both use this, so a clash is reported as a located error in the `.fsm`
/// file rather than as a swiftc error in generated code.
public enum SwiftNames {
    /// `SilentAlarm` → `silentAlarm`, `TCPConnection` → `tcpConnection`, `URL` → `url`.
    public static func lowerCamelCase(_ name: String) -> String {
        // In UTF-8 bytes: only ASCII letters are looked at or changed, and every byte of a
        // non-ASCII character is outside the ASCII ranges, so this is the same as working on
        // Unicode scalars, at a fraction of the cost (the checks and the emitter ask for every name).
        var bytes = Array(name.utf8)
        let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        let start = bytes.prefix { $0 == UInt8(ascii: "_") }.count
        var end = start
        while end < bytes.count, isUpper(bytes[end]) { end += 1 }
        // In `TCPConnection` the run is `TCPC`; its last letter starts the next word.
        if end - start > 1, end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end -= 1 }
        for index in start..<end { bytes[index] += UInt8(ascii: "a") - UInt8(ascii: "A") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The identifier in backticks when it is a Swift keyword.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Swift's reserved words (those that need backticks to be used as identifiers).
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "_", "consume", "copy", "discard", "borrowing", "consuming", "package", "some", "any", "Type", "Protocol",
    ]

    /// Members of the generated machine class that an event method must not clash with: the public
    /// API, and the private helpers whose first parameter is the actions object, which a call of a
    /// parameterless event's private selection method (`name(actions)`) would find too (`finishSteps(_:takingSent:)`).
    public static let machineMembers: Set<String> = [
        "start", "state", "activeStates", "isIn", "isFinished", "handles", "successors", "actions", "init",
        "deinit", "finishSteps", "snapshot",
    ]

    /// The members a machine with timers adds to ``machineMembers``.
    public static let timedMachineMembers: Set<String> = ["advanceTime", "nextTimeout"]

    /// Names an enum case cannot have in the generated `StateID` and `Event` enums.
    public static let reservedCaseNames: Set<String> = ["self", "rawValue", "allCases", "hashValue", "init"]

    /// Names an event parameter cannot have: inside the generated methods, where the parameters are
    /// in scope, `self` and `Self` must mean the machine and its type.
    public static let reservedParameterNames: Set<String> = ["self", "Self"]

    /// Members of the generated actions protocol that guards and actions must not clash with.
    public static let actionsMembers: Set<String> = ["unhandledEvent"]

    /// Types declared inside the generated machine class; a parameter type of the same name would
    /// silently mean the nested type.
    public static let nestedTypeNames: Set<String> = [
        "StateID", "Event", "State", "Transition", "Timing", "Activities", "Snapshot", "RestoreError",
    ]

    /// The Swift standard library's types a parameter type is likely meant as, by their name in
    /// lower case: `int` (or `Uint`) written for `Int` (`UInt`) is the `miscased-standard-type` warning.
    static let standardTypesByLowercasedName: [String: String] = Dictionary(
        uniqueKeysWithValues: [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Double",
            "Bool", "String", "Substring", "Character", "Array", "Dictionary", "Set", "Optional",
        ].map { ($0.lowercased(), $0) })

    /// Types the generated code itself refers to; the machine must not shadow them.
    public static let standardTypesUsed: Set<String> = [
        "Bool", "String", "Int", "Double", "Never", "Void", "AnyObject", "CaseIterable", "Sendable", "Swift", "Array",
        "Optional", "Range", "Collection", "UnsafeMutablePointer", "UnsafeMutableBufferPointer",
        // The run-time library, whose types the file names qualified by it.
        "FSMRuntime",
        // Machines with timers.
        "Duration", "UInt64", "Clock", "ContinuousClock", "Task",
        // Machines with activities.
        "Equatable",
        // Snapshots.
        "Int64",
    ]

    /// The generated actions protocol of a machine.
    public static func actionsProtocol(of machine: String) -> String { machine + "Actions" }

    /// The file-private struct holding what changes while a machine runs.
    public static func runtimeType(of machine: String) -> String { machine + "Runtime" }

    /// The file-private enum of a machine's queued events.
    public static func queuedEventType(of machine: String) -> String { machine + "QueuedEvent" }

    /// The file-private alias of the version of FSMRuntime that a machine's file needs.
    public static func runtimeVersionType(of machine: String) -> String { machine + "RuntimeVersion" }

    /// The file-private type of one state: `SecuritySystem_Armed`.
    public static func stateType(_ state: String, of machine: String) -> String { machine + "_" + state }

    /// The types the generated file of `model` declares at file scope, in the order it declares
    /// them (which ones: ``FileScopeDeclaration``, the plan's decision), with their Swift names.
    /// Two file-private types of one name in two files do not clash; any other pair of one name in
    /// one module does ("invalid redeclaration").
    public static func fileScopeTypes(of model: Model) -> [GeneratedType] {
        MachinePlan.fileScopeDeclarations(of: model).map { GeneratedType(name: name(of: $0, in: model), kind: $0) }
    }

    /// The Swift name of a file-scope declaration of `model`'s generated file.
    public static func name(of declaration: FileScopeDeclaration, in model: Model) -> String {
        let machine = model.name
        return switch declaration {
        case .actions: actionsProtocol(of: machine)
        case .machine: machine
        case .state(let index): stateType(model.states[index].name, of: machine)
        case .runtime: runtimeType(of: machine)
        case .queuedEvent: queuedEventType(of: machine)
        case .runtimeVersion: runtimeVersionType(of: machine)
        }
    }

    /// Whether a type name written in an event parameter would mean one of the file-private types
    /// the generated file declares for `machine`, instead of the user's own type.
    public static func isShadowedByGeneratedType(_ type: String, machine: String) -> Bool {
        nestedTypeNames.contains(type) || type == runtimeType(of: machine) || type == queuedEventType(of: machine)
            || type == runtimeVersionType(of: machine) || type == "FSMRuntime" || type.hasPrefix(machine + "_")
    }
}

/// A type that a machine's generated file declares at file scope (``SwiftNames/fileScopeTypes(of:)``).
public struct GeneratedType: Sendable, Hashable {
    public typealias Kind = FileScopeDeclaration

    public var name: String
    public var kind: Kind

    /// Whether the other files of the module see it: the machine class and its actions protocol.
    /// The others are `fileprivate`.
    public var isVisibleToModule: Bool { kind.isVisibleToModule }
}
