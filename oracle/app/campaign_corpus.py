"""A campaign's corpus of program files: what it replays before it draws (`parity fuzz
--corpus PATH`), and what a campaign that measures coverage writes (OUT/corpus/).

Replayed programs are checked and judged like drawn ones: a failing one is a finding, shrunk
and reported like any other. They have no choice sequence, so nothing of them goes to the
example database. The replay takes at most REPLAY_SHARE of the budget, so drawing always gets
its part; shards deal the files among themselves round-robin, as they deal drawn programs.

A campaign that measures its subject's frontend (--coverage, --guided) writes each drawn program
that reached a branch no program had reached before as OUT/corpus/NNNNN.py, in the order found:
the earliest reach the most. Given as the next campaign's --corpus, it makes that campaign
start where this one ended; `corpora/coverage/` is such a corpus, kept in the repository.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from oracle.app.arguments import UsageError, program_files

REPLAY_SHARE = 0.5
FOLDER = "corpus"


@dataclass(frozen=True)
class CorpusProgram:
    """A program file of the corpus, in the shape of a drawn program."""
    source: str
    path: Path


def corpus_files(paths: list[str]) -> list[Path]:
    """The program files under `paths` (files, or folders searched for *.py), each once, in
    the order given (a folder's sorted by name)."""
    try:
        found = program_files(paths)
    except UsageError as exc:
        raise UsageError(f"--corpus: {exc}") from None
    return list(dict.fromkeys(Path(f) for f in found))


def share(files: list[Path], shard: tuple[int, int]) -> list[Path]:
    """Shard I of N replays files I, I+N, I+2N ..."""
    index, count = shard
    return files[index::count]


def read(path: Path) -> CorpusProgram | None:
    """The file as a program; None when it cannot be read (gone, or not text)."""
    try:
        return CorpusProgram(path.read_text(), path)
    except (OSError, UnicodeDecodeError):
        return None


class CorpusWriter:
    """Writes the programs that reached a branch first into OUT/corpus/, each once."""

    def __init__(self, out: Path):
        self.folder = out / FOLDER
        self.written: set[str] = set()

    def keep(self, program_path: str, source: str) -> None:
        if program_path in self.written:
            return
        self.written.add(program_path)
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / f"{len(self.written):05d}.py").write_text(source)

    @property
    def count(self) -> int:
        return len(self.written)
