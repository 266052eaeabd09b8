/// The JSON writer of fsmc: `fsmc check --format json|sarif` writes its ``JSONValue``s with it,
/// pretty-printed, and the language server its messages, compact.
///
/// The text is written as UTF-8 bytes, straight from the values: no `String` per number or per
/// piece. Strings escape what JSON needs and nothing more: `"`, `\`, line feed, carriage return and
/// tab as `\"`, `\\`, `\n`, `\r`, `\t`, the other control characters as `\u00XX`; every other
/// character is written as it is. (FSMCore stays free of Foundation, whose `JSONSerialization`
/// bridged every value to an `NSObject` on Linux: the three million numbers of a 10,000-state
/// file's semantic tokens took seconds to encode.)
public struct JSONWriter: Sendable {
    public enum Layout: Sendable {
        /// No white space at all: the language server's messages.
        case compact
        /// One element or member a line, indented by two spaces a level, a space after each key's
        /// colon; an empty array or object is `[]` or `{}`. No line end after the last bracket.
        case pretty
    }

    public let layout: Layout
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// How many arrays and objects are open.
    private var depth = 0

    public init(layout: Layout) { self.layout = layout }

    /// The text written so far, as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func null() { append("null") }

    public mutating func bool(_ flag: Bool) { append(flag ? "true" : "false") }

    /// Digits written straight into the output.
    public mutating func integer(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var value = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
        } while value > 0
        bytes[start...].reverse()
    }

    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Byte by byte: the bytes of a character beyond ASCII are all 0x80 or more, so a byte
        // below 0x20 is always a control character of its own.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// An array whose elements `element` writes, one call each.
    public mutating func array<Elements: Sequence>(
        _ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void
    ) {
        container(UInt8(ascii: "["), elements, element, UInt8(ascii: "]"))
    }

    /// An object whose members `member` writes, one call each: ``key(_:)``, then the value.
    public mutating func object<Members: Sequence>(_ members: Members, _ member: (inout JSONWriter, Members.Element) -> Void) {
        container(UInt8(ascii: "{"), members, member, UInt8(ascii: "}"))
    }

    /// `open`, the items (each written by `item`, after a comma from the second on and, pretty, on
    /// a line of its own), `close`.
    private mutating func container<Items: Sequence>(
        _ open: UInt8, _ items: Items, _ item: (inout JSONWriter, Items.Element) -> Void, _ close: UInt8
    ) {
        bytes.append(open)
        depth += 1
        var count = 0
        for each in items {
            if count > 0 { bytes.append(UInt8(ascii: ",")) }
            if layout == .pretty { newLine() }
            count += 1
            item(&self, each)
        }
        depth -= 1
        if layout == .pretty, count > 0 { newLine() }
        bytes.append(close)
    }

    /// A member's key and its colon; the value follows.
    public mutating func key(_ name: String) {
        string(name)
        append(layout == .pretty ? ": " : ":")
    }

    /// An array of numbers: the many numbers of the editor's semantic tokens, without a call per number.
    public mutating func integers(_ numbers: [Int]) {
        guard layout == .compact else { return array(numbers) { $0.integer($1) } }
        bytes.reserveCapacity(bytes.count + numbers.count * 3)
        bytes.append(UInt8(ascii: "["))
        for (index, number) in numbers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            integer(number)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `value` as Foundation's `JSONSerialization` reads JSON and the language server builds its
    /// answers from it: `String`, `Bool`, `Int`, `[Int]`, `[String: Any]` (its members in the
    /// dictionary's order) and `[Any]`; anything else (`NSNull`) is `null`.
    public mutating func value(_ value: Any) {
        switch value {
        case let text as String: string(text)
        // Not a number that Foundation would also let through as a Bool.
        case let flag as Bool where type(of: value) == Bool.self: bool(flag)
        case let number as Int: integer(number)
        case let numbers as [Int]: integers(numbers)
        case let object as [String: Any]:
            self.object(object) { writer, member in
                writer.key(member.key)
                writer.value(member.value)
            }
        case let elements as [Any]: array(elements) { $0.value($1) }
        default: null()
        }
    }

    private mutating func newLine() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
