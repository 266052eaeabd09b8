/// The escapes of a string literal (section 2 of the language): `\"`, `\\`, `\n`, `\t` and
/// `\u{...}` with 1 to 8 hex digits naming a Unicode scalar.
///
/// The lexer reads string literals in `.fsm` files and `fsmc simulate` reads them in event lines;
/// both decode escapes here, so a value that works in an event script can always be written as a
/// literal argument in the machine, and the other way round. The decoder works on code units
/// (UTF-8 bytes for the lexer, scalar values for event lines); only ASCII matters to it.
enum StringEscape {
    /// What one escape stands for.
    enum Decoded: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        /// The backslash is followed by a character that starts no escape; only that first code
        /// unit was read.
        case unknown
        /// `\u` followed by something other than `{`, 1 to 8 hex digits naming a Unicode scalar,
        /// and `}`. Reading stopped after the `}`, or before the quote or line end that ended it.
        case invalidUnicode
    }

    /// Whether `text` is written as it is between quotes, by every writer of literals (the Swift
    /// generator's and the diagrams'): printable ASCII without a quote or a backslash. The writers
    /// take it whole instead of scalar by scalar.
    static func isWrittenAsIs(_ text: String) -> Bool {
        text.utf8.allSatisfy {
            $0 >= UInt8(ascii: " ") && $0 <= UInt8(ascii: "~") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
    }

    /// The longest `\u{...}` escape has this many hex digits.
    private static let maxHexDigits = 8

    /// Decodes the escape whose backslash ends just before `index`, and moves `index` past it;
    /// `nil` when the units end right after the backslash.
    static func decode<Units: Collection>(_ units: Units, from index: inout Units.Index) -> Decoded?
    where Units.Element: BinaryInteger {
        func ascii(_ position: Units.Index) -> UInt8? {
            position < units.endIndex ? UInt8(exactly: units[position]) : nil
        }
        guard index < units.endIndex else { return nil }
        let first = ascii(index)
        units.formIndex(after: &index)
        switch first {
        case UInt8(ascii: "\""): return .scalar("\"")
        case UInt8(ascii: "\\"): return .scalar("\\")
        case UInt8(ascii: "n"): return .scalar("\n")
        case UInt8(ascii: "t"): return .scalar("\t")
        case UInt8(ascii: "u") where ascii(index) == UInt8(ascii: "{"):
            units.formIndex(after: &index)
            var code: UInt32 = 0
            var digits = 0
            while digits < maxHexDigits, let byte = ascii(index), let value = hexValue(byte) {
                code = code << 4 | UInt32(value)
                digits += 1
                units.formIndex(after: &index)
            }
            if digits > 0, ascii(index) == UInt8(ascii: "}"), let scalar = Unicode.Scalar(code) {
                units.formIndex(after: &index)
                return .scalar(scalar)
            }
            // Recover at the end of the escape, or at what surely ends the literal.
            while index < units.endIndex, !isEndOfUnicodeEscape(ascii(index)) { units.formIndex(after: &index) }
            if ascii(index) == UInt8(ascii: "}") { units.formIndex(after: &index) }
            return .invalidUnicode
        default:
            return .unknown
        }
    }

    private static func isEndOfUnicodeEscape(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
