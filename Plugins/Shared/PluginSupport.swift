// Shared by both SwiftPM plugins: Plugins/FSMCPlugin and Plugins/FSMDiagrams hold a symbolic link
// to this file, because a plugin cannot depend on a library target.
import Foundation

/// An error a plugin reports: SwiftPM prints its description as the build's or command's error.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Throws a ``PluginError`` when two machines share a stem (see ``firstStemCollision(_:stem:)``),
/// looking at them in path order so the message does not depend on SwiftPM's file order.
/// `message` is given the two paths and the stem, and says where the outputs would collide.
func checkDistinctStems(_ machines: [URL], message: (_ earlier: String, _ later: String, _ stem: String) -> String) throws {
    let sorted = machines.sorted { $0.path < $1.path }
    if let collision = firstStemCollision(sorted, stem: { $0.deletingPathExtension().lastPathComponent }) {
        throw PluginError(
            message(collision.earlier.path(percentEncoded: false), collision.later.path(percentEncoded: false), collision.stem))
    }
}
