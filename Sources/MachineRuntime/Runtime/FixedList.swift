// The storage of a machine with regions: its configuration, its leaves and its selection. Copied
// into each generated machine that has a parallel state (Sources/MachineRuntime/README.md).

extension FSMMachineRuntime {
    /// Room for `capacity` elements, allocated once: steps rewrite the configuration, the leaves and
    /// the selection in place, without an array's checks that it is unshared and has room. A list
    /// is never shared; its elements (state classes, numbers) are trivial; `elements` is read only
    /// while the list's count is unchanged.
    final class FixedList<Element> {
        /// Its own memory, freed with it; `nonisolated(unsafe)` so that `deinit` may free it.
        nonisolated(unsafe) private let storage: UnsafeMutablePointer<Element>
        private let capacity: Int
        private(set) var count = 0

        init(_ elements: [Element], capacity: Int) {
            storage = .allocate(capacity: capacity)
            self.capacity = capacity
            replace(with: elements)
        }

        deinit { storage.deallocate() }

        /// The elements, to read, or to replace one by another in place.
        var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: count) }

        func removeAll() { count = 0 }

        func append(_ element: Element) {
            precondition(count < capacity, "a FixedList is full")
            (storage + count).initialize(to: element)
            count += 1
        }

        func replace(with elements: [Element]) {
            removeAll()
            for element in elements { append(element) }
        }
    }
}
