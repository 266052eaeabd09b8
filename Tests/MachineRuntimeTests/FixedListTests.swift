import XCTest

@testable import MachineRuntime

/// `FixedList`, the storage of a machine with regions.
final class FixedListTests: XCTestCase {
    func testAppendReplaceAndRemove() {
        let list = FSMMachineRuntime.FixedList([1, 2], capacity: 4)
        XCTAssertEqual(Array(list.elements), [1, 2])
        list.append(3)
        XCTAssertEqual(Array(list.elements), [1, 2, 3])
        list.elements[0] = 7
        XCTAssertEqual(Array(list.elements), [7, 2, 3])
        list.replace(with: [5])
        XCTAssertEqual(Array(list.elements), [5])
        list.removeAll()
        XCTAssertEqual(list.count, 0)
        XCTAssertTrue(list.elements.isEmpty)
    }
}
