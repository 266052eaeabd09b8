import XCTest

@testable import FSMCore

/// The typo `misspelt-event` looks for between an event used once and one used as much or more
/// (docs/Diagnostics.md): one edit, not at the first character, involving no digit.
final class SingleEditTests: XCTestCase {
    /// Each single edit that counts, and those that do not.
    func testSingleEdit() {
        func edit(_ lhs: String, _ rhs: String) -> Bool {
            ModelChecks.singleEdit(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars))
        }
        XCTAssertTrue(edit("leeve", "leave"))  // replaced
        XCTAssertTrue(edit("lave", "leave"))  // deleted
        XCTAssertTrue(edit("leavve", "leave"))  // inserted (in a run of the same letter)
        XCTAssertTrue(edit("laeve", "leave"))  // swapped
        XCTAssertTrue(edit("leav", "leave"))  // deleted at the end
        XCTAssertFalse(edit("leave", "leave"))
        XCTAssertFalse(edit("eave", "leave"))  // at the first character
        XCTAssertFalse(edit("elave", "leave"))
        XCTAssertFalse(edit("floor1", "floor2"))  // a digit
        XCTAssertFalse(edit("track10", "track1"))
        XCTAssertFalse(edit("leaver", "leave!!"))
        XCTAssertFalse(edit("lveae", "leave"))  // two edits
        XCTAssertFalse(edit("leaf", "leave"))
    }
}
