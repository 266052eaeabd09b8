/// A duration as written after `after` and `every` (`500ms`, `2s`, `1.5s`, `10min`, `1h`): a
/// non-negative integer or decimal immediately followed by its unit, read exactly, in nanoseconds
/// (`2.7s` is 2,700,000,000 ns, never a `Double`).
public enum DurationLiteral {
    /// The units a duration may have, with their length in nanoseconds.
    public enum Unit: String, Sendable, CaseIterable {
        case ms, s, min, h

        public var nanoseconds: Int {
            switch self {
            case .ms: 1_000_000
            case .s: 1_000_000_000
            case .min: 60_000_000_000
            case .h: 3_600_000_000_000
            }
        }
    }

    /// Why a number after `after` or `every` is no duration.
    public enum Problem: Error, Sendable, Hashable {
        /// `after 5`: a number without a unit.
        case missingUnit
        /// `after 5sec`: a unit the language does not have; `suggestion` is the unit meant, when it is clear.
        case unknownUnit(String, suggestion: Unit?)
        /// `after -5s`.
        case negative
        /// `after 1.0000000001s`: not a whole number of nanoseconds.
        case finerThanNanosecond
        /// More nanoseconds than fit in `Int` (about 292 years).
        case tooLong
        /// Not a number at all (`1.2.3s`).
        case malformed
    }

    /// The value of `text` in nanoseconds, or what is wrong with it.
    public static func parse(_ text: String) -> Result<Int, Problem> {
        var scalars = Substring(text)
        let isNegative = scalars.first == "-"
        if isNegative { scalars = scalars.dropFirst() }
        let whole = scalars.prefix { $0.isASCII && $0.isNumber }
        scalars = scalars.dropFirst(whole.count)
        var fraction = Substring("")
        if scalars.first == ".", let next = scalars.dropFirst().first, next.isASCII, next.isNumber {
            scalars = scalars.dropFirst()
            fraction = scalars.prefix { $0.isASCII && $0.isNumber }
            scalars = scalars.dropFirst(fraction.count)
        }
        let unitText = scalars
        guard !whole.isEmpty, unitText.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else {
            return .failure(.malformed)
        }
        guard !unitText.isEmpty else { return .failure(.missingUnit) }
        guard let unit = Unit(rawValue: String(unitText)) else {
            return .failure(.unknownUnit(String(unitText), suggestion: suggestedUnit(for: String(unitText))))
        }
        if isNegative { return .failure(.negative) }
        return value(whole: whole, fraction: fraction, unit: unit)
    }

    /// `whole.fraction` units, in nanoseconds.
    private static func value(whole: Substring, fraction: Substring, unit: Unit) -> Result<Int, Problem> {
        // Trailing zeros of the fraction change nothing; a fraction with more digits than any unit
        // has nanoseconds is finer than one.
        var fraction = fraction
        while fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= 15 else { return .failure(.finerThanNanosecond) }
        var scale = 1
        for _ in 0..<fraction.count { scale *= 10 }
        guard let wholeValue = Int(whole) else { return .failure(.tooLong) }
        let fractionValue = Int(fraction) ?? 0
        // (whole × scale + fraction) × unit / scale, exactly: the fraction's scale is first
        // reduced by what it shares with the unit, so that no exact value overflows on the way.
        let (scaledWhole, overflow1) = wholeValue.multipliedReportingOverflow(by: scale)
        let (numerator, overflow2) = scaledWhole.addingReportingOverflow(fractionValue)
        guard !overflow1, !overflow2 else { return .failure(.tooLong) }
        let common = greatestCommonDivisor(unit.nanoseconds, scale)
        guard numerator % (scale / common) == 0 else { return .failure(.finerThanNanosecond) }
        let (product, overflow3) = (numerator / (scale / common)).multipliedReportingOverflow(by: unit.nanoseconds / common)
        return overflow3 ? .failure(.tooLong) : .success(product)
    }

    /// `nanoseconds` as a duration literal that reads back to it: whole hours, minutes or (below a
    /// second) milliseconds in that unit (`2h`, `10min`, `500ms`), else seconds with the digits
    /// needed (`2s`, `1.5s`, `0.000001s`); `0s` for zero, with a `-` before a negative one.
    public static func text(nanoseconds: Int) -> String {
        if nanoseconds < 0 { return "-" + text(nanoseconds: nanoseconds == .min ? .max : -nanoseconds) }
        if nanoseconds == 0 { return "0s" }
        if nanoseconds % Unit.h.nanoseconds == 0 { return "\(nanoseconds / Unit.h.nanoseconds)h" }
        if nanoseconds % Unit.min.nanoseconds == 0 { return "\(nanoseconds / Unit.min.nanoseconds)min" }
        if nanoseconds < Unit.s.nanoseconds, nanoseconds % Unit.ms.nanoseconds == 0 {
            return "\(nanoseconds / Unit.ms.nanoseconds)ms"
        }
        let whole = nanoseconds / Unit.s.nanoseconds
        var fraction = String(nanoseconds % Unit.s.nanoseconds)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(whole)" + (fraction.isEmpty ? "" : "." + fraction) + "s"
    }

    private static func greatestCommonDivisor(_ lhs: Int, _ rhs: Int) -> Int {
        rhs == 0 ? lhs : greatestCommonDivisor(rhs, lhs % rhs)
    }

    /// The unit that a unit the language does not have most likely means (`sec`, `m`, `hours`).
    static func suggestedUnit(for text: String) -> Unit? {
        switch text.lowercased() {
        case "ms", "msec", "msecs", "millis", "millisecond", "milliseconds": .ms
        case "s", "sec", "secs", "second", "seconds": .s
        case "m", "min", "mins", "minute", "minutes": .min
        case "h", "hr", "hrs", "hour", "hours": .h
        default: nil
        }
    }
}
