"""Runner overhead: the oracle's own time per program, with compile and execution excluded.

A trivial program (three calls of `x + 1`) is checked against a subject that does not compile,
in-process and through the worker pool; overhead = wall time per program minus the time spent
inside compile() and the program's calls. Budget: 5 ms per program (issue 4).
Run `python -m bench runner_overhead`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from oracle.app.pool import Task, WorkerPool
from oracle.judge.differential import check

BUDGET_MS = 5.0
PROGRAMS = 200
SOURCE = '''"""Trivial: the runner's cost dominates."""
import torch


def program(x, k):
    return x + k


def calls():
    for k in range(3):
        yield (torch.ones(4), k), {}
'''


class Identity:
    """A subject that returns the program itself: no compile time at all."""

    name = "identity"

    def compile(self, fn):
        return fn

    def stats(self, compiled) -> dict:
        return {"compiles": 0}

    def reset(self) -> None:
        pass


def in_process(path: str, n: int) -> list[float]:
    subject, overheads = Identity(), []
    check(path, subject)  # warm: first-import costs are not per-program costs
    for _ in range(n):
        result = check(path, subject)
        overheads.append((result.seconds - result.run_seconds) * 1e3)
    return overheads


def pooled(path: str, n: int) -> dict:
    spec = f"{__name__}:Identity"
    with WorkerPool(workers=1) as pool:
        list(pool.run([Task(path, spec)]))  # wait for the worker to start, and warm it
        start = time.perf_counter()
        results = list(pool.run([Task(path, spec) for _ in range(n)]))
        wall = time.perf_counter() - start
    inside = sum(r.run_seconds for r in results)
    return {"wall_ms_per_program": wall / n * 1e3,
            "overhead_ms_per_program": (wall - inside) / n * 1e3}


def run() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "trivial.py")
        Path(path).write_text(SOURCE)
        local = in_process(path, PROGRAMS)
        pool = pooled(path, PROGRAMS)
    overhead = pool["overhead_ms_per_program"]
    return {
        "programs": PROGRAMS,
        "in_process_overhead_ms_median": round(statistics.median(local), 3),
        "in_process_overhead_ms_p90": round(sorted(local)[int(0.9 * len(local))], 3),
        "pool_wall_ms_per_program": round(pool["wall_ms_per_program"], 3),
        "pool_overhead_ms_per_program": round(overhead, 3),
        "budget_ms": BUDGET_MS,
        "within_budget": overhead <= BUDGET_MS,
    }


if __name__ == "__main__":
    print(run())
