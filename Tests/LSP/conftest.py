"""Shared set-up of the end-to-end tests: where fsmc and the repository are, and documents."""

import json
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
FSMC = os.environ.get("FSMC", str(ROOT / ".build" / "debug" / "fsmc"))
EXAMPLES = sorted(ROOT.glob("examples/*/*.fsm"))


def uri(name: str) -> str:
    """A URI for a document that exists only in the editor (never on disk)."""
    return f"file:///nonexistent-fsmc-test/{name}"


class RawClient:
    """Speaks the base protocol by hand, so it can also speak it badly."""

    def __init__(self):
        self.process = subprocess.Popen([FSMC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send_bytes(self, body: bytes, header: bytes | None = None):
        header = header if header is not None else b"Content-Length: %d\r\n\r\n" % len(body)
        self.process.stdin.write(header + body)
        self.process.stdin.flush()

    def send(self, message: dict):
        self.send_bytes(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def receive(self) -> dict:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, id, method, params=None) -> dict:
        self.send({"id": id, "method": method, **({"params": params} if params is not None else {})})
        while True:
            message = self.receive()
            if message.get("id") == id:
                return message

    def initialize(self):
        assert "result" in self.request(1, "initialize", {"capabilities": {}})
        self.send({"method": "initialized", "params": {}})

    def finish(self, timeout=10) -> int:
        return self.process.wait(timeout=timeout)
