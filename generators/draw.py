"""Drawing a campaign's programs with Hypothesis: one `@given` loop over generators.programs(),
seeded by --seed, whose body hands each program to the campaign.

The example database (--db) holds the choice sequences of failing programs under this test's
key. Hypothesis replays them first in the next run (its reuse phase); since the body itself never
fails, Hypothesis then drops each entry, and the campaign saves it again if it still fails, so
the database keeps exactly the failures that still reproduce.
"""

from __future__ import annotations

from collections.abc import Callable

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis.control import current_build_context
from hypothesis.database import DirectoryBasedExampleDatabase, choices_to_bytes

import generators
from generators.ir import Program

DATABASE_KEY = b"parity.fuzz.programs"
Offer = Callable[[Program, tuple], None]


class StopDrawing(BaseException):
    """Raised by the body to end the loop: a BaseException, so Hypothesis neither records it as
    a failure nor saves the example."""


class Redraw(BaseException):
    """Raised by the body when what to avoid has changed: the loop goes on with a new strategy
    (and a new seed, so the stream stays fixed by --seed and by what was learned)."""


class Drawer:
    def __init__(self, features, seed: int, db: str | None):
        self.features = features
        self.strategy = generators.programs(features)
        self.seed = seed
        self.database = DirectoryBasedExampleDatabase(db) if db else None
        self.key = DATABASE_KEY
        self._last: tuple = ()
        self.replays = len(list(self.database.fetch(self.key))) if self.database else 0

    def run(self, offer: Offer) -> None:
        """Call offer(program, choices) for each drawn program until it raises StopDrawing;
        a Redraw restarts the loop with the strategy set by `avoid` meanwhile."""
        for restart in range(1_000_000):
            test = self._test(offer, self.seed * 1_000_003 + restart, replay=restart == 0)
            try:
                test()
            except StopDrawing:
                self._forget(self._last)
                return
            except Redraw:
                self._forget(self._last)
            # Hypothesis finished (max_examples, or an exhausted small space): draw on, reseeded.

    def avoid(self, ops: frozenset[str], features: frozenset[str]) -> None:
        """Draw these ops and features rarely from the next restart on."""
        self.strategy = generators.programs(self.features, ops, features)

    def save(self, choices: tuple) -> None:
        """Keep a failing program's choice sequence for the next run's replay."""
        if self.database is not None and choices:
            self.database.save(self.key, choices_to_bytes(choices))

    def _forget(self, choices: tuple) -> None:
        # Hypothesis files the example that raised StopDrawing as a failure: it was not one.
        if self.database is not None and choices:
            self.database.delete(self.key, choices_to_bytes(choices))

    def _test(self, offer: Offer, seed: int, replay: bool = True):
        # The database is replayed once, at the start; later restarts only generate.
        phases = (Phase.reuse, Phase.generate) if replay else (Phase.generate,)
        config = settings(
            database=self.database, max_examples=10**9, deadline=None,
            phases=phases, suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet, report_multiple_bugs=False, print_blob=False,
        )

        def body(program: Program) -> None:
            self._last = _choices()
            offer(program, self._last)

        # settings go on last: @seed alone would switch the database off.
        test = config(hypothesis.seed(seed)(given(self.strategy)(body)))
        # Hypothesis's own hook for a fixed key (what `find` sets): one key for every run.
        test._hypothesis_internal_database_key = self.key
        return test


def _choices() -> tuple:
    try:
        return tuple(current_build_context().data.choices)
    except Exception:  # a Hypothesis without this internal: the campaign runs without replay
        return ()
