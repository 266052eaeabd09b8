/// A minimal JSON value: keys keep their insertion order, so output is deterministic and matches
/// the documented field order. Written by ``JSONWriter``.
public indirect enum JSONValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// Pretty-printed (``JSONWriter/Layout/pretty``), without a line end after the last bracket.
    public func rendered() -> String {
        var writer = JSONWriter(layout: .pretty)
        write(to: &writer)
        return writer.text
    }

    public func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .int(let number): writer.integer(number)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        case .array(let elements): writer.array(elements) { $1.write(to: &$0) }
        case .object(let members):
            writer.object(members) { writer, member in
                writer.key(member.0)
                member.1.write(to: &writer)
            }
        }
    }
}
