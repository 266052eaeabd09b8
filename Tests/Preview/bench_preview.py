"""Step latency of `fsmc preview` (docs/Performance.md, section 8), run by scripts/bench-preview.

For each machine: the time from a click on an event's button until the frame that shows the answer
(the page's own measure, body[data-step-milliseconds]: the request, the server's step and its JSON,
the page's drawing of diagram highlight, controls and log, up to the next animation frame), in
Chromium headless; the same seen from Playwright (its click and wait add their own overhead); the
server's answer alone (POST /action over HTTP, no browser); the time from starting fsmc preview to
its address; and the time until the page has Graphviz's diagram (fsmc runs `dot -Tsvg` in the
background, once per version of the file). The page's steps are measured on that diagram.
The 1,000-state machine is generated here: ten composite states of 99 states each, a chain of
`next` transitions through them.
"""

import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FSMC = os.environ.get("FSMC", str(ROOT / ".build/release/fsmc"))
CHROMIUM = os.environ["CHROMIUM"]
ROUNDS = int(os.environ.get("ROUNDS", "30"))


def big_machine():
    lines = ["machine Big {", "    initial G0"]
    for group in range(10):
        lines.append(f"    state G{group} {{")
        lines.append(f"        initial S{group}_0")
        lines.append(f"        reset -> G0")
        for leaf in range(99):
            following = f"S{group}_{leaf + 1}" if leaf < 98 else f"G{(group + 1) % 10}"
            lines.append(f"        state S{group}_{leaf} {{ next -> {following} }}")
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def measure(browser, file, event, folder):
    started = time.perf_counter()
    process = subprocess.Popen([FSMC, "preview", str(file)], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    startup = time.perf_counter() - started
    try:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        server = []
        for _ in range(ROUNDS):
            connection = http.client.HTTPConnection("127.0.0.1", port)
            body = json.dumps({"action": "event", "event": event})
            began = time.perf_counter()
            connection.request("POST", "/action", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            server.append(time.perf_counter() - began)
            assert response.status == 200, response.status
            connection.close()
        while True:  # Graphviz's layout, in the background
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("GET", "/state")
            state = json.loads(connection.getresponse().read())
            connection.close()
            if state["svgRevision"] > 0 or state["graphviz"] and "laying out" not in state["graphviz"]:
                break
            time.sleep(0.5)
        layout = time.perf_counter() - started
        assert state["svgRevision"] > 0, state["graphviz"]
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#diagram [data-state]")
        clicks, drawn = [], []
        for _ in range(ROUNDS):
            before = int(page.evaluate("Number(document.body.dataset.settled || 0)"))
            began = time.perf_counter()
            page.click(f"[data-event='{event}'] button")
            page.wait_for_function(f"Number(document.body.dataset.settled || 0) > {before}", polling="raf")
            clicks.append(time.perf_counter() - began)
            drawn.append(float(page.evaluate("document.body.dataset.stepMilliseconds")) / 1000)
        assert page.locator("#diagram svg").count() == 1
        page.close()
        return (startup, statistics.median(server), statistics.median(drawn), max(drawn), statistics.median(clicks),
                layout)
    finally:
        process.terminate()
        process.wait()


def main():
    folder = Path(tempfile.mkdtemp(prefix="fsmc-bench-preview-"))
    (folder / "Big.fsm").write_text(big_machine())
    machines = [(ROOT / "examples/Turnstile/Turnstile.fsm", "coin"),
                (ROOT / "examples/MediaPlayer/MediaPlayer.fsm", "open"),
                (folder / "Big.fsm", "next")]
    print(f"{'machine':<13}{'start':>9}{'server step':>13}{'click to drawn':>16}{'slowest':>9}{'Playwright':>12}"
          f"{'diagram in':>12}   (medians of {ROUNDS} steps)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for file, event in machines:
            startup, server, drawn, slowest, click, layout = measure(browser, file, event, folder)
            print(f"{file.stem:<13}{startup * 1000:>6.0f} ms{server * 1000:>10.1f} ms{drawn * 1000:>13.1f} ms"
                  f"{slowest * 1000:>6.0f} ms{click * 1000:>9.1f} ms{layout:>10.1f} s")
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
