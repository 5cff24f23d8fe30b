"""The repository explains itself: no tracked text file points at documents that live outside
it. Design notes, the program-file format, the verdicts and the shrinking measures are all in
docs/ (architecture.md, extending.md, glossary.md, verdicts.md, soundness.md)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Assembled from parts so that this file does not match itself.
FORBIDDEN = re.compile("|".join([
    re.escape("DESIGN" + ".md"),
    re.escape("SHRINKING" + ".md"),
    re.escape("STYLE" + ".md"),
    re.escape("seed-pytorch-dynamo" + "-skill"),
    re.escape("../" + "shared"),
    "Contract" + r" \d",
]))


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def _text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_no_tracked_file_points_outside_the_repository():
    found = []
    for path in tracked_text_files():
        text = _text(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if FORBIDDEN.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "references to documents outside the repository:\n" + "\n".join(found)


def test_the_pattern_catches_what_it_should():
    for text in ("see DESIGN" + ".md", "SHRINKING" + ".md's column", "Contract" + " 2 of",
                 "../" + "shared/notes", "STYLE" + ".md", "seed-pytorch-dynamo" + "-skill"):
        assert FORBIDDEN.search(text), text
    assert not FORBIDDEN.search("the contract of a backend"), "plain words are fine"


def test_the_documents_it_points_to_exist():
    for name in ("architecture.md", "extending.md", "glossary.md", "verdicts.md",
                 "soundness.md"):
        assert (ROOT / "docs" / name).is_file(), name
