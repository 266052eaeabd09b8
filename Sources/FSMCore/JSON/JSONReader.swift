/// A strict JSON reader (RFC 8259) that keeps where each value starts, so that a file read with it
/// can be blamed at a line and column: `fsmc simulate --restore` reads snapshots with it
/// (``Snapshot/decode(_:)``). FSMCore stays free of Foundation, and `JSONDecoder` says where
/// a syntax error is only in the words of its message.
///
/// White space is space, tab, line feed and carriage return; strings take the escapes of JSON
/// (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` with surrogate pairs) and no control
/// character; numbers are kept as written. Arrays and objects nest at most ``maximumDepth`` deep,
/// so that hostile input cannot exhaust the stack.
struct JSONReader {
    /// A value read, and the byte offset of its first character.
    struct Node {
        indirect enum Kind {
            case string(String)
            /// A number as written: `-12`, `1.5e3`.
            case number(String)
            case bool(Bool)
            case null
            case array([Node])
            /// The members in the order written: each key, the offset of its opening quote, its value.
            case object([Member])
        }

        struct Member {
            var key: String
            var keyOffset: Int
            var value: Node
        }

        var kind: Kind
        var offset: Int
    }

    /// How deep arrays and objects may nest.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// Reads the one JSON value that `bytes` hold, with white space around it.
    static func read(_ bytes: [UInt8]) throws(JSONReadError) -> Node {
        var reader = JSONReader(bytes: bytes)
        let node = try reader.value()
        reader.skipSpace()
        if let byte = reader.peek {
            throw JSONReadError("expected the end of the file after the JSON value, found \(describe(byte))", at: reader.position)
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// How a byte is named in a message: `'x'` for a printable ASCII character.
    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func value() throws(JSONReadError) -> Node {
        skipSpace()
        let start = position
        guard let byte = peek else { throw JSONReadError("expected a JSON value, found the end of the file", at: start) }
        switch byte {
        case UInt8(ascii: "{"): return Node(kind: .object(try members()), offset: start)
        case UInt8(ascii: "["): return Node(kind: .array(try elements()), offset: start)
        case UInt8(ascii: "\""): return Node(kind: .string(try string()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Node(kind: .number(try number()), offset: start)
        default:
            for (word, kind) in [("true", Node.Kind.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[position...].starts(with: word.utf8) {
                position += word.utf8.count
                return Node(kind: kind, offset: start)
            }
            throw JSONReadError("expected a JSON value, found \(Self.describe(byte))", at: start)
        }
    }

    /// Enters an array or an object at its opening bracket.
    private mutating func open() throws(JSONReadError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONReadError("arrays and objects nest more than \(Self.maximumDepth) deep", at: position)
        }
        position += 1
    }

    /// After an element or a member: `,` (and `true`: another follows) or the closing bracket.
    private mutating func next(closing: UInt8, _ what: String) throws(JSONReadError) -> Bool {
        skipSpace()
        if peek == UInt8(ascii: ",") {
            position += 1
            return true
        }
        if peek == closing {
            position += 1
            depth -= 1
            return false
        }
        let close = Character(Unicode.Scalar(closing))
        throw JSONReadError("expected ',' or '\(close)' after \(what), found \(found)", at: position)
    }

    private var found: String { peek.map(Self.describe) ?? "the end of the file" }

    private mutating func elements() throws(JSONReadError) -> [Node] {
        try open()
        var elements: [Node] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return elements
        }
        repeat { elements.append(try value()) } while try next(closing: UInt8(ascii: "]"), "an element of an array")
        return elements
    }

    private mutating func members() throws(JSONReadError) -> [Node.Member] {
        try open()
        var members: [Node.Member] = []
        skipSpace()
        if peek == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return members
        }
        repeat {
            skipSpace()
            let keyOffset = position
            guard peek == UInt8(ascii: "\"") else {
                throw JSONReadError("expected a key in double quotes, found \(found)", at: position)
            }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else {
                throw JSONReadError("expected ':' after the key \"\(key)\", found \(found)", at: position)
            }
            position += 1
            members.append(Node.Member(key: key, keyOffset: keyOffset, value: try value()))
        } while try next(closing: UInt8(ascii: "}"), "a member of an object")
        return members
    }

    /// A string, from its opening quote.
    private mutating func string() throws(JSONReadError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw JSONReadError("the string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw JSONReadError("a control character in a string; write it as an escape such as \\n or \\u0009", at: position)
            default:
                text.append(byte)
                position += 1
            }
        }
        throw JSONReadError("unterminated string", at: start)
    }

    /// An escape, from its backslash, appended to `text` as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(JSONReadError) {
        let start = position
        position += 1
        guard let letter = peek else { throw JSONReadError("unterminated string", at: start) }
        position += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[letter] {
            text.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw JSONReadError("unknown escape \\\(Self.describe(letter).dropFirst().dropLast()) in a string", at: start)
        }
        var scalar = try hexQuad(escapeAt: start)
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate: its low one must follow, as another \u escape.
            guard bytes[position...].starts(with: "\\u".utf8) else {
                throw JSONReadError("a lone surrogate in a \\u escape", at: start)
            }
            position += 2
            let low = try hexQuad(escapeAt: position - 2)
            guard (0xDC00..<0xE000).contains(low) else { throw JSONReadError("a lone surrogate in a \\u escape", at: start) }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let decoded = Unicode.Scalar(scalar) else { throw JSONReadError("a lone surrogate in a \\u escape", at: start) }
        text.append(contentsOf: String(Character(decoded)).utf8)
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexQuad(escapeAt start: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw JSONReadError("a \\u escape needs four hex digits", at: start)
            }
            value = value << 4 + UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number, checked against JSON's grammar: `-`, then `0` or digits not starting with `0`, then
    /// optionally a fraction and an exponent.
    private mutating func number() throws(JSONReadError) -> String {
        let start = position
        func digits() -> Int {
            let first = position
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - first
        }
        let invalid = JSONReadError("invalid number", at: start)
        if peek == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        if integerDigits == 0 || (integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) { throw invalid }
        if peek == UInt8(ascii: ".") {
            position += 1
            if digits() == 0 { throw invalid }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            if digits() == 0 { throw invalid }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}

/// Why a file is not the JSON expected: the message, and the byte offset it blames.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The byte offset of the place to blame, in the bytes read.
    public var offset: Int

    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
