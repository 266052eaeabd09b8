/// What describes each state at run time — in a machine with regions, whether it is parallel, has
/// completion transitions, and its own entry and exit activities (+RegionsStates); in a machine with
/// history and one active leaf, its initial child, whether it is final and its `initial history`
/// (+OneLeafStates) — in the base class `State`, one `switch` over `id` per fact (the entries and
/// exits by number).
///
/// The states subclass their enclosing states so that an event a state does not handle goes to
/// the enclosing state's handler. What describes a state must not be inherited that way: written
/// as overrides, a leaf would inherit its composite parent's initial child and activities and have
/// to override them back. Looked up by `id` in one place, each fact is written once per state that
/// has it, and a reader finds every state's facts side by side.
extension SwiftMachineEmitter {
    /// `static var name: Bool`, true for `states`.
    func emitFlag(_ name: String, doc: [String], _ states: [Int], into out: inout CodeWriter) {
        emitFact(name, type: "Bool", doc: doc, values: states.map { ($0, "true") }, otherwise: "false", into: &out)
    }

    /// `static var name: Type { switch id { case .a, .b: value ... default: otherwise } }`, the states
    /// with one value on one line, in the order of their first state.
    func emitFact(
        _ name: String, type: String, doc: [String], values: [(state: Int, value: String)], otherwise: String,
        into out: inout CodeWriter
    ) {
        out.docComment(doc)
        guard !values.isEmpty else { return out.line("static var \(name): \(type) { \(otherwise) }") }
        out.block("static var \(name): \(type)") { out in
            out.line("switch id {")
            for (value, states) in Self.grouped(values.map { ($0.state, $0.value) }) {
                emitCase(states.map { "." + names.stateCase($0) }, value, into: &out)
            }
            out.line("default: \(otherwise)")
            out.line("}")
        }
    }

    /// The numbers of `pairs` grouped by their key, the groups in the order of their first number:
    /// through a dictionary, so that thousands of pairs are grouped in linear time.
    static func grouped<Key: Hashable>(_ pairs: [(Int, Key)]) -> [(key: Key, numbers: [Int])] {
        var groups: [(key: Key, numbers: [Int])] = []
        var groupOfKey: [Key: Int] = [:]
        for (number, key) in pairs {
            if let index = groupOfKey[key] {
                groups[index].numbers.append(number)
            } else {
                groupOfKey[key] = groups.count
                groups.append((key, [number]))
            }
        }
        return groups
    }
}
