"""What a campaign learns a subject does not support, so that drawing goes around it.

A subject that declines an op (a NotImplementedError, a fallback), or crashes on it, at the
first call hides every later call and deeper feature of the programs that use it. Per
subject, each op and feature is scored by how often the programs using it were declined or
crashed; one that is nearly always (or that the subject's own message names) is learned, and
the campaign draws it rarely from then on — only where every subject is blocked by it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

MIN_SEEN = 10         # programs using an op before its rate counts
DECLINED_RATE = 0.85  # share of those declined that marks it unsupported
NAMED_AFTER = 2       # declined programs whose message names the op, enough on their own


@dataclass
class _Tally:
    seen: Counter = field(default_factory=Counter)
    declined: Counter = field(default_factory=Counter)
    named: Counter = field(default_factory=Counter)
    learned: dict[str, str] = field(default_factory=dict)  # name -> why


class Learner:
    def __init__(self, subjects: list[str]):
        self.tallies = {s: _Tally() for s in subjects}
        self.version = 0  # bumped whenever the avoided set changes

    def observe(self, subject: str, ops: frozenset[str], features: frozenset[str],
                declined: str | None) -> None:
        """One program's result for one subject; `declined` is the subject's message, if any."""
        tally = self.tallies.setdefault(subject, _Tally())
        names = {f"op:{o}" for o in ops} | {f"feature:{f}" for f in features}
        for name in names:
            tally.seen[name] += 1
            if declined is not None:
                tally.declined[name] += 1
                if name.startswith("op:") and _names(declined, name[3:]):
                    tally.named[name] += 1
        if declined is None:
            return  # a program that was not declined teaches nothing new to learn
        before = self.avoided()
        learned = [name for name in names if self._judge(tally, name)]
        if learned and self.avoided() != before:
            self.version += 1

    def _judge(self, tally: _Tally, name: str) -> bool:
        """Learn `name` if its record now says so; True when newly learned."""
        if name in tally.learned:
            return False
        seen, declined = tally.seen[name], tally.declined[name]
        if tally.named[name] >= NAMED_AFTER:
            tally.learned[name] = f"named in {tally.named[name]} of its messages"
        elif seen >= MIN_SEEN and declined / seen >= DECLINED_RATE:
            tally.learned[name] = f"declined in {declined} of {seen} programs"
        return name in tally.learned

    def avoided(self) -> tuple[frozenset[str], frozenset[str]]:
        """(ops, features) that every subject declines."""
        sets = [set(t.learned) for t in self.tallies.values()]
        common = set.intersection(*sets) if sets else set()
        ops = frozenset(n[3:] for n in common if n.startswith("op:"))
        features = frozenset(n[8:] for n in common if n.startswith("feature:"))
        return ops, features

    def report(self) -> dict[str, dict[str, str]]:
        return {subject: dict(sorted(t.learned.items())) for subject, t in self.tallies.items()}


def _names(message: str, op: str) -> bool:
    word = op.rsplit(".", 1)[-1].strip("_")
    return len(word) > 2 and re.search(rf"\b_*{re.escape(word)}_*\b", message) is not None
