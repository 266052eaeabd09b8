"""`fsmc lsp` against hostile clients, byte by byte: malformed messages, invalid UTF-8, huge
documents, a client that closes the pipe, shutdown and exit without params."""

import json
import subprocess
import time

from conftest import FSMC, RawClient, uri


def test_malformed_messages_get_a_parse_error_and_the_server_goes_on():
    client = RawClient()
    client.send_bytes(b"{not json")
    assert client.receive() == {
        "jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "the message is not valid JSON"}
    }
    client.send_bytes(b'{"jsonrpc": "2.0", "id": 5, "method": "initialize", "params": {"x": "\xff\xfe"}}')
    assert client.receive()["error"]["code"] == -32700
    # Without a length the body cannot be skipped: it is read as garbage before the next header,
    # and the next message is still found.
    client.send_bytes(b"{}", header=b"Content-Type: application/json\r\n\r\n")
    assert client.receive()["error"] == {"code": -32700, "message": "missing or invalid Content-Length header"}
    client.send_bytes(b"[1, 2]")
    assert client.receive()["error"]["code"] == -32600
    # Requests before initialize are refused; unknown methods are answered, not dropped.
    assert client.request(2, "textDocument/hover", {})["error"]["code"] == -32002
    client.initialize()
    assert client.request(3, "fsmc/unknown", {})["error"]["code"] == -32601
    hover = client.request(4, "textDocument/hover", {"textDocument": {"uri": uri("A.fsm")}, "position": "here"})
    assert hover["error"]["code"] in (-32602, -32803)
    assert client.request(5, "shutdown")["result"] is None
    client.send({"method": "exit"})
    assert client.finish() == 0


def test_exit_without_shutdown_and_end_of_input():
    client = RawClient()
    client.initialize()
    client.send({"method": "exit"})
    assert client.finish() == 1
    client = RawClient()
    client.initialize()
    client.process.stdin.close()
    assert client.finish() == 1


def test_requests_after_shutdown_are_refused():
    client = RawClient()
    client.initialize()
    assert client.request(2, "shutdown")["result"] is None
    assert client.request(3, "textDocument/documentSymbol", {"textDocument": {"uri": uri("A.fsm")}})["error"][
        "code"
    ] == -32600
    client.send({"method": "exit"})
    assert client.finish() == 0


def test_lone_surrogates_and_control_characters_in_a_document():
    client = RawClient()
    client.initialize()
    body = (
        b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "'
        + uri("S.fsm").encode()
        + b'", "languageId": "fsm", "version": 1, "text": "machine M {\\n initial A // \\ud800\\n state A\\u0000 }"}}}'
    )
    client.send_bytes(body)
    published = client.receive()
    if "error" in published:  # the JSON reader refused the lone surrogate: a parse error, still serving
        assert published["error"]["code"] == -32700
    else:
        assert published["method"] == "textDocument/publishDiagnostics"
    assert client.request(7, "shutdown")["result"] is None
    client.send({"method": "exit"})
    assert client.finish() == 0


def test_a_ten_megabyte_document(tmp_path):
    lines = ["machine Big {", "    initial S0"]
    index = 0
    size = 0
    while size < 10 * 1024 * 1024:
        # 10,000 states, padded with comments to 10 MB: the transport, the lexer and the position
        # conversions see the whole size; the analysis stays quick enough for a debug build.
        line = f"    state S{index} {{ go / act(n: {index}) -> S{index + 1} }} // {'padding ' * 120}"
        lines.append(line)
        size += len(line) + 1
        index += 1
    lines.append(f"    state S{index}\n}}\n")
    text = "\n".join(lines)
    client = RawClient()
    client.initialize()
    started = time.perf_counter()
    client.send(
        {
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri("Big.fsm"), "languageId": "fsm", "version": 1, "text": text}},
        }
    )
    published = client.receive()
    assert published["method"] == "textDocument/publishDiagnostics"
    hover = client.request(2, "textDocument/hover", {"textDocument": {"uri": uri("Big.fsm")}, "position": {"line": 5000, "character": 11}})
    assert "state S4998" in hover["result"]["contents"]["value"]
    print(f"10 MB document: diagnostics and a hover in {time.perf_counter() - started:.2f} s")
    assert client.request(3, "shutdown")["result"] is None
    client.send({"method": "exit"})
    assert client.finish(timeout=60) == 0


def test_a_client_that_closes_the_pipe():
    client = RawClient()
    client.initialize()
    client.process.stdout.close()
    text = "machine M {\n initial A\n state A { go -> B }\n}\n"
    try:
        for version in range(50):
            client.send(
                {
                    "method": "textDocument/didOpen",
                    "params": {"textDocument": {"uri": uri("M.fsm"), "languageId": "fsm", "version": version, "text": text}},
                }
            )
        client.process.stdin.close()
    except BrokenPipeError:
        pass  # the server already noticed and stopped
    # It notices the closed output (no SIGPIPE death, no hang) and stops with status 1.
    assert client.finish() == 1


def test_a_burst_of_changes_is_analysed_once():
    client = RawClient()
    client.initialize()
    burst = b""
    for version in range(1, 11):
        method = "textDocument/didOpen" if version == 1 else "textDocument/didChange"
        document = {"uri": uri("Burst.fsm"), "version": version}
        text = f"machine M {{\n initial A\n state A {{ go -> B{version} }}\n}}\n"
        params = (
            {"textDocument": {**document, "languageId": "fsm", "text": text}}
            if version == 1
            else {"textDocument": document, "contentChanges": [{"text": text}]}
        )
        body = json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode()
        burst += b"Content-Length: %d\r\n\r\n" % len(body) + body
    assert len(burst) < 4096  # one atomic pipe write: the server sees the whole burst at once
    client.send_bytes(burst, header=b"")
    published = client.receive()
    # Only the last version is analysed and published.
    assert published["params"]["version"] == 10
    assert "B10" in published["params"]["diagnostics"][0]["message"]
    assert client.request(2, "shutdown")["result"] is None
    client.send({"method": "exit"})
    assert client.finish() == 0


def test_messages_from_a_file_and_no_exit(tmp_path):
    """`fsmc lsp < messages`: a regular file is always readable, yet the diagnostics come out."""
    messages = b""
    for message in [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {
                    "uri": uri("F.fsm"), "languageId": "fsm", "version": 1,
                    "text": "machine M {\n initial A\n state A { go -> Nowhere }\n}\n",
                }
            },
        },
    ]:
        body = json.dumps(message).encode()
        messages += b"Content-Length: %d\r\n\r\n" % len(body) + body
    path = tmp_path / "messages"
    path.write_bytes(messages)
    with open(path, "rb") as stdin:
        result = subprocess.run([FSMC, "lsp"], stdin=stdin, capture_output=True, timeout=30)
    assert result.returncode == 1  # no shutdown before the end of the input
    assert b'"method":"textDocument/publishDiagnostics"' in result.stdout
    assert b"Nowhere" in result.stdout
