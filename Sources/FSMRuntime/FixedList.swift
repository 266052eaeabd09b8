// The storage of a machine with parallel states: its configuration, its leaves and its selection
// (Regions.swift), rewritten in place on every event.

/// Room for `capacity` elements, allocated once and freed with the list: a machine's step rewrites
/// its configuration, its leaves and its selection in place, without an array's checks that its
/// storage is unshared and has room.
///
/// Noncopyable, so it is never shared and never copied: a machine's storage holds it inline, and
/// the code that reads it, `@inlinable`, is optimised with the machine (a class here, of another
/// module, was checked for exclusive access at every use: docs/Performance.md section 7).
/// ``elements`` is valid while the list is neither changed in length nor moved: read it, or
/// replace one element by another through it, and let it go.
@frozen
public struct FixedList<Element>: ~Copyable {
    /// The elements, the first ``count`` initialized.
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    /// How many elements fit.
    public let capacity: Int
    @usableFromInline var _count = 0

    /// An empty list with room for `capacity` elements.
    @inlinable
    public init(capacity: Int) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// A list of `elements`, with room for `capacity`.
    @inlinable
    public init(_ elements: [Element], capacity: Int) {
        self.init(capacity: capacity)
        replace(with: elements)
    }

    /// A list of `count` elements, each `element`, with no room for more.
    @inlinable
    public init(repeating element: Element, count: Int) {
        self.init(capacity: count)
        storage.initialize(repeating: element, count: count)
        _count = count
    }

    @inlinable
    deinit {
        storage.deinitialize(count: _count)
        storage.deallocate()
    }

    /// How many elements the list has.
    @inlinable
    public var count: Int { _count }

    /// The elements, to read, or to replace one by another in place.
    @inlinable
    public var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: _count) }

    /// Empties the list; its room stays.
    @inlinable
    public mutating func removeAll() {
        storage.deinitialize(count: _count)
        _count = 0
    }

    /// Adds `element` at the end: there must be room.
    @inlinable
    public mutating func append(_ element: Element) {
        precondition(_count < capacity, "a FixedList is full")
        (storage + _count).initialize(to: element)
        _count += 1
    }

    /// Makes `elements` the list's: there must be room.
    @inlinable
    public mutating func replace(with elements: [Element]) {
        removeAll()
        for element in elements { append(element) }
    }
}
