"""What a shrink pass produces: candidates as an ordered, lazy iterable of edits.

A pass enumerates a tree and yields `Candidate`s in increasing `key` order; the driver builds
and tests them in that order and keeps the first accepted. Building is lazy (the edit is applied
to a fresh parse of the current source), so the driver can skip keys cheaply and could test a
batch of candidates in parallel while staying deterministic.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

Key = tuple[int, ...]
Edit = Callable[[ast.Module], bool]


@dataclass(frozen=True)
class Candidate:
    key: Key
    edit: Edit  # mutates a fresh tree in place; False when it does not apply there
    resume: Key | None = None  # where the pass continues after this one is accepted

    @property
    def resume_key(self) -> Key:
        return self.key if self.resume is None else self.resume


@dataclass(frozen=True)
class ShrinkPass:
    name: str
    candidates: Callable[[ast.Module], Iterator[Candidate]]
    # A finishing pass runs only once the others reach a fixed point: its candidates rarely
    # succeed, so trying them on code that coarser passes would delete anyway is waste.
    finishing: bool = False


def shrink_pass(
    name: str, *, finishing: bool = False
) -> Callable[[Callable[[ast.Module], Iterator[Candidate]]], ShrinkPass]:
    """Decorator: `@shrink_pass("drop-keywords")` turns a candidate generator into a pass."""

    def wrap(generate: Callable[[ast.Module], Iterator[Candidate]]) -> ShrinkPass:
        return ShrinkPass(name, generate, finishing)

    return wrap
