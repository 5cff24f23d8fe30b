"""Shrinking a failing program file with the AST reducer (generators.shrink), each candidate
checked in the worker pool against the subject, kept only if it fails the same way.

"The same way" (keeps_the_bug): the same shrink key — verdict, subject, the output path cut to
its root (`out[2].x` -> `out`, so that narrowing a returned tuple is progress) with what
differs there (value, stride, requires_grad ...), or the exception type with where it came
from — and an eager run that raises nothing the original's did not. A hang is re-checked under
a short limit, and a candidate only counts as hanging if it also finishes eagerly: otherwise
the reducer could slide onto `while True: pass`. Candidates run on anything with `run(tasks)`
and `size`: the worker pool itself, or a campaign's share of it.
"""

from __future__ import annotations

import itertools
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generators.shrink import Progress, ShrinkError, ShrinkResult, measure, reduce
from oracle.app.pool import Task, WorkerPool
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

HANG_LIMIT = 0.75  # seconds per attempt while shrinking a timeout (programs run in ms)
IDENTITY = "oracle.app.shrinking:identity"
_PATH_ROOT = re.compile(r"^(out|args|kwargs|[GC]\[[^\]]*\])")


def shrink_key(result: Result) -> str:
    """The signature a reduction must keep; also the first half of how a campaign tells bugs
    apart (the second is the shrunk program's structure, oracle/app/buckets.py)."""
    detail = result.detail
    if result.verdict in (Verdict.MISMATCH_VALUE, Verdict.MISMATCH_MUTATION):
        root = _PATH_ROOT.match(detail)
        detail = root.group(1) if root else detail
        detail = detail[:1] if detail[:2] in ("G[", "C[") else detail  # names are arbitrary
        if result.aspect:
            detail = f"{detail}:{result.aspect}"
    elif result.origin and result.verdict in _RAISED:
        detail = f"{detail}@{result.origin}"
    return f"{result.verdict}:{result.name or result.subject}:{detail}"


_RAISED = (Verdict.CRASH, Verdict.MISMATCH_EXCEPTION)


def keeps_the_bug(original: Result, candidate: Result) -> bool:
    """A candidate fails the same way: the same shrink key, and eager still behaves alike —
    it raises no exception type the original's eager run did not (a program eager could run
    must not become one eager rejects: a NameError, a TypeError from a dropped argument)."""
    if shrink_key(candidate) != shrink_key(original):
        return False
    allowed = set(original.eager)
    return all(outcome in allowed or outcome == "returned" for outcome in candidate.eager)


class _Identity:
    """The program itself, uncompiled: tells a hang of the subject from a hang of the program."""

    name = "identity"

    def compile(self, fn):
        return fn

    def stats(self, compiled) -> dict | None:
        return None

    def reset(self) -> None:
        pass


def identity() -> _Identity:
    return _Identity()


class Interrupted(Exception):
    """Raised by a predicate when the caller asked to stop; the reduction keeps its best."""


@dataclass
class Shrunk:
    source: str            # the smallest failing program found (normalised)
    key: str
    result: ShrinkResult | None  # None when interrupted before the reducer returned
    attempts: int
    seconds: float
    last: Result | None    # the final program's check, for its message


class PoolPredicate:
    """Answers "does each candidate still fail with `key`?" a batch at a time, in the pool."""

    def __init__(self, pool: WorkerPool, spec: str, original: Result, work: Path,
                 should_stop: Callable[[], bool] = lambda: False):
        self.pool, self.spec, self.original, self.work = pool, spec, original, work
        key = self.key = shrink_key(original)
        self.hang = key.startswith(f"{Verdict.TIMEOUT}:")
        self.should_stop = should_stop
        self.counter = itertools.count()
        self.results: dict[str, Result] = {}

    def __call__(self, sources: Sequence[str]) -> list[bool]:
        if self.should_stop():
            raise Interrupted
        paths = []
        for source in sources:
            path = self.work / f"candidate_{next(self.counter)}.py"
            path.write_text(source)
            paths.append(str(path))
        limit = HANG_LIMIT if self.hang else None
        tasks = [Task(p, self.spec, limit) for p in paths]
        if self.hang:
            tasks += [Task(p, IDENTITY, limit) for p in paths]
        found = {(r.program, r.subject): r for r in self.pool.run(tasks)}
        answers = []
        for source, path in zip(sources, paths, strict=True):
            result = found[(path, self.spec)]
            ok = keeps_the_bug(self.original, result)
            if ok and self.hang:
                ok = found[(path, IDENTITY)].verdict not in (Verdict.TIMEOUT, Verdict.INVALID)
            if ok:
                self.results[source] = result
            answers.append(ok)
            Path(path).unlink(missing_ok=True)
        return answers


def shrink(source: str, spec: str, original: Result, pool: WorkerPool, budget: float,
           should_stop: Callable[[], bool] = lambda: False,
           on_progress: Callable[[Progress], None] | None = None) -> Shrunk:
    """Reduce `source` while it fails under `spec` as `original` did (keeps_the_bug)."""
    work = Path(tempfile.mkdtemp(prefix="parity-shrink-"))
    predicate = PoolPredicate(pool, spec, original, work, should_stop)
    best = [source]

    def progress(step: Progress) -> None:
        best[0] = step.source
        if on_progress is not None:
            on_progress(step)

    try:
        result = reduce(source, lambda s: predicate([s])[0], budget_seconds=budget,
                        on_progress=progress, batch_predicate=predicate,
                        batch_size=pool.size)
        final, attempts, seconds = result.source, result.attempts, result.seconds
    except Interrupted:
        result, final = None, best[0]
        attempts, seconds = next(predicate.counter), 0.0
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Shrunk(final, predicate.key, result, attempts, seconds,
                  predicate.results.get(final))


def size_line(label: str, source: str) -> str:
    size = measure(source)
    return f"{label}: {size.lines} lines, {size.nodes} AST nodes"


__all__ = ["Interrupted", "PoolPredicate", "ShrinkError", "Shrunk", "identity", "keeps_the_bug",
           "shrink", "shrink_key", "size_line"]
