"""The branches a campaign's programs reached, per measured package, and their total over time
(oracle/app/coverage_guided.py): what summary.json, summary.md and coverage.png show.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from oracle.app.branch_tracer import BranchLines
from oracle.app.coverage_guided import TIMELINE_EVERY

PLOT_NAME = "coverage.png"


@dataclass
class BranchMap:
    packages: dict[str, str]           # subject spec -> measured package
    guided: bool
    reached: dict[str, set] = field(default_factory=dict)   # package -> branches
    arcs: dict[str, set] = field(default_factory=dict)      # file -> arcs seen (all kinds)
    lines: BranchLines = field(default_factory=BranchLines)
    timeline: list[tuple[float, int, int]] = field(default_factory=list)  # s, programs, total
    new_programs: int = 0              # programs that reached a branch first

    def add(self, spec: str, arcs: frozenset, seconds: float, programs: int) -> int:
        """Merge the arcs one result reports; how many branches nobody had reached."""
        package = self.packages.get(spec)
        if package is None or not arcs:
            return 0
        fresh: dict[str, set] = {}
        for path, a, b in arcs:
            if (a, b) not in self.arcs.setdefault(path, set()):
                fresh.setdefault(path, set()).add((a, b))
        have = self.reached.setdefault(package, set())
        before = len(have)
        for path, pairs in fresh.items():
            self.arcs[path] |= pairs
            have.update((path, a, b) for a, b in self.lines.branches(path, pairs))
        new = len(have) - before
        if new:
            self.new_programs += 1
            self.mark(seconds, programs)
        return new

    @property
    def total(self) -> int:
        return sum(len(b) for b in self.reached.values())

    def mark(self, seconds: float, programs: int) -> None:
        """Record the total now; growth within TIMELINE_EVERY of the last point replaces it."""
        point = (round(seconds, 2), programs, self.total)
        if self.timeline and seconds - self.timeline[-1][0] < TIMELINE_EVERY:
            self.timeline[-1] = point
        else:
            self.timeline.append(point)

    def summary(self, seconds: float, programs: int) -> dict:
        """What summary.json shows; the timeline ends at `seconds`."""
        end = [(round(seconds, 2), programs, self.total)]
        if self.timeline and self.timeline[-1][0] >= end[0][0]:
            end = []
        return {"guided": self.guided, "packages": dict(self.packages),
                "branches": {p: len(b) for p, b in sorted(self.reached.items())},
                "total": self.total, "new_branch_programs": self.new_programs,
                "timeline": [list(p) for p in self.timeline + end], "plot": PLOT_NAME}


def markdown(data: dict) -> list[str]:
    mode = "guided" if data["guided"] else "measured, not guided"
    reached = ", ".join(f"{p} {n}" for p, n in data["branches"].items()) or "none"
    lines = ["", f"## Frontend branch coverage ({mode})", "",
             f"Branches reached: {reached} (total {data['total']}); "
             f"{data['new_branch_programs']} programs reached a branch first"
             f"{'; kept in corpus/' if data.get('kept') else ''}.", "",
             f"![branches reached over time]({data['plot']})", "",
             "| seconds | programs | branches |", "|---|---|---|"]
    shown = data["timeline"]
    step = max(1, len(shown) // 12)
    picked = shown[::step] + ([shown[-1]] if shown and (len(shown) - 1) % step else [])
    lines += [f"| {s} | {p} | {b} |" for s, p, b in picked]
    return lines


def write_plot(folder: Path, data: dict) -> None:
    from oracle.app.coverage_plot import Series, png

    points = [(s, b) for s, _, b in data["timeline"]]
    if points:
        label = "guided" if data["guided"] else "unguided"
        write_bytes_atomically(folder / PLOT_NAME, png([Series(label, points)]))


def write_bytes_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f"{path.name}.tmp{os.getpid()}-{threading.get_ident()}")
    temporary.write_bytes(data)
    os.replace(temporary, path)
