/// Swift literals for text that is not Swift: the generated machine, the Swift Testing suite of
/// `fsmc paths` and the transcripts that show a value as the generated code would write it.
enum SwiftLiteral {
    /// `text` as a Swift string literal. Printable ASCII stays as it is; quotes, backslashes and
    /// the common control characters get their short escapes; every other scalar (control or
    /// non-ASCII) is written as `\u{...}`, so the generated file is plain ASCII.
    static func string(_ text: String) -> String {
        if StringEscape.isWrittenAsIs(text) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result + "\""
    }
}
