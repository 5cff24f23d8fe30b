"""The reduction loop: run the passes, top-down, to a fixed point, asking the injected
predicate about each valid candidate, caching answers by normalised source.
"""

from __future__ import annotations

import ast
import enum
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generators.shrink import skeleton
from generators.shrink.candidates import Candidate, Key, ShrinkPass
from generators.shrink.ddmin import delete_statements
from generators.shrink.measure import Size, measure, normalise
from generators.shrink.passes_calls import inline_helpers
from generators.shrink.passes_expressions import (
    drop_arguments,
    narrow_returns,
    replace_with_constants,
    replace_with_operands,
    simplify_dtypes,
)
from generators.shrink.passes_literals import shrink_numbers, shrink_shapes
from generators.shrink.passes_parameters import drop_unused_parameters
from generators.shrink.passes_statements import (
    inline_variables,
    lift_compound_statements,
    remove_dead_code,
)

Predicate = Callable[[str], bool]
BatchPredicate = Callable[[Sequence[str]], Sequence[bool]]

# Coarse to fine: whole statements before sub-expressions before literals.
PASSES: tuple[ShrinkPass, ...] = (
    remove_dead_code,
    narrow_returns,
    delete_statements,
    lift_compound_statements,
    inline_helpers,
    drop_unused_parameters,
    replace_with_operands,
    inline_variables,
    drop_arguments,
    shrink_shapes,
    shrink_numbers,
    simplify_dtypes,
    replace_with_constants,
)


class ShrinkError(ValueError):
    """The input cannot be reduced: it does not parse, or the predicate rejects it."""


@dataclass
class PassStats:
    attempts: int = 0  # predicate calls (cache misses)
    accepted: int = 0
    invalid: int = 0  # candidates that did not compile or lost part of the skeleton


class ShrinkStop(enum.StrEnum):
    """Why a reduction ended: no pass changed the program any more, or time ran out."""

    FIXED_POINT = "fixed point"
    BUDGET = "budget"


@dataclass(frozen=True)
class ShrinkResult:
    source: str
    before: Size
    after: Size
    attempts: int
    accepted: int
    seconds: float
    passes: dict[str, PassStats]
    stopped: ShrinkStop

    def as_dict(self) -> dict:
        return {
            "before": self.before.as_dict(),
            "after": self.after.as_dict(),
            "attempts": self.attempts,
            "accepted": self.accepted,
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
            "passes": {name: vars(stats) for name, stats in self.passes.items()},
        }


@dataclass(frozen=True)
class Progress:
    pass_name: str
    source: str
    attempts: int
    accepted: int
    seconds: float


@dataclass
class Reduction:
    current: str
    batch: BatchPredicate
    batch_size: int
    deadline: float
    on_progress: Callable[[Progress], None] | None = None
    required: frozenset[str] = frozenset()
    cache: dict[str, bool] = field(default_factory=dict)
    visited: set[str] = field(default_factory=set)
    stats: dict[str, PassStats] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    def out_of_time(self) -> bool:
        return time.perf_counter() >= self.deadline

    def run(self, passes: Sequence[ShrinkPass]) -> ShrinkStop:
        for shrink_pass in passes:
            self.stats.setdefault(shrink_pass.name, PassStats())
        main = [p for p in passes if not p.finishing]
        finishing = [p for p in passes if p.finishing]
        while True:
            changed = False
            for shrink_pass in main if main else finishing:
                changed |= self.run_pass(shrink_pass)
                if self.out_of_time():
                    return ShrinkStop.BUDGET
            if changed:
                continue
            for shrink_pass in finishing if main else []:
                changed |= self.run_pass(shrink_pass)
                if self.out_of_time():
                    return ShrinkStop.BUDGET
            if not changed:
                return ShrinkStop.FIXED_POINT

    def run_pass(self, shrink_pass: ShrinkPass) -> bool:
        """Sweep once; after an accepted candidate continue from its resume key."""
        cursor: Key = ()
        changed = False
        while not self.out_of_time():
            found = self.first_accepted(shrink_pass, cursor)
            if found is None:
                break
            self.current, cursor = found
            changed = True
            self.report(shrink_pass)
        return changed

    def first_accepted(self, shrink_pass: ShrinkPass, cursor: Key) -> tuple[str, Key] | None:
        stats = self.stats[shrink_pass.name]
        pending: list[tuple[str, Candidate]] = []
        for candidate in shrink_pass.candidates(ast.parse(self.current)):
            if candidate.key < cursor:
                continue
            source = self.build(candidate, stats)
            if source is None or self.cache.get(source) is False:
                continue
            pending.append((source, candidate))
            if len(pending) >= self.batch_size or source in self.cache:
                hit = self.evaluate(pending, stats)
                if hit is not None or self.out_of_time():
                    return hit
                pending = []
        return self.evaluate(pending, stats)

    def build(self, candidate: Candidate, stats: PassStats) -> str | None:
        """The candidate's normalised source, or None if it is no change or not valid."""
        tree = ast.parse(self.current)
        try:
            if not candidate.edit(tree):
                return None
            source = ast.unparse(ast.fix_missing_locations(tree))
        except (SyntaxError, ValueError, TypeError, AttributeError, IndexError):
            return None
        if source == self.current:
            return None
        if source in self.cache:
            return source
        if not self.valid(source):
            stats.invalid += 1
            self.cache[source] = False
            return None
        return source

    def valid(self, source: str) -> bool:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # `0[1]` warns; the predicate will reject it
                tree = ast.parse(source)
                compile(tree, "<candidate>", "exec")
        except (SyntaxError, ValueError):
            return False
        return skeleton.features(tree) >= self.required

    def evaluate(self, pending: list[tuple[str, Candidate]], stats: PassStats):
        """Ask about the uncached candidates together; the first accepted in order wins."""
        unknown = list(dict.fromkeys(s for s, _ in pending if s not in self.cache))
        if unknown and self.out_of_time():
            return None
        if unknown:
            stats.attempts += len(unknown)
            for source, verdict in zip(unknown, self.batch(unknown), strict=True):
                self.cache[source] = bool(verdict)
        for source, candidate in pending:
            if self.cache[source] and source not in self.visited:
                self.visited.add(source)  # never return to an earlier state: no cycles
                stats.accepted += 1
                return source, candidate.resume_key
        return None

    def report(self, shrink_pass: ShrinkPass) -> None:
        if self.on_progress is None:
            return
        total = self.stats.values()
        self.on_progress(
            Progress(
                pass_name=shrink_pass.name,
                source=self.current,
                attempts=sum(s.attempts for s in total),
                accepted=sum(s.accepted for s in total),
                seconds=time.perf_counter() - self.started,
            )
        )


def reduce(
    source: str,
    is_interesting: Predicate,
    *,
    budget_seconds: float = 60.0,
    on_progress: Callable[[Progress], None] | None = None,
    passes: Sequence[ShrinkPass] = PASSES,
    batch_predicate: BatchPredicate | None = None,
    batch_size: int = 1,
) -> ShrinkResult:
    """Shrink `source` while `is_interesting(candidate_source)` holds.

    `batch_predicate`, if given, answers a list of candidates at once (e.g. in a worker pool);
    the first accepted in pass order is kept, so the result does not depend on `batch_size`.
    """
    started = time.perf_counter()
    try:
        start = normalise(source)
    except SyntaxError as error:
        raise ShrinkError(f"cannot reduce: the program does not parse ({error})") from None
    if not is_interesting(start):
        raise ShrinkError(
            "cannot reduce: the predicate rejects the program itself (after normalising it"
            " with ast.unparse); check that the failure reproduces before shrinking"
        )
    reduction = Reduction(
        current=start,
        batch=batch_predicate or (lambda sources: [is_interesting(s) for s in sources]),
        batch_size=max(1, batch_size),
        deadline=started + budget_seconds,
        on_progress=on_progress,
        required=skeleton.features(ast.parse(start)),
        cache={start: True},
        visited={start},
        started=started,
    )
    stopped = reduction.run(passes)
    return ShrinkResult(
        source=reduction.current,
        before=measure(start),
        after=measure(reduction.current),
        attempts=1 + sum(s.attempts for s in reduction.stats.values()),
        accepted=sum(s.accepted for s in reduction.stats.values()),
        seconds=time.perf_counter() - started,
        passes=reduction.stats,
        stopped=stopped,
    )
