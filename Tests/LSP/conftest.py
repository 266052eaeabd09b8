"""Shared set-up of the end-to-end tests: where fsmc and the repository are, and documents."""

import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
FSMC = os.environ.get("FSMC", str(ROOT / ".build" / "debug" / "fsmc"))
EXAMPLES = sorted(ROOT.glob("examples/*/*.fsm"))


def uri(name: str) -> str:
    """A URI for a document that exists only in the editor (never on disk)."""
    return f"file:///nonexistent-fsmc-test/{name}"
