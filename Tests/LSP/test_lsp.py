"""`fsmc lsp` end to end, driven by pytest-lsp (a third-party LSP client built on pygls).

Each test starts `fsmc lsp` as a child process. Positions are LSP's: 0-based lines and UTF-16 code
units (the Visual Studio Code capabilities), or UTF-32 when negotiated (the Emacs capabilities).
"""

import json
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import EXAMPLES, FSMC, uri

DOOR = """// Façade 😀 door: non-ASCII before the names on this line and the next.
/* 😀 */ machine Door {
    /// Unlocking needs a code.
    event unlock(code: String)
    initial Closed
    state Closed {
        open -> Opened
        lock -> Locked
    }
    state Opened { close -> Closed }
    state Locked {
        unlock [isValid(code)] / record(pin: code) -> Closed
    }
}
"""

# Version 3: timed transitions with a literal and a named delay, and `raise`.
LOADER = """machine Loader {
    event go(n: Int)
    initial Idle
    state Idle { load -> Loading }
    state Loading {
        every 500ms / tick
        after 1.5s / raise go(n: 1) -> Offline
        go -> Idle
    }
    state Offline { after retryDelay -> Loading }
}
"""

BROKEN = """machine Alarm {
    initial Armed
    state Armed { /* 😀 é */ trip -> Armd }
    state Armed
}
"""


def position(text: str, needle: str, occurrence: int = 1, shift: int = 0, encoding: str = "utf-16") -> types.Position:
    """The LSP position of the `occurrence`-th `needle` in `text` (plus `shift` characters)."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    index += shift
    line = text.count("\n", 0, index)
    column = text[text.rfind("\n", 0, index) + 1 : index]
    return types.Position(line=line, character=units(column, encoding))


def units(text: str, encoding: str) -> int:
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    return len(text)


def doc(name: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri(name))


async def open_document(client: LanguageClient, name: str, text: str, version: int = 1):
    """Opens a document and returns the diagnostics published for it."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(name), language_id="fsm", version=version, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri(name)]


async def change_document(client: LanguageClient, name: str, version: int, change):
    """Applies one change to an open document and returns the diagnostics published for it."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(name), version=version), content_changes=[change]
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri(name)]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FSMC, "lsp"]))
async def client(lsp_client: LanguageClient):
    response = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    assert response.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[FSMC, "lsp"]))
async def utf32_client(lsp_client: LanguageClient):
    response = await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("emacs")))
    assert response.capabilities.position_encoding == types.PositionEncodingKind.Utf32
    yield
    await lsp_client.shutdown_session()


def check_json(text: str, tmp_path) -> list:
    """What `fsmc check --format json` says about the text."""
    path = tmp_path / "file.fsm"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([FSMC, "check", "--format", "json", str(path)], capture_output=True, text=True)
    return json.loads(result.stdout)


def expected_range(text: str, start_line: int, start_column: int, end_line: int, end_column: int, encoding: str):
    """fsmc's 1-based line and Unicode-scalar column, as an LSP range in `encoding`."""
    lines = text.split("\n")

    def convert(line, column):
        return types.Position(line=line - 1, character=units(lines[line - 1][: column - 1], encoding))

    return types.Range(start=convert(start_line, start_column), end=convert(end_line, end_column))




async def assert_diagnostics_match(lsp: LanguageClient, encoding: str, tmp_path):
    diagnostics = await open_document(lsp, "Broken.fsm", BROKEN)
    expected = check_json(BROKEN, tmp_path)
    assert len(diagnostics) == len(expected) >= 2
    for got, want in zip(diagnostics, expected):
        assert got.code == want["id"]
        assert got.message == want["message"]
        assert got.source == "fsmc"
        assert got.severity == {"error": 1, "warning": 2}[want["severity"]]
        r = expected_range(BROKEN, want["line"], want["column"], want["end"]["line"], want["end"]["column"], encoding)
        assert got.range == r
        notes = got.related_information or []
        assert [note.message for note in notes] == [note["message"] for note in want["notes"]]
        for note, wanted in zip(notes, want["notes"]):
            assert note.location.uri == uri("Broken.fsm")
            assert note.location.range == expected_range(
                BROKEN, wanted["line"], wanted["column"], wanted["end"]["line"], wanted["end"]["column"], encoding
            )
    # The emoji and the é before `Armd` count 2 + 1 UTF-16 units but 1 + 1 scalars.
    armd = position(BROKEN, "Armd", encoding=encoding)
    assert diagnostics[0].range.start == armd


async def test_diagnostics_match_fsmc_check_in_utf16(client: LanguageClient, tmp_path):
    await assert_diagnostics_match(client, "utf-16", tmp_path)


async def test_diagnostics_match_fsmc_check_in_utf32(utf32_client: LanguageClient, tmp_path):
    await assert_diagnostics_match(utf32_client, "utf-32", tmp_path)


async def test_changes_full_and_incremental_republish(client: LanguageClient):
    diagnostics = await open_document(client, "Broken.fsm", BROKEN)
    assert any("Armd" in d.message for d in diagnostics)
    start = position(BROKEN, "Armd")
    end = position(BROKEN, "Armd", shift=4)
    partial = types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="Armed")
    diagnostics = await change_document(client, "Broken.fsm", 2, partial)
    assert not any("Armd" in d.message for d in diagnostics)
    assert any("redeclaration" in d.message for d in diagnostics)
    diagnostics = await change_document(client, "Broken.fsm", 3, types.TextDocumentContentChangeWholeDocument(text=DOOR))
    assert [d.severity for d in diagnostics if d.severity == 1] == []
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc("Broken.fsm")))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri("Broken.fsm")]) == []


async def test_quick_fix_from_fix_it(client: LanguageClient):
    diagnostics = await open_document(client, "Broken.fsm", BROKEN)
    unknown = next(d for d in diagnostics if "Armd" in d.message)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc("Broken.fsm"),
            range=unknown.range,
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    assert len(actions) == 1
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Replace 'Armd' with 'Armed'"
    edit = action.edit.changes[uri("Broken.fsm")][0]
    assert edit.new_text == "Armed" and edit.range == unknown.range


async def test_quick_fix_that_adds_a_line(client: LanguageClient):
    """missing-initial's fix-it inserts a whole line after the body's '{': a zero-width edit at the
    start of the next line, titled without its layout; applied, the machine has no error left."""
    text = "machine Mute {\n    // 😀 states\n    state Unmuted { mute -> Muted }\n    state Muted { unmute -> Unmuted }\n}\n"
    diagnostics = await open_document(client, "Mute.fsm", text)
    missing = next(d for d in diagnostics if d.code == "missing-initial")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc("Mute.fsm"), range=missing.range, context=types.CodeActionContext(diagnostics=[missing])
        )
    )
    assert [action.title for action in actions] == ["Insert 'initial Unmuted'"]
    edit = actions[0].edit.changes[uri("Mute.fsm")][0]
    assert edit.new_text == "    initial Unmuted\n"
    assert edit.range == types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=0))
    applied = types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)
    assert [d for d in await change_document(client, "Mute.fsm", 2, applied) if d.severity == 1] == []


async def test_document_symbols(client: LanguageClient):
    await open_document(client, "Door.fsm", DOOR)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=doc("Door.fsm"))
    )
    assert [s.name for s in symbols] == ["Door"]
    children = symbols[0].children
    assert [c.name for c in children] == ["Closed", "Opened", "Locked", "unlock", "open", "lock", "close"]
    assert [c.kind for c in children[:3]] == [types.SymbolKind.EnumMember] * 3
    assert children[3].kind == types.SymbolKind.Event and children[3].detail == "(code: String)"
    assert symbols[0].selection_range.start == position(DOOR, "Door {")


async def test_definition_and_references(client: LanguageClient):
    await open_document(client, "Door.fsm", DOOR)
    target = position(DOOR, "Opened", 1, shift=2)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc("Door.fsm"), position=target)
    )
    assert definition.range.start == position(DOOR, "Opened", 2)
    event = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc("Door.fsm"), position=position(DOOR, "unlock [", shift=3))
    )
    assert event.range.start == position(DOOR, "unlock(code")
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc("Door.fsm"),
            position=position(DOOR, "Closed", 1),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert sorted((r.range.start.line, r.range.start.character) for r in references) == sorted(
        (p.line, p.character) for p in [position(DOOR, "Closed", n) for n in (1, 2, 3, 4)]
    )


async def test_a_byte_order_mark_is_the_first_character_of_line_zero(client: LanguageClient):
    """The client's text holds the mark, so it counts it; fsmc's offsets leave it out."""
    text = "\ufeffmachine M { initial A; state A { go -> A } }\n"
    await open_document(client, "Mark.fsm", text)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc("Mark.fsm"), position=position(text, "A }"))
    )
    assert definition.range.start == position(text, "A {")
    assert position(text, "A {").character == len("\ufeffmachine M { initial A; state ")


async def test_hover(client: LanguageClient):
    await open_document(client, "Door.fsm", DOOR)

    async def hover(needle, occurrence=1):
        result = await client.text_document_hover_async(
            types.HoverParams(text_document=doc("Door.fsm"), position=position(DOOR, needle, occurrence, shift=1))
        )
        return result.contents.value

    assert "state Opened" in await hover("Opened", 2) and "path: Door.Opened" in await hover("Opened", 2)
    assert "composite state" not in await hover("Locked", 2)
    unlock = await hover("unlock [")
    assert "event unlock(code: String)" in unlock and "Unlocking needs a code." in unlock
    assert "func isValid(code: String) -> Bool" in await hover("isValid")
    assert "func record(pin: String)\n" in await hover("record")


async def test_hover_on_a_named_delay(client: LanguageClient):
    await open_document(client, "Loader.fsm", LOADER)
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=doc("Loader.fsm"), position=position(LOADER, "retryDelay", shift=1))
    )
    assert result.contents.value.startswith("```swift\nfunc retryDelay() -> Duration\n```")
    raised = await client.text_document_hover_async(
        types.HoverParams(text_document=doc("Loader.fsm"), position=position(LOADER, "go(n: 1)", shift=1))
    )
    assert "event go(n: Int)" in raised.contents.value


async def test_completion_of_timed_transitions_and_raise(client: LanguageClient):
    text = LOADER.replace("after retryDelay -> Loading", "after ").replace("/ raise go(n: 1)", "/ raise ")
    await open_document(client, "Loader.fsm", text)

    async def labels(needle, shift):
        result = await client.text_document_completion_async(
            types.CompletionParams(text_document=doc("Loader.fsm"), position=position(text, needle, shift=shift))
        )
        return [item.label for item in (result.items if hasattr(result, "items") else result)]

    assert await labels("/ raise ", 8) == ["go", "load"]
    assert await labels("/ tick", 2) == ["tick", "raise"]
    member = await labels("    go -> Idle", 4)
    assert "after" in member and "every" in member
    # No delay is named in the file any more: nothing to offer after `after`.
    assert await labels("{ after ", 8) == []


async def test_completion(client: LanguageClient):
    text = DOOR.replace("close -> Closed", "close -> ")
    await open_document(client, "Door.fsm", text)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc("Door.fsm"), position=position(text, "close -> ", shift=9))
    )
    labels = [item.label for item in (result.items if hasattr(result, "items") else result)]
    assert labels == ["Closed", "Opened", "Locked", "push", "pop", "history", "deep"]
    arguments = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc("Door.fsm"), position=position(text, "pin: code", shift=5))
    )
    assert [item.label for item in arguments] == ["code", "true", "false"]
    guards = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc("Door.fsm"), position=position(text, "isValid"))
    )
    assert [item.label for item in guards] == ["isValid"]


async def test_rename_and_its_refusals(client: LanguageClient):
    await open_document(client, "Door.fsm", DOOR)
    at = position(DOOR, "Closed", 2, shift=1)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc("Door.fsm"), position=at)
    )
    assert prepared is not None
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc("Door.fsm"), position=at, new_name="Shut")
    )
    edits = edit.changes[uri("Door.fsm")]
    assert len(edits) == 4 and all(e.new_text == "Shut" for e in edits)
    for refused, reason in [("Opened", "already a state"), ("state", "keyword"), ("9x", "not a valid name")]:
        with pytest.raises(Exception, match=reason):
            await client.text_document_rename_async(
                types.RenameParams(text_document=doc("Door.fsm"), position=at, new_name=refused)
            )


async def test_formatting(client: LanguageClient):
    messy = "machine M{initial A;state A{go->B}\nstate B { back -> A }}"
    await open_document(client, "Messy.fsm", messy)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=doc("Messy.fsm"), options=types.FormattingOptions(tab_size=4, insert_spaces=True)
        )
    )
    formatted = subprocess.run([FSMC, "format", "-"], input=messy, capture_output=True, text=True).stdout
    assert len(edits) == 1 and edits[0].new_text == formatted
    assert edits[0].range.start == types.Position(line=0, character=0)


async def test_semantic_tokens(client: LanguageClient):
    await open_document(client, "Door.fsm", DOOR)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc("Door.fsm"))
    )
    types_legend = [
        "keyword", "comment", "string", "number", "operator", "class", "enumMember", "event", "function", "method",
        "parameter", "type",
    ]
    decoded = []
    line = character = 0
    data = tokens.data
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind, _ = data[index : index + 5]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        decoded.append((line, character, length, types_legend[kind]))
    lines = DOOR.split("\n")

    def text_of(token):
        line_text = lines[token[0]].encode("utf-16-le")
        return line_text[token[1] * 2 : (token[1] + token[2]) * 2].decode("utf-16-le")

    named = {(text_of(t), t[3]) for t in decoded}
    assert ("Door", "class") in named and ("machine", "keyword") in named
    assert ("Closed", "enumMember") in named and ("unlock", "event") in named
    assert ("isValid", "function") in named and ("record", "method") in named
    assert ("code", "parameter") in named and ("String", "type") in named
    assert ("/* 😀 */", "comment") in named
    assert any(t[3] == "comment" and text_of(t).startswith("// Façade 😀") for t in decoded)


async def test_semantic_tokens_of_version_3(client: LanguageClient):
    await open_document(client, "Loader.fsm", LOADER)
    types_legend = [
        "keyword", "comment", "string", "number", "operator", "class", "enumMember", "event", "function", "method",
        "parameter", "type",
    ]
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=doc("Loader.fsm"))
    )
    lines, decoded, line, character = LOADER.split("\n"), set(), 0, 0
    for index in range(0, len(tokens.data), 5):
        delta_line, delta_start, length, kind, _ = tokens.data[index : index + 5]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        decoded.add((lines[line][character : character + length], types_legend[kind]))
    expected = [
        ("every", "keyword"), ("after", "keyword"), ("raise", "keyword"), ("500ms", "number"), ("1.5s", "number"),
        ("retryDelay", "function"), ("go", "event"),
    ]
    assert [pair for pair in expected if pair not in decoded] == []


async def test_examples_compile_clean_and_every_request_is_answered(client: LanguageClient):
    """Every example opens without errors and every request on it gets an answer. How fast is measured
    by Tests/LSP/bench_lsp.py (docs/Performance.md), not asserted here: a shared CI machine's timing is
    not the server's."""
    for example in EXAMPLES:
        text = example.read_text(encoding="utf-8")
        diagnostics = await open_document(client, example.name, text)
        assert [d for d in diagnostics if d.severity == 1] == [], example.name
        ident = doc(example.name)
        at = position(text, "initial", shift=9)
        requests = {
            "hover": client.text_document_hover_async(types.HoverParams(text_document=ident, position=at)),
            "definition": client.text_document_definition_async(types.DefinitionParams(text_document=ident, position=at)),
            "completion": client.text_document_completion_async(types.CompletionParams(text_document=ident, position=at)),
            "symbols": client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=ident)),
            "tokens": client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=ident)),
        }
        for name, pending in requests.items():
            assert await pending is not None, f"{example.name}: {name}"


async def test_positions_past_the_end_and_unopened_documents(client: LanguageClient, tmp_path):
    await open_document(client, "Door.fsm", DOOR)
    far = types.Position(line=10_000, character=10_000)
    assert await client.text_document_hover_async(types.HoverParams(text_document=doc("Door.fsm"), position=far)) is None
    assert await client.text_document_completion_async(
        types.CompletionParams(text_document=doc("Door.fsm"), position=types.Position(line=3, character=999))
    ) is not None
    with pytest.raises(Exception, match="not open"):
        await client.text_document_hover_async(
            types.HoverParams(text_document=doc("Never.fsm"), position=types.Position(line=0, character=0))
        )
    # A document never opened but on disk is read from there.
    on_disk = tmp_path / "Disk.fsm"
    on_disk.write_text(DOOR, encoding="utf-8")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=on_disk.as_uri()))
    )
    assert [s.name for s in symbols] == ["Door"]
    # Invalid UTF-8 on disk: no symbols, no crash.
    broken = tmp_path / "Broken.fsm"
    broken.write_bytes(b"machine M {\n initial A // \xff\xfe\n state A\n}\n")
    assert await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=broken.as_uri()))
    ) == []
    # Still serving.
    assert await client.text_document_hover_async(
        types.HoverParams(text_document=doc("Door.fsm"), position=position(DOOR, "Locked", 2))
    ) is not None
