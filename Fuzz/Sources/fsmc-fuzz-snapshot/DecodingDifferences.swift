import Foundation

/// Where `JSONDecoder` and `Snapshot.decode` may disagree, by design (docs/Robustness.md,
/// "Fuzzing restoring snapshots"): `Snapshot.decode` reads RFC 8259 JSON in UTF-8 and an
/// integer only when the number written is one, where `JSONDecoder` is laxer. Any other
/// disagreement is a finding.
enum DecodingDifferences {
    /// Why `JSONDecoder` may read `bytes` where `Snapshot.decode` rejects them; `nil` when
    /// it may not.
    static func whyOnlyJSONDecoderReads(_ bytes: [UInt8]) -> String? {
        if let first = bytes.first, first == 0xFE || first == 0xFF || bytes.prefix(4).contains(0) {
            return "UTF-16 or UTF-32, which JSONDecoder reads too"
        }
        // JSONDecoder does not look inside the values of keys it skips (a bad escape, number or
        // UTF-8 there); JSONSerialization reads every value.
        if (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil {
            return "not JSON, though JSONDecoder reads what it needs of it"
        }
        let tokens = Tokens(bytes)
        if tokens.hasTrailingComma { return "a comma before '}' or ']', which JSONDecoder allows" }
        if tokens.hasWrittenNumber { return whyNumbersDiffer }
        return nil
    }

    /// Why `Snapshot.decode` may read `bytes` where `JSONDecoder` rejects them, or read
    /// another snapshot; `nil` when it may not.
    static func whyDecodersDiffer(_ bytes: [UInt8]) -> String? {
        Tokens(bytes).hasWrittenNumber ? whyNumbersDiffer : nil
    }

    /// JSONDecoder reads a number with a fraction or an exponent through a `Double` (so that
    /// 1.0000000000000000001 is 1, and 9223372036854775807.0 is too large), from 2^53 up through a
    /// `Decimal` without its fraction (9007199254740993.5 is 9007199254740993); `Snapshot.decode`
    /// reads exactly the whole numbers.
    private static let whyNumbersDiffer = "a number with a fraction or an exponent, which JSONDecoder rounds"

    /// What matters of the input's tokens, outside its strings.
    private struct Tokens {
        var hasTrailingComma = false
        /// A number written with a fraction or an exponent.
        var hasWrittenNumber = false

        init(_ bytes: [UInt8]) {
            var inString = false
            var escaped = false
            var pendingComma = false
            var previous: UInt8 = 0
            for byte in bytes {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
                case UInt8(ascii: "}"), UInt8(ascii: "]"): hasTrailingComma = hasTrailingComma || pendingComma
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(previous) { hasWrittenNumber = true }
                default: break
                }
                pendingComma = byte == UInt8(ascii: ",")
                previous = byte
            }
        }
    }
}
