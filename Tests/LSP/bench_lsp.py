"""Response times of `fsmc lsp` (docs/Performance.md, section 4).

    FSMC=.build/release/fsmc .build/editor-venv/bin/python Tests/LSP/bench_lsp.py BIG.fsm

BIG.fsm is a large machine, for example the 10,000-state synthetic one:
`swift run --package-path Benchmarks stage-times --source 10000 > BIG.fsm`. Each figure is the
median of several runs, measured from the client's side (the request written to the pipe until the
answer is read), so it includes the JSON and the pipe; with `--cpu`, the server's own CPU time
(user + system, from /proc, 10 ms resolution), which a busy machine does not inflate.
"""

import os

import statistics
import sys
import time

from conftest import EXAMPLES, RawClient, uri


CPU = "--cpu" in sys.argv
SERVER_PID = []


def server_cpu_ms():
    with open(f"/proc/{SERVER_PID[0]}/stat", encoding="ascii") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def timed(action, runs=5):
    samples = []
    for _ in range(runs):
        started = server_cpu_ms() if CPU else time.perf_counter() * 1000
        action()
        samples.append((server_cpu_ms() if CPU else time.perf_counter() * 1000) - started)
    return statistics.median(samples)


def position_of(text, needle, shift=0):
    index = text.index(needle) + shift
    line = text.count("\n", 0, index)
    return {"line": line, "character": index - (text.rfind("\n", 0, index) + 1)}


def measure(client, name, text, runs):
    """Times for one document: open (to its diagnostics), a one-character edit, then each request."""
    ident = {"uri": uri(name)}
    version = [1]

    def open_document():
        version[0] += 1
        client.send(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {**ident, "languageId": "fsm", "version": version[0], "text": text}},
            }
        )
        while client.receive().get("method") != "textDocument/publishDiagnostics":
            pass

    def edit():
        version[0] += 1
        at = position_of(text, "initial")
        client.send(
            {
                "method": "textDocument/didChange",
                "params": {
                    "textDocument": {**ident, "version": version[0]},
                    "contentChanges": [{"range": {"start": at, "end": at}, "text": " " if version[0] % 2 else ""}],
                },
            }
        )
        while client.receive().get("method") != "textDocument/publishDiagnostics":
            pass

    figures = {"open": timed(open_document, runs), "edit": timed(edit, runs)}
    target = position_of(text, "-> ", shift=4)
    requests = {
        "hover": ("textDocument/hover", {"position": target}),
        "definition": ("textDocument/definition", {"position": target}),
        "references": ("textDocument/references", {"position": target, "context": {"includeDeclaration": True}}),
        "completion": ("textDocument/completion", {"position": position_of(text, "-> ", shift=3)}),
        "symbols": ("textDocument/documentSymbol", {}),
        "semantic tokens": ("textDocument/semanticTokens/full", {}),
        "formatting": ("textDocument/formatting", {"options": {"tabSize": 4, "insertSpaces": True}}),
    }
    counter = [100]
    for label, (method, params) in requests.items():
        def request():
            counter[0] += 1
            answer = client.request(counter[0], method, {"textDocument": ident, **params})
            assert "result" in answer, answer
        figures[label] = timed(request, runs)
    return figures


def main():
    client = RawClient()
    SERVER_PID.append(client.process.pid)
    client.initialize()
    rows = []
    for example in EXAMPLES:
        rows.append((example.stem, measure(client, example.name, example.read_text(encoding="utf-8"), runs=9)))
    for path in [argument for argument in sys.argv[1:] if argument != "--cpu"]:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        name = os.path.basename(path)
        rows.append((f"{name} ({len(text.encode()) / 1e6:.1f} MB)", measure(client, name, text, runs=3)))
    client.request(1_000_000, "shutdown")
    client.send({"method": "exit"})
    client.finish()
    columns = list(rows[0][1])
    print("| document | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, figures in rows:
        print(f"| {name} | " + " | ".join(f"{figures[c]:.1f}" for c in columns) + " |")


if __name__ == "__main__":
    main()
