import Foundation

/// Compact JSON for the server's answers. Foundation's `JSONSerialization` bridges every value to an
/// `NSObject` on Linux, which made a 10,000-state file's semantic tokens (three million numbers)
/// take seconds to encode; the server builds its answers from a handful of Swift types, written here
/// directly.
enum LSPJSONWriter {
    static func encode(_ value: Any) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        return output
    }

    private static func write(_ value: Any, into output: inout [UInt8]) {
        switch value {
        case let text as String: writeString(text, into: &output)
        case let flag as Bool where type(of: value) == Bool.self: output += Array((flag ? "true" : "false").utf8)
        case let number as Int: writeInteger(number, into: &output)
        case let numbers as [Int]:
            output.reserveCapacity(output.count + numbers.count * 3)
            output.append(UInt8(ascii: "["))
            for (index, number) in numbers.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeInteger(number, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let object as [String: Any]:
            output.append(UInt8(ascii: "{"))
            for (index, (key, member)) in object.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case let elements as [Any]:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        default:
            output += Array("null".utf8)  // NSNull, and nothing else the server builds
        }
    }

    /// Digits written straight into the output: no `String` per number.
    private static func writeInteger(_ number: Int, into output: inout [UInt8]) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var value = number.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
        } while value > 0
        output[start...].reverse()
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
