"""Probing what a campaign absorbed: a failing program counted into a shrunk finding only
because it contains the finding's constructs may be another bug of the same shrink key (a
small core, such as `is` between two fresh objects, is contained in many programs that fail
for another reason). While the shrinking thread has nothing else to do, such a program is
shrunk in its turn (a probe): shrunk to the same bug, it stays where it was counted; shrunk
to another finding's bug, its count moves there; otherwise it becomes a finding of its own.

A finding keeps a few candidates, the most different from its core first; it is no longer
probed once MERGED_IN_A_ROW probes in a row came back to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from oracle.app import buckets
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

if TYPE_CHECKING:
    from oracle.app.campaign import Finding

KEPT = 4             # candidates waiting per finding
MERGED_IN_A_ROW = 3  # probes in a row shrunk back to a finding: stop probing it


@dataclass
class Candidate:
    difference: tuple[int, int]  # (said otherwise, constructs beyond the core): larger first
    result: Result
    source: str
    choices: tuple
    start: str | None = None     # shrunk so far by a probe that gave way (fails alike)


class Probes:
    """The candidates of each finding (kept on the finding) and what probing showed."""

    def __init__(self):
        self.run = self.merged = self.moved = self.split = 0

    def offer(self, home: Finding, result: Result, source: str, choices: tuple,
              have: frozenset[str], start: str | None = None) -> None:
        """`home` counted this program only by containing its constructs."""
        if home.known is not None or home.structure is None or home.core is None \
                or home.probe_streak >= MERGED_IN_A_ROW or result.verdict is Verdict.TIMEOUT:
            return
        said = int(said_shape(result) != said_shape(home.result))
        candidate = Candidate((said, len(have - home.core)), result, source, choices, start)
        home.candidates.append(candidate)
        home.candidates.sort(key=lambda c: c.difference, reverse=True)
        del home.candidates[KEPT:]

    def take(self, findings) -> tuple[Finding, Candidate] | None:
        """The next program to probe: of the finding probed least successfully so far, its
        most different candidate."""
        waiting = [f for f in findings if f.candidates and f.probe_streak < MERGED_IN_A_ROW]
        if not waiting:
            return None
        home = min(waiting, key=lambda f: (f.probe_streak, -f.candidates[0].difference[0],
                                           -f.candidates[0].difference[1]))
        self.run += 1
        return home, home.candidates.pop(0)

    def give_back(self, home: Finding, probe: Finding, shrunk_so_far: str) -> None:
        """A probe interrupted before it was shrunk: its program waits again, to be shrunk
        on from where it was."""
        self.run -= 1
        have = buckets.constructs(probe.source)
        self.offer(home, probe.result, probe.source, probe.choices, have, shrunk_so_far)

    def came_back(self, home: Finding, moved: bool) -> None:
        """The probe shrank to a known finding's bug: `home`'s, or (moved) another's."""
        self.merged += 1
        self.moved += int(moved)
        home.probe_streak += 1
        if home.probe_streak >= MERGED_IN_A_ROW:
            home.candidates.clear()

    def split_off(self, home: Finding) -> None:
        self.split += 1
        home.probe_streak = 0

    def summary(self) -> dict:
        return {"run": self.run, "merged": self.merged, "moved": self.moved,
                "split": self.split}


def said_shape(result: Result) -> str:
    """What the subject raised, names' numbers and the place abstracted; "" for a wrong value
    (its message names values, which differ from program to program)."""
    if result.verdict not in (Verdict.CRASH, Verdict.MISMATCH_EXCEPTION):
        return ""
    return buckets.said_of(result.message)
