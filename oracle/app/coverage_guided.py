"""Coverage-guided campaigns (`parity fuzz --guided`; `--coverage` only measures).

Each program's check runs under a branch tracer of its subject's frontend in the worker
(oracle/app/branch_tracer.py): `compiler` for ours, `torch._dynamo` for torch subjects, the package
given by --coverage-of for any other. The campaign merges the branches reported into one map per
package and records the total over time (summary.json, summary.md and coverage.png).

Guidance is a corpus stage: a program that reached a branch no program reached before is kept
(its choice sequence, also saved in the example database under its own key, so the next run with
that database starts from it), and for every fresh draw the drawer also draws MUTANTS_PER_DRAW
programs re-drawn around kept ones: a few bytes of a statement changed, a statement copied from
another kept program, one duplicated or dropped, or the tail of the sequence drawn afresh. Kept
programs that keep paying off are picked more often. (Hypothesis's `target()` does not fit: its
targeting runs only after the generate phase, which a campaign never leaves, and the score of a
program is known only after the workers have checked it, while the next ones are drawn.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis.database import choices_from_bytes, choices_to_bytes

from generators.draw import Drawer, Offer, Redraw, StopDrawing

CORPUS_KEY = b"parity.fuzz.corpus"
MUTANTS_PER_DRAW = 1
MUTANT_TRIES = 4
TIMELINE_EVERY = 1.0      # seconds between two recorded points (each change, at most)
FRONTENDS = {"ours": "compiler", "torch": "torch._dynamo"}


def frontend_of(spec: str) -> str | None:
    """The package whose branches measure a subject's frontend; None for user subjects."""
    return FRONTENDS.get(spec.partition("?")[0].partition(":")[0])


@dataclass
class Kept:
    choices: tuple
    new: int          # branches it reached first
    picks: int = 0    # mutants drawn from it
    paid: int = 0     # of which reached new branches themselves

    def weight(self) -> float:
        return (1.0 + self.new + 4.0 * self.paid) / (1.0 + self.picks)


class Corpus:
    def __init__(self, rnd: random.Random):
        self.random = rnd
        self.kept: list[Kept] = []

    def add(self, choices: tuple, new: int) -> None:
        if choices:
            self.kept.append(Kept(choices, new))

    def pick(self) -> Kept | None:
        if not self.kept:
            return None
        return self.random.choices(self.kept, [k.weight() for k in self.kept])[0]

    def mutate(self, choices: tuple) -> tuple:
        """One to three edits of a choice sequence; what no longer fits the strategy is drawn
        anew (Hypothesis treats a misaligned prefix that way)."""
        out = list(choices)
        for _ in range(self.random.randint(1, 3)):
            out = self.random.choice(_EDITS)(self, out)
        return tuple(out)

    # -- edits -----------------------------------------------------------------------------
    def _blobs(self, choices: list) -> list[int]:
        return [i for i, c in enumerate(choices) if isinstance(c, bytes) and c]

    def _change_bytes(self, choices: list) -> list:
        blobs = self._blobs(choices)
        if not blobs:
            return choices
        i = self.random.choice(blobs)
        blob = bytearray(choices[i])
        for _ in range(self.random.randint(1, 2)):
            blob[self.random.randrange(len(blob))] = self.random.randrange(256)
        choices[i] = bytes(blob)
        return choices

    def _splice(self, choices: list) -> list:
        blobs, other = self._blobs(choices), self.pick()
        if not blobs or other is None:
            return choices
        i = self.random.choice(blobs)
        same = [c for c in other.choices if isinstance(c, bytes) and len(c) == len(choices[i])]
        if same:
            choices[i] = self.random.choice(same)
        return choices

    def _statements(self, choices: list) -> list[int]:
        """Where a list element follows its `more` flag (True, then the element's bytes)."""
        return [i for i in range(len(choices) - 1)
                if choices[i] is True and isinstance(choices[i + 1], bytes)]

    def _duplicate(self, choices: list) -> list:
        places = self._statements(choices)
        if places:
            i = self.random.choice(places)
            j = self.random.choice(places)
            choices[j:j] = choices[i:i + 2]
        return choices

    def _drop(self, choices: list) -> list:
        places = self._statements(choices)
        if places:
            i = self.random.choice(places)
            del choices[i:i + 2]
        return choices

    def _regrow(self, choices: list) -> list:
        return choices[:self.random.randrange(len(choices) + 1)]


_EDITS = (Corpus._change_bytes, Corpus._change_bytes, Corpus._splice, Corpus._duplicate,
          Corpus._drop, Corpus._regrow)


def draw_from(strategy, prefix: tuple, rnd: random.Random):
    """(program, choices) drawn with `prefix` first and random choices after it; None when the
    draw fails (the strategy rejects it or runs over)."""
    from hypothesis.control import BuildContext
    from hypothesis.errors import StopTest
    from hypothesis.internal.conjecture.data import ConjectureData

    data = ConjectureData(random=rnd, prefix=prefix)
    try:
        with BuildContext(data, wrapped_test=lambda: None):
            program = data.draw(strategy)
        data.freeze()
    except (Exception, StopTest):
        return None
    return program, tuple(data.choices)


class GuidedDrawer(Drawer):
    """A Drawer whose every fresh draw is followed by programs re-drawn around kept ones."""

    def __init__(self, features, seed: int, db: str | None, mutants: int = MUTANTS_PER_DRAW):
        super().__init__(features, seed, db)
        self.random = random.Random(seed)
        self.corpus = Corpus(self.random)
        self.mutants = mutants
        self.parents: dict[tuple, Kept] = {}   # mutant choices -> the kept program it came from
        self.offered: set[int] = set()          # hashes of the mutants' sources
        self.stored = [choices_from_bytes(b) for b in self.database.fetch(CORPUS_KEY)] \
            if self.database is not None else []
        self.stored = [c for c in self.stored if c]

    def run(self, offer: Offer) -> None:
        for choices in sorted(self.stored, key=len):  # last run's kept programs, checked again
            drawn = draw_from(self.strategy, choices, self.random)
            if drawn is None:
                continue
            try:
                offer(*drawn)
            except StopDrawing:
                return
            except Redraw:
                pass

        def guided(program, choices: tuple) -> None:
            self.offered.add(hash(program.source))
            offer(program, choices)
            for _ in range(self.mutants if self.corpus.kept else 0):
                drawn = self._mutant()
                if drawn is not None:
                    offer(*drawn)

        super().run(guided)

    def _mutant(self):
        """A program re-drawn around a kept one, unlike any offered before (a few tries)."""
        for _ in range(MUTANT_TRIES):
            parent = self.corpus.pick()
            parent.picks += 1
            drawn = draw_from(self.strategy, self.corpus.mutate(parent.choices), self.random)
            if drawn is not None and hash(drawn[0].source) not in self.offered:
                self.offered.add(hash(drawn[0].source))
                self.parents[drawn[1]] = parent
                return drawn
        return None

    def kept(self, choices: tuple, new: int) -> None:
        """A program reached `new` branches first: keep it, and credit its parent."""
        parent = self.parents.pop(choices, None)
        if parent is not None:
            parent.paid += 1
        self.corpus.add(choices, new)
        if self.database is not None and choices:
            self.database.save(CORPUS_KEY, choices_to_bytes(choices))

    def checked(self, choices: tuple) -> None:
        self.parents.pop(choices, None)
