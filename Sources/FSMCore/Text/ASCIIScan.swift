/// Scans of UTF-8 bytes for the ASCII that almost all of fsmc's input and output is.
enum ASCIIScan {
    /// The index of the first byte from `start` on that is not ASCII, eight bytes at a time.
    static func firstNonASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes` are ASCII without a CR: each byte a character of its own, none joined to the
    /// next (a CR LF pair is one character).
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }
    }

    /// ``isPlain(_:)`` for a string's UTF-8.
    static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isPlain)
    }
}
