import FSMRuntime

/// FSMCore reads FSMRuntime's ``Snapshot`` (the value ``Interpreter/snapshot`` gives and
/// ``Interpreter/init(model:host:restoring:)`` takes) with a reader of its own, which says where the
/// JSON is wrong.
extension Snapshot {
    /// Reads a snapshot from the JSON that `JSONEncoder` writes of it, strictly, blaming the place of
    /// the first problem: a JSON syntax error, a value that is not an object, a missing key (at the
    /// object), a value of the wrong kind (at the value). Keys it does not know are skipped, as
    /// `JSONDecoder` skips them; a timer's `state` may be absent or `null`. As `JSONDecoder` does,
    /// a key given twice counts the first time, and an integer may be written as any JSON number of
    /// its value (`1.0`, `1e3`). Offsets count in `bytes` (a caller reading a file hands over
    /// ``SourceFile/bytes``, without a byte-order mark).
    public static func decode(_ bytes: [UInt8]) throws(JSONReadError) -> Snapshot {
        let root = try JSONReader.read(bytes)
        let members = try object(root, "expected a JSON object, the snapshot of a machine")
        func field(_ key: String) throws(JSONReadError) -> Node { try required(key, in: members, at: root) }
        let machine = try string(field("machine"), "\"machine\"")
        let started = try bool(field("started"), "\"started\"")
        let finished = try bool(field("finished"), "\"finished\"")
        let activeStates = try strings(field("activeStates"), "\"activeStates\"")
        var history: [String: [String]] = [:]
        for member in try object(field("history"), "\"history\" must be an object") {
            let names = try strings(member.value, "the history of \"\(member.key)\"")
            if history[member.key] == nil { history[member.key] = names }
        }
        let stack = try strings(field("stack"), "\"stack\"")
        guard case .array(let elements) = try field("timers").kind else {
            throw JSONReadError("\"timers\" must be an array", at: try field("timers").offset)
        }
        var timers: [ArmedTimer] = []
        for element in elements {
            let fields = try object(element, "each of \"timers\" must be an object")
            let state = try fields.first { $0.key == "state" }.flatMap { member throws(JSONReadError) -> String? in
                if case .null = member.value.kind { return nil }
                return try string(member.value, "a timer's \"state\"")
            }
            let index = try integer(required("index", in: fields, at: element), "\"index\"")
            let remaining = try integer(required("remainingNanoseconds", in: fields, at: element), "\"remainingNanoseconds\"")
            timers.append(ArmedTimer(state: state, index: Int(index), remainingNanoseconds: remaining))
        }
        return Snapshot(
            machine: machine, started: started, finished: finished, activeStates: activeStates, history: history,
            stack: stack, timers: timers)
    }

    private typealias Node = JSONReader.Node

    /// The members of an object, each key once.
    private static func object(_ node: Node, _ problem: String) throws(JSONReadError) -> [Node.Member] {
        guard case .object(let members) = node.kind else { throw JSONReadError(problem, at: node.offset) }
        return members
    }

    private static func required(_ key: String, in members: [Node.Member], at object: Node) throws(JSONReadError) -> Node {
        guard let member = members.first(where: { $0.key == key }) else {
            throw JSONReadError("the key \"\(key)\" is missing", at: object.offset)
        }
        return member.value
    }

    private static func string(_ node: Node, _ key: String) throws(JSONReadError) -> String {
        guard case .string(let text) = node.kind else { throw JSONReadError("\(key) must be a string", at: node.offset) }
        return text
    }

    private static func bool(_ node: Node, _ key: String) throws(JSONReadError) -> Bool {
        guard case .bool(let flag) = node.kind else { throw JSONReadError("\(key) must be true or false", at: node.offset) }
        return flag
    }

    private static func integer(_ node: Node, _ key: String) throws(JSONReadError) -> Int64 {
        guard case .number(let text) = node.kind, let number = exactInteger(text) else {
            throw JSONReadError("\(key) must be a whole number that fits in 64 bits", at: node.offset)
        }
        return number
    }

    /// The value of a JSON number when it is a whole number that fits in 64 bits, however written
    /// (`-12`, `12.0`, `1.2e1`); `nil` otherwise.
    static func exactInteger(_ text: String) -> Int64? {
        let negative = text.hasPrefix("-")
        let unsigned = text.drop { $0 == "-" }
        let mantissa = unsigned.prefix { $0 != "e" && $0 != "E" }
        var exponent = 0
        if mantissa.count < unsigned.count {
            let power = unsigned.dropFirst(mantissa.count + 1)
            let magnitude = power.drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
            // Past six digits, the exponent only needs to be too large for any 64-bit integer.
            exponent = magnitude.count > 6 ? 1_000_000 : Int(magnitude) ?? 0
            if power.hasPrefix("-") { exponent = -exponent }
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        var digits = String(parts[0] + fraction).drop { $0 == "0" }
        // The value is digits × 10^shift: whole when the digits a negative shift drops are zeros.
        let shift = exponent - fraction.count
        if digits.isEmpty { return 0 }
        if shift < 0 {
            guard digits.suffix(-shift).allSatisfy({ $0 == "0" }) else { return nil }
            digits = digits.dropLast(-shift)
        } else {
            guard digits.count + shift <= 19 else { return nil }
            digits += repeatElement("0", count: shift)
        }
        return Int64((negative ? "-" : "") + digits)
    }

    private static func strings(_ node: Node, _ what: String) throws(JSONReadError) -> [String] {
        guard case .array(let elements) = node.kind else {
            throw JSONReadError("\(what) must be an array of state names", at: node.offset)
        }
        var names: [String] = []
        for element in elements {
            guard case .string(let name) = element.kind else {
                throw JSONReadError("\(what) must be an array of state names; this is no string", at: element.offset)
            }
            names.append(name)
        }
        return names
    }
}
