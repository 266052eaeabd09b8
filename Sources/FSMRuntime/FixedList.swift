// The storage of a machine with regions: its configuration, its leaves and its selection.

/// Room for `capacity` elements, allocated once: steps rewrite the configuration, the leaves and the
/// selection in place, without an array's checks that it is unshared and has room. A list is never
/// shared; its elements (state classes, numbers) are trivial; `elements` is read only while the
/// list's count is unchanged.
public final class FixedList<Element> {
    /// Its own memory, freed with it.
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int
    @usableFromInline var _count = 0

    /// The number of elements.
    @inlinable public var count: Int { _count }

    public init(_ elements: [Element], capacity: Int) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
        replace(with: elements)
    }

    deinit { storage.deallocate() }

    /// The elements, to read, or to replace one by another in place.
    @inlinable
    public var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: _count) }

    @inlinable
    public func removeAll() { _count = 0 }

    @inlinable
    public func append(_ element: Element) {
        precondition(_count < capacity, "a FixedList is full")
        (storage + _count).initialize(to: element)
        _count += 1
    }

    @inlinable
    public func replace(with elements: [Element]) {
        removeAll()
        for element in elements { append(element) }
    }
}
