/// The courier behind every parcel: it counts what it tracks and delivers.
public final class Courier: ParcelActions, @unchecked Sendable {
    public static let shared = Courier()
    public private(set) var tracked = 0
    public private(set) var delivered = 0

    public init() {}

    public func track() { tracked += 1 }
    public func confirm() { delivered += 1 }
}
