import Foundation
import TestSupport
import XCTest

/// `fsmc simulate` on parallel states (section 4c) end to end: every region's transitions, a
/// conflict, the active configuration with its regions, the state of an unhandled event.
final class SimulateParallelTests: XCTestCase {
    private let call = """
        machine Call {
            initial Idle
            state Idle { dial -> Connected }
            parallel state Connected {
                hangUp / bye -> Idle
                state Audio {
                    initial Unmuted
                    state Unmuted { mute -> Muted; hangUp / hush }
                    state Muted { unmute -> Unmuted; hangUp / quiet -> Unmuted }
                }
                state Video {
                    initial CameraOff
                    state CameraOff { camera -> CameraOn }
                    state CameraOn { camera -> CameraOff }
                }
            }
        }

        """

    func testEveryRegionAConflictAndTheConfigurationAreShown() throws {
        let folder = try temporaryFolder(self)
        try call.write(to: folder.appendingPathComponent("call.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "call.fsm"], stdin: "dial\nunmute\nmute\ncamera\nhangUp\nhangUp\n", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            """
            start
                enter Idle
              state: Idle
            > dial
              Idle -> Connected
                exit Idle
                enter Connected
                enter Audio
                enter Unmuted
                enter Video
                enter CameraOff
              state: Connected > [Audio > Unmuted | Video > CameraOff]
            > unmute
              unhandled in Connected
              state: Connected > [Audio > Unmuted | Video > CameraOff]
            > mute
              Unmuted -> Muted
                exit Unmuted
                enter Muted
              state: Connected > [Audio > Muted | Video > CameraOff]
            > camera
              CameraOff -> CameraOn
                exit CameraOff
                enter CameraOn
              state: Connected > [Audio > Muted | Video > CameraOn]
            > hangUp
              Muted -> Unmuted
              Connected -> Idle: not taken, conflicts with a transition taken
                exit Muted
                effects of Muted -> Unmuted
                  quiet
                enter Unmuted
              state: Connected > [Audio > Unmuted | Video > CameraOn]
            > hangUp
              Unmuted: internal transition
              Connected -> Idle
                exit CameraOn
                exit Video
                exit Unmuted
                exit Audio
                exit Connected
                effects of Unmuted: internal transition
                  hush
                effects of Connected -> Idle
                  bye
                enter Idle
              state: Idle

            """)
    }

    func testNestedParallelStatesAreBracketedAndBothRegionsFire() throws {
        let folder = try temporaryFolder(self)
        try """
        machine Player {
            initial Running
            parallel state Running {
                state Playback { initial Playing; state Playing { toggle / pause -> Paused }; state Paused }
                parallel state Network {
                    state Link { initial Online; state Online { toggle / drop -> Offline }; state Offline }
                    state Sync
                }
            }
        }
        """.write(to: folder.appendingPathComponent("player.fsm"), atomically: true, encoding: .utf8)
        let result = try runFSMC(["simulate", "player.fsm"], stdin: "toggle\n", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                  state: Running > [Playback > Playing | Network > [Link > Online | Sync]]
                > toggle
                  Playing -> Paused
                  Online -> Offline
                    exit Online
                    exit Playing
                    effects of Playing -> Paused
                      pause
                    effects of Online -> Offline
                      drop
                    enter Paused
                    enter Offline
                  state: Running > [Playback > Paused | Network > [Link > Offline | Sync]]

                """), result.stdout)
    }
}
