"""The browser test of `fsmc preview` (docs/Preview.md), run by scripts/test-preview.

Chromium headless, driven by Playwright through the page's stable test hooks (data-state, data-event,
data-param, data-guard, data-control, data-activity, data-outcome, data-log) on every example. After
each action, the active states on the page must be the interpreter's (the last `state:` line that
`fsmc simulate` prints for the page's exported script) and the page's log must be what
`fsmc simulate` prints for that script, line for line.

Environment: FSMC (the fsmc to test), CHROMIUM (the browser), FSMC_UPDATE_SCREENSHOTS=1 to write
the screenshots of docs/Preview.md into docs/images/ (otherwise into .build/preview-screenshots/).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FSMC = os.environ.get("FSMC", str(ROOT / ".build/debug/fsmc"))
CHROMIUM = os.environ["CHROMIUM"]
SHOTS = ROOT / ("docs/images" if os.environ.get("FSMC_UPDATE_SCREENSHOTS") == "1" else ".build/preview-screenshots")
checks = 0


class Preview:
    """`fsmc preview FILE OPTIONS...` running, its address read from its first line."""

    def __init__(self, folder, file, options=(), env=None):
        self.folder, self.file, self.options = folder, file, list(options)
        self.process = subprocess.Popen(
            [FSMC, "preview", file, *self.options], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env)
        line = self.process.stdout.readline().strip()
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", line):
            self.process.kill()
            raise AssertionError(f"fsmc preview printed {line!r}; stderr: {self.process.stderr.read()}")
        self.url = line

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def simulate(preview, script, restore=None, machine=None):
    """What `fsmc simulate` prints for `script`, with the options the preview was started with."""
    (Path(preview.folder) / "exported-events.txt").write_text(script)
    command = [FSMC, "simulate", machine or preview.file, "--events", "exported-events.txt"]
    command += [option for option in preview.options if option != "--port"]
    if restore is not None:
        command += ["--restore", restore]
    result = subprocess.run(command, cwd=preview.folder, capture_output=True, text=True)
    assert result.returncode == 0, f"fsmc simulate failed ({result.returncode}): {result.stderr}\n{script}"
    return result.stdout.split("\n")[:-1]


def names_in(configuration):
    """The states a `state:` line names: `Opening > [Manifest > Fetching | Subtitles > Loading]`."""
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", configuration.replace("(finished)", "")))


def settle(page, before, action):
    action()
    page.wait_for_function(f"Number(document.body.dataset.settled || 0) > {before}")


def act(page, action):
    """Does `action` on the page and waits until the server has answered it."""
    before = int(page.evaluate("Number(document.body.dataset.settled || 0)"))
    settle(page, before, action)
    return page.evaluate("document.querySelector('[data-error]').hidden ? null : document.querySelector('[data-error]').textContent")


def page_log(page):
    return page.eval_on_selector_all("[data-log] > *", "items => items.map(item => item.textContent)")


def page_active(page):
    return set(page.eval_on_selector_all("#diagram [data-state].active", "nodes => nodes.map(n => n.getAttribute('data-state'))"))


def exported_script(page):
    with page.expect_download() as download:
        page.click("[data-control='export-script']")
    return Path(download.value.path()).read_text()


def check(page, preview, restore=None, machine=None):
    """The page's log is `fsmc simulate`'s for the exported script; its active states the interpreter's."""
    global checks
    checks += 1
    script = exported_script(page)
    if restore is not None:
        with page.expect_download() as download:
            page.click("[data-control='start-snapshot']")
        shutil.copy(download.value.path(), Path(preview.folder) / restore)
    expected = simulate(preview, script, restore, machine)
    log = page_log(page)
    assert log == expected, "page log differs from fsmc simulate:\n" + "\n".join(
        f"{'  ' if a == b else '!='} {a!r} | {b!r}" for a, b in zip(log + [""] * 99, expected + [""] * 99) if a or b)
    state_lines = [line for line in expected if line.startswith("  state: ")]
    interpreter = names_in(state_lines[-1][len("  state: "):])
    assert page_active(page) == interpreter, f"page active {page_active(page)} != interpreter {interpreter}"
    return script


def open_page(browser, preview):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(preview.url)
    page.wait_for_selector("#diagram [data-state]")
    page.wait_for_function("document.body.dataset.revision !== undefined")
    page.errors = errors
    return page


def send(page, event, **arguments):
    def action():
        for name, value in arguments.items():
            page.fill(f"[data-event='{event}'] [data-param='{name}']", value)
        page.click(f"[data-event='{event}'] button")
    return act(page, action)


def example(name, folder):
    shutil.copy(ROOT / f"examples/{name}/{name}.fsm", folder / f"{name}.fsm")
    return f"{name}.fsm"


def test_every_example(browser, work):
    """Each example: the page starts as the interpreter does, then its handled events, then back."""
    for path in sorted((ROOT / "examples").glob("*/*.fsm")):
        name = path.stem
        folder = work / name
        folder.mkdir()
        preview = Preview(folder, example(name, folder))
        try:
            page = open_page(browser, preview)
            check(page, preview)
            for _ in range(3):
                handled = page.eval_on_selector_all(
                    "[data-event].handled", "nodes => nodes.filter(n => !n.querySelector('[data-param]')).map(n => n.dataset.event)")
                if not handled:
                    break
                error = send(page, handled[0])
                if error is None:
                    check(page, preview)
            if page.evaluate("!document.querySelector('[data-control=\"back\"]').disabled"):
                assert act(page, lambda: page.click("[data-control='back']")) is None
                check(page, preview)
            assert not page.errors, page.errors
            page.close()
        finally:
            preview.stop()


def test_media_player(browser, work):
    """Regions, activities finished and failed, parameters, deep history, undo; two tabs share the session."""
    preview = Preview(work, example("MediaPlayer", work), ["--guard", "isNetworkError=true"])
    try:
        page = open_page(browser, preview)
        check(page, preview)
        assert send(page, "open") is None
        check(page, preview)
        assert page_active(page) == {"Opening", "Manifest", "Fetching", "Subtitles", "Loading"}
        assert page.locator("[data-activity]").count() == 2
        assert act(page, lambda: page.click("[data-activity='Fetching'] [data-outcome='finish']")) is None
        check(page, preview)

        def fail_subtitles():
            page.fill("[data-activity='Loading'] input", "notFound")
            page.click("[data-activity='Loading'] [data-outcome='fail']")
        assert act(page, fail_subtitles) is None
        script = check(page, preview)
        assert script.endswith("fail Loading notFound\n"), script
        assert "Watching" in page_active(page)
        assert send(page, "pause") is None
        check(page, preview)
        taken = page.eval_on_selector_all("#diagram g.edge.taken", "edges => edges.map(e => e.dataset.from + '->' + e.dataset.to)")
        assert taken == ["Playing->Paused"], taken
        shot(page, "preview-media-player")
        assert send(page, "seek", seconds="30") is None
        script = check(page, preview)
        assert script.endswith("seek seconds=30\n"), script  # isBuffered is asked only in Ready: no brackets
        # A second tab shows the same session and follows it.
        other = open_page(browser, preview)
        assert page_log(other) == page_log(page)
        assert send(page, "callStarted") is None
        check(page, preview)
        other.wait_for_function("document.querySelectorAll('[data-log] > *').length === %d" % len(page_log(page)))
        assert page_log(other) == page_log(page)
        assert page_active(other) == {"Interrupted"}
        other.close()
        assert send(page, "callEnded") is None
        check(page, preview)
        assert {"Watching", "Paused"} <= page_active(page)
        for _ in range(2):
            assert act(page, lambda: page.click("[data-control='back']")) is None
            check(page, preview)
        assert page_active(page) >= {"Watching", "Paused"} and "Interrupted" not in page_active(page)
        # A refused step says why and changes nothing.
        log = page_log(page)
        assert send(page, "seek", seconds='"soon"') == "parameter 'seconds' is Int, but \"soon\" is not"
        assert page_log(page) == log
        # A failing buffer with the guard toggled: catch [isNetworkError(error)] retries.
        assert act(page, lambda: page.click("[data-activity='Buffering'] [data-outcome='fail']")) is None
        check(page, preview)
        assert act(page, lambda: page.click("[data-guard='isNetworkError']")) is None
        assert act(page, lambda: page.click("[data-activity='Buffering'] [data-outcome='fail']")) is None
        script = check(page, preview)
        assert script.endswith("fail Buffering failure [isNetworkError=false]\n"), script
        assert "Failed" in page_active(page)
        # An event label on the diagram sends the event; those the active states handle are marked.
        handled = page.eval_on_selector_all("#diagram text[data-event-label].handled", "l => l.map(n => n.dataset.eventLabel)")
        assert set(handled) == {"close"}, handled
        assert act(page, lambda: page.click("#diagram text[data-event-label='close']")) is None
        check(page, preview)
        assert page_active(page) == {"Library"}
        assert not page.errors, page.errors
        preview.stop()
        page.wait_for_function("document.getElementById('status').textContent.startsWith('disconnected')")
    finally:
        preview.stop()


def test_security_system(browser, work):
    """Parameters and guard toggles: the toggles' answers go into the exported script."""
    preview = Preview(work, example("SecuritySystem", work))
    try:
        page = open_page(browser, preview)
        assert send(page, "arm") is None
        check(page, preview)
        assert send(page, "disarm", code='"0000"') is None
        script = check(page, preview)
        assert 'disarm code="0000" [isValid=false, tooManyAttempts=false]' in script, script
        assert page_active(page) == {"Armed"}
        assert act(page, lambda: page.click("[data-guard='isValid']")) is None
        assert send(page, "disarm", code='"1234"') is None
        script = check(page, preview)
        assert script.endswith('disarm code="1234" [isValid=true]\n'), script
        assert page_active(page) == {"Disarmed"}
        assert send(page, "panic") is None
        check(page, preview)
        assert page_active(page) == {"SilentAlarm"}
        # Asked each time: the step comes back as a question, sent again with the answer.
        assert act(page, lambda: page.click("[data-guard-ask='isValid']")) is None
        assert page.is_disabled("[data-guard='isValid']")
        page.fill("[data-event='reset'] [data-param='code']", '"4321"')
        assert act(page, lambda: page.click("[data-event='reset'] button")) is None
        assert page.get_attribute("[data-question]", "data-question") == "isValid"
        assert page.text_content("[data-question] code") == 'guard isValid(code: "4321")?'
        shot(page, "preview-security-system")
        assert act(page, lambda: page.click("[data-question] [data-answer='false']")) is None
        script = check(page, preview)
        assert script.endswith('reset code="4321" [isValid=false]\n'), script
        assert page_active(page) == {"SilentAlarm"}
        assert page.is_hidden("#question")
        assert act(page, lambda: page.click("[data-control='back']")) is None
        check(page, preview)
        assert not page.errors, page.errors
    finally:
        preview.stop()


def test_time(browser, work):
    """Timers: advance by a duration, to the next timeout, raised events, a named delay."""
    preview = Preview(work, example("Upload", work), ["--guard", "retriesLeft=true", "--delay", "backoff=2s"])
    try:
        page = open_page(browser, preview)
        assert send(page, "begin") is None
        check(page, preview)
        assert page.locator("[data-timers] li").count() == 2

        def advance():
            page.fill("[data-control='advance'] input", "7s")
            page.click("[data-control='advance'] button")
        assert act(page, advance) is None
        check(page, preview)
        assert page.text_content("[data-now]") == "7s"
        assert act(page, lambda: page.click("[data-control='next-timeout']")) is None
        script = check(page, preview)
        assert script.endswith("wait 7s\nwait 3s\n"), script
        for _ in range(4):  # every 5s reports progress; after 20s raises timedOut: Waiting
            assert act(page, lambda: page.click("[data-control='next-timeout']")) is None
            check(page, preview)
            if "Waiting" in page_active(page):
                break
        assert page_active(page) == {"Waiting"}, page_active(page)
        assert page.text_content("[data-now]") == "20s"
        assert act(page, lambda: page.click("[data-control='next-timeout']")) is None
        check(page, preview)
        assert page_active(page) == {"Uploading"}

        def bad_duration():
            page.fill("[data-control='advance'] input", "2 s")
            page.click("[data-control='advance'] button")
        assert act(page, bad_duration) == "'2 s' is not a duration; write one like 2s or 500ms"
        assert not page.errors, page.errors
    finally:
        preview.stop()


def test_live_reload(browser, work):
    """An edited copy: the session goes on from its snapshot; a file made wrong shows fsmc check's
    diagnostics and keeps the machine; made right again, the diagnostics go; a state removed restarts."""
    file = example("MediaPlayer", work)
    path = work / file
    original = path.read_text()
    preview = Preview(work, file)
    try:
        page = open_page(browser, preview)
        assert send(page, "open") is None
        assert act(page, lambda: page.click("[data-activity='Fetching'] [data-outcome='finish']")) is None
        check(page, preview)

        def edit(text):
            before = page.evaluate("document.body.dataset.revision")
            time.sleep(0.05)
            path.write_text(text)
            return before

        edit(original.replace("entry / showLibrary", "entry / showLibrary, dimLights"))
        page.wait_for_function("!document.querySelector('[data-notice]').hidden")
        notice = page.text_content("[data-notice]")
        assert notice.startswith("The machine changed: the session goes on from its active states"), notice
        assert page_log(page)[0] == "restored from session-start.json"
        check(page, preview, restore="session-start.json")
        assert page.is_disabled("[data-control='next-timeout']")  # no timer is armed
        assert act(page, lambda: page.click("[data-control='restart']")) is None
        check(page, preview)
        assert send(page, "open") is None
        assert send(page, "cancel") is None
        script = check(page, preview)
        assert "      dimLights" in page_log(page), page_log(page)

        (work / "last-good.fsm").write_text(path.read_text())
        broken = original.replace("open -> Opening", "open -> Openin")
        edit(broken)
        page.wait_for_function("!document.querySelector('[data-diagnostics]').hidden")
        expected = subprocess.run([FSMC, "check", file], cwd=work, capture_output=True, text=True).stderr
        assert page.text_content("[data-diagnostics]") == expected, (page.text_content("[data-diagnostics]"), expected)
        shot(page, "preview-diagnostics")
        assert send(page, "open") is None  # the last good machine goes on
        check(page, preview, machine="last-good.fsm")

        edit(original)
        page.wait_for_function("document.querySelector('[data-diagnostics]').hidden")
        check(page, preview, restore="session-start.json")

        # A state of the session gone: it restarts, and says why.
        edit(original.replace("Fetching", "Downloading"))
        page.wait_for_function("document.querySelector('[data-notice]').textContent.includes('restarted')")
        notice = page.text_content("[data-notice]")
        assert notice == ("The machine changed and the session restarted: the snapshot names the state 'Fetching', "
                          "which the machine does not have."), notice
        check(page, preview)
        assert not page.errors, page.errors
        del script
    finally:
        preview.stop()


def test_scripts_snapshots_and_filter(browser, work):
    """A script loaded and stepped through; the snapshot saved and restored; a typed line; the log filtered."""
    preview = Preview(work, example("MediaPlayer", work))
    try:
        page = open_page(browser, preview)
        (work / "load.txt").write_text("# a comment\nopen\n\ndone Fetching\ndone Loading\n")
        page.set_input_files("[data-control='load-script']", str(work / "load.txt"))
        page.wait_for_selector("#script-controls:not([hidden])")
        assert page.text_content("#script-next-line") == "next: open (3 left)"
        assert act(page, lambda: page.click("[data-control='script-next']")) is None
        check(page, preview)
        assert page.text_content("#script-next-line") == "next: done Fetching (2 left)"
        before = int(page.evaluate("Number(document.body.dataset.settled)"))
        page.click("[data-control='script-all']")
        page.wait_for_function(f"Number(document.body.dataset.settled) >= {before + 2}")
        page.wait_for_function("document.getElementById('script-controls').hidden")
        script = check(page, preview)
        assert script == "open\ndone Fetching\ndone Loading\n", script

        with page.expect_download() as download:
            page.click("[data-control='save-snapshot']")
        saved = Path(download.value.path()).read_text()
        assert '"activeStates" : [' in saved and '"Watching"' in saved, saved

        def typed():
            page.fill("#line", "pause")
            page.press("#line", "Enter")
        assert act(page, typed) is None
        check(page, preview)
        assert {"Paused"} <= page_active(page)
        (work / "saved.json").write_text(saved)
        assert act(page, lambda: page.set_input_files("[data-control='restore']", str(work / "saved.json"))) is None
        assert page_log(page)[0] == "restored from session-start.json"
        check(page, preview, restore="session-start.json")
        assert {"Playing", "Buffering"} <= page_active(page)
        (work / "bad.json").write_text('{"machine": "Other"')
        error = act(page, lambda: page.set_input_files("[data-control='restore']", str(work / "bad.json")))
        assert error.startswith("the snapshot is not valid: line 1, column 20:"), error

        page.fill("[data-control='filter']", "activity")
        shown = page.eval_on_selector_all("[data-log] > :not([hidden])", "items => items.map(i => i.textContent)")
        assert shown and all("activity" in line for line in shown), shown
        assert len(page_log(page)) > len(shown)  # hidden, still there
        assert not page.errors, page.errors
    finally:
        preview.stop()


def test_without_graphviz(browser, work):
    """No dot on PATH: the page says so and draws nested boxes, with the same hooks."""
    environment = dict(os.environ, PATH=str(work))
    preview = Preview(work, example("MediaPlayer", work), env=environment)
    try:
        page = open_page(browser, preview)
        note = page.text_content("#graphviz-note")
        assert "Install Graphviz" in note, note
        assert page.locator("#diagram svg").count() == 0
        assert send(page, "open") is None
        check(page, preview)
        assert page.locator(".box.parallel[data-state='Opening']").count() == 1
        shot(page, "preview-without-graphviz")
        assert not page.errors, page.errors
    finally:
        preview.stop()


def test_export(browser, work):
    """--export: one self-contained file, its steps scrubbed through without a server or a network."""
    file = example("MediaPlayer", work)
    (work / "steps.txt").write_text("open\ndone Fetching\ndone Loading\npause\nseek seconds=12 [isBuffered=true]\n")
    result = subprocess.run([FSMC, "preview", file, "--events", "steps.txt", "--export", "page.html"], cwd=work,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    expected = subprocess.run([FSMC, "simulate", file, "--events", "steps.txt"], cwd=work, capture_output=True,
                              text=True).stdout.split("\n")[:-1]
    context = browser.new_context(offline=True)
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((work / "page.html").as_uri())
    page.wait_for_selector("#diagram [data-state]")
    assert page_log(page) == expected
    assert page_active(page) == names_in([line for line in expected if line.startswith("  state: ")][-1][9:])
    page.fill("#scrub-range", "1")
    page.dispatch_event("#scrub-range", "input")
    assert page_active(page) == {"Opening", "Manifest", "Fetching", "Subtitles", "Loading"}
    assert page_log(page)[-1] == "  state: Opening > [Manifest > Fetching | Subtitles > Loading]"
    assert requests == [(work / "page.html").as_uri()], requests
    context.close()


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def main():
    started = time.monotonic()
    tests = [test_every_example, test_media_player, test_security_system, test_time, test_live_reload,
             test_scripts_snapshots_and_filter, test_without_graphviz, test_export]
    selected = [test for test in tests if len(sys.argv) < 2 or any(arg in test.__name__ for arg in sys.argv[1:])]
    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for test in selected:
            work = Path(tempfile.mkdtemp(prefix="fsmc-preview-"))
            try:
                test(browser, work)
                print(f"ok  {test.__name__}")
            except Exception as error:  # noqa: BLE001 - every failure is reported, the others still run
                failures += 1
                print(f"FAIL {test.__name__}: {type(error).__name__}: {error}")
            finally:
                shutil.rmtree(work, ignore_errors=True)
        browser.close()
    print(f"{len(selected) - failures} of {len(selected)} browser tests passed, {checks} checks against fsmc simulate, "
          f"in {time.monotonic() - started:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
