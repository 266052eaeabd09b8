// The values ScannerPathTests.swift sends for the parameters fsmc cannot make a value of, as
// docs/Testing.md ("To fill in") says to write them: scripts/check-paths-suites compiles it beside
// the generated suite.
@testable import Scanner

extension ScannerPathValues {
    static var scannedCode: [UInt8] { [0x34, 0x30, 0x31] }
    static var scannedAt: (Int, Int) { (12, 40) }
    static var filterKinds: Set<Int> { [1, 2] }
}
