// Both ends of a TCP connection's life, from the client's side.

final class Socket: TCPConnectionActions {
    func releaseResources() { print("  release resources") }
    func sendSyn() { print("  -> SYN") }
    func sendSynAck() { print("  -> SYN+ACK") }
    func sendAck() { print("  -> ACK") }
    func sendFin() { print("  -> FIN") }
    func sendReset() { print("  -> RST") }
    func isSyn(flags: String) -> Bool { flags == "SYN" }
    func isSynAck(flags: String) -> Bool { flags == "SYN+ACK" }
    func isAck(flags: String) -> Bool { flags == "ACK" }
    func isFin(flags: String) -> Bool { flags == "FIN" }
    func notifyConnected() { print("  connected") }
    func transmit() { print("  -> data") }
    func deliver() { print("  <- data delivered") }
}

let socket = Socket()
let connection = TCPConnection(actions: socket)
connection.start()

// A closure, like Game's `show`: isolated as the top-level code, in Swift 5 and 6 modes alike.
let receive = { (flags: String) in
    print("<- \(flags):")
    connection.segment(flags: flags)
    print("   \(connection.state)")
}

print("active open:"); connection.activeOpen()
receive("SYN+ACK")
print("send:"); connection.send()
receive("DATA")
print("close:"); connection.close()
receive("ACK")
print("in Closing: \(connection.isIn(.closing))")
receive("FIN")
print("timeout:"); connection.timeout()
print("   \(connection.state)")
print("passive open, then abort:"); connection.passiveOpen(); connection.abort()
print("   \(connection.state)")
