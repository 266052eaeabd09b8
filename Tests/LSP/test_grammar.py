"""The TextMate grammar (grammars/fsm.tmLanguage.json) run by a TextMate engine on Oniguruma
(textmate-grammar-python with onigurumacffi): every example and a sample of every construct are
tokenized, and each name, keyword, literal, operator and comment must get the scope that matches
the semantic token `fsmc lsp` gives it. Two independent highlighters, one answer."""

import json
import logging

import pytest
from textmate_grammar.parsers.base import LanguageParser

from conftest import EXAMPLES, ROOT, RawClient, uri

GRAMMAR = json.loads((ROOT / "grammars" / "fsm.tmLanguage.json").read_text(encoding="utf-8"))

SAMPLE = """// Every construct: non-ASCII 😀 in comments, /* nested /* block */ comments */ too.
/// The sample.
machine Sample
{
    event pay(amount: Int, note: String?, ids: Set<Int>, handler: any Sendable)
    event go()
    initial Idle /* after initial */
    go -> Busy          // on the machine
    state Idle {
        entry / setLight(on: true, level: -7, ratio: 1.5, text: "a \\"b\\" \\u{1F600} é")
        pay [isValid(amount) && !(isLate || isFree(note: note))] / charge(amount), log -> push Help
        go; tick / count
    }
    state Busy { back -> pop }
    state Help { exit / hide; done -> Idle }
    final state Done
}
"""

# Version 3: timed transitions with literal and named delays, and `raise` in every kind of action list.
SAMPLE_V3 = """machine Loader {
    event go(n: Int)
    initial Idle
    after 2h / heartbeat          // on the machine
    state Idle { load -> Loading }
    state Loading {
        entry / raise go(n: 0), showSpinner
        every 500ms / updateProgress
        after 1.5s [ready && !(late)] / log(n: 1), raise go(n: 1) -> Offline
        every 10min [busy] / raise tick
        go / raise done -> Idle
        after 0s; done
    }
    state Offline {
        after retryDelay -> Loading   /* a delay requirement */
        every pollInterval / poll
        exit / raise go(n: 2)
        do / waitForNetwork(seconds: 2)
        catch [isFatal(error)] / log(error) -> Idle
        catch -> Loading
    }
}
"""

# The scope each semantic token type must get (a prefix of one of the token's scopes).
EXPECTED = {
    "keyword": ("keyword.", "storage.modifier.", "constant.language."),
    "comment": ("comment.",),
    "string": ("string.",),
    "number": ("constant.numeric.",),
    "operator": ("keyword.operator.",),
    "class": ("entity.name.type.machine.",),
    "enumMember": ("entity.name.type.state.", "variable.other.state."),
    "event": ("entity.name.function.event.",),
    "function": ("entity.name.function.guard.", "entity.name.function.delay.", "entity.name.function.activity."),
    "method": ("entity.name.function.action.",),
    "parameter": ("variable.parameter.", "variable.other.parameter."),
    "type": ("entity.name.type.",),
}


@pytest.fixture(scope="module")
def parser():
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    return LanguageParser(GRAMMAR)


def textmate_scopes(parser, text: str) -> dict:
    """(line, code point) → the scopes the TextMate engine gives that character."""
    scopes = {}
    for (line, column), content, names in parser.parse_string(text).flatten():
        for offset in range(len(content)):
            scopes[(line, column + offset)] = names
    return scopes


def semantic_tokens(text: str) -> list:
    """`fsmc lsp`'s semantic tokens, negotiated in UTF-32 so characters are code points."""
    client = RawClient()
    legend = client.request(1, "initialize", {"capabilities": {"general": {"positionEncodings": ["utf-32"]}}})
    names = legend["result"]["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
    client.send(
        {
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri("G.fsm"), "languageId": "fsm", "version": 1, "text": text}},
        }
    )
    data = client.request(2, "textDocument/semanticTokens/full", {"textDocument": {"uri": uri("G.fsm")}})["result"]["data"]
    client.request(3, "shutdown")
    client.send({"method": "exit"})
    client.finish()
    tokens, line, character = [], 0, 0
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind, _ = data[index : index + 5]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        tokens.append((line, character, length, names[kind]))
    return tokens


@pytest.mark.parametrize(
    "path", EXAMPLES + [None, "v3"], ids=[p.stem for p in EXAMPLES] + ["sample", "sample-version-3"]
)
def test_grammar_agrees_with_the_semantic_tokens(parser, path):
    text = SAMPLE if path is None else SAMPLE_V3 if path == "v3" else path.read_text(encoding="utf-8")
    scopes = textmate_scopes(parser, text)
    tokens = semantic_tokens(text)
    assert len(tokens) > 20
    lines = text.split("\n")
    mismatches = []
    for line, character, length, kind in tokens:
        for at in (character, character + length - 1):  # both ends of the token
            names = scopes.get((line, at), [])
            if not any(name.startswith(prefix) for name in names for prefix in EXPECTED[kind]):
                word = lines[line][character : character + length]
                mismatches.append(f"{line + 1}:{at + 1} '{word}' is {kind} for fsmc lsp but {names} for the grammar")
    assert mismatches == [], "\n".join(mismatches)


def test_the_grammar_is_not_vacuous(parser):
    scopes = textmate_scopes(parser, SAMPLE)
    # Plain punctuation gets no specific scope: the checks above could fail.
    line = SAMPLE.split("\n").index("{")
    assert scopes[(line, 0)] == ["source.fsm"]


def test_version_3_keywords_and_durations_get_their_scopes(parser):
    """What the comparison above cannot show on its own: the scope of each new token, `do` and
    `catch` and the activity's name included."""
    text = "machine M {\n state A {\n do / fetch\n catch -> A\n every 1.5s / raise go\n after retryDelay -> A\n }\n}\n"
    scopes = textmate_scopes(parser, text)
    lines = text.split("\n")

    def scope_of(word, line):
        return scopes[(line, lines[line].index(word))]

    for word, line in [("do", 2), ("catch", 3), ("every", 4), ("raise", 4), ("after", 5)]:
        assert any(name.startswith("keyword.") for name in scope_of(word, line)), (word, scope_of(word, line))
    assert "constant.numeric.duration.fsm" in scope_of("1.5s", 4)
    assert "constant.numeric.duration.fsm" in scopes[(4, lines[4].index("1.5s") + 3)]  # the unit too
    assert "entity.name.function.event.fsm" in scope_of("go", 4)
    assert "entity.name.function.delay.fsm" in scope_of("retryDelay", 5)
    assert "entity.name.function.activity.fsm" in scope_of("fetch", 2)
