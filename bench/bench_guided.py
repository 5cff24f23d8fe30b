"""Guided against unguided campaigns at equal budget: frontend branches reached, on our compiler
(`ours`, branches of compiler/) and on torch.compile (`torch:eager`, branches of torch/_dynamo).

Per subject, three campaigns of one seed run at the same time (separate `parity fuzz`
processes, 2 workers each), so that they share whatever load the machine has: unguided without
tracing (throughput only), unguided with branch tracing (`--coverage`), guided (`--guided`).
Reported: branches reached at the end of the budget and at the program count both traced runs
reached (equal programs), the guided/unguided ratios, programs/s and the traced/untraced
throughput ratio (the price of tracing). Each subject's two curves go to
bench/results/bench_guided_<subject>.png. Programs get 30 s each (a worker's first one imports
the subject; on a loaded machine a shorter limit turns that import into timeouts).

`python -m bench bench_guided`; PARITY_BENCH_GUIDED_BUDGET (seconds, default 120),
PARITY_BENCH_GUIDED_SUBJECTS (default ours,torch:eager), PARITY_BENCH_GUIDED_SEED (default 0).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = RESULTS.parent.parent
MODES = {"plain": [], "unguided": ["--coverage"], "guided": ["--guided"]}


def _campaigns(subject: str, budget: float, seed: int, folder: Path) -> dict:
    running = {}
    for mode, flags in MODES.items():
        out = folder / mode
        command = [sys.executable, "-m", "oracle", "fuzz", "--subject", subject, "--budget",
                   f"{budget:g}s", "--workers", "2", "--seed", str(seed), "--out", str(out),
                   "--db", str(folder / f"{mode}-db"), "--timeout", "30s", "--no-shrink",
                   "--quiet", *flags]
        running[mode] = (out, subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
    rows = {}
    for mode, (out, process) in running.items():
        process.wait(timeout=budget * 5 + 600)
        summary = json.loads((out / "summary.json").read_text())
        row = {"programs": summary["programs"], "seconds": summary["seconds"],
               "programs_per_second": summary["programs_per_second"],
               "verdicts": summary["verdicts"]}
        if summary.get("coverage"):
            coverage = summary["coverage"]
            row.update(branches=coverage["total"], timeline=coverage["timeline"],
                       new_branch_programs=coverage["new_branch_programs"])
        rows[mode] = row
    return rows


def at_programs(timeline: list, programs: int) -> int:
    """Branches reached once `programs` programs were checked (timeline: s, programs, total)."""
    return max((b for _, p, b in timeline if p <= programs), default=0)


def _plot(subject: str, rows: dict) -> str:
    from oracle.app.coverage_plot import Series, png

    series = [Series(mode, [(s, b) for s, _, b in rows[mode]["timeline"]])
              for mode in ("guided", "unguided") if rows[mode].get("timeline")]
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"bench_guided_{subject.replace(':', '_')}.png"
    path.write_bytes(png(series))
    return str(path.relative_to(RESULTS.parent.parent))


def run() -> dict:
    budget = float(os.environ.get("PARITY_BENCH_GUIDED_BUDGET", "120"))
    subjects = os.environ.get("PARITY_BENCH_GUIDED_SUBJECTS", "ours,torch:eager").split(",")
    seed = int(os.environ.get("PARITY_BENCH_GUIDED_SEED", "0"))
    out: dict = {"budget_seconds": budget, "workers": 2, "seed": seed}
    with tempfile.TemporaryDirectory(prefix="parity-bench-guided-") as folder:
        for subject in subjects:
            rows = _campaigns(subject, budget, seed, Path(folder) / subject.replace(":", "_"))
            guided, unguided, plain = rows["guided"], rows["unguided"], rows["plain"]
            equal = min(guided["programs"], unguided["programs"])
            at_equal = {m: at_programs(rows[m]["timeline"], equal)
                        for m in ("guided", "unguided")}
            out[subject] = {
                "branches_guided": guided["branches"], "branches_unguided": unguided["branches"],
                "guided_over_unguided": round(guided["branches"] / max(1, unguided["branches"]),
                                              3),
                "equal_programs": equal, "branches_at_equal_programs": at_equal,
                "guided_over_unguided_at_equal_programs": round(
                    at_equal["guided"] / max(1, at_equal["unguided"]), 3),
                "programs": {m: r["programs"] for m, r in rows.items()},
                "programs_per_second": {m: r["programs_per_second"] for m, r in rows.items()},
                "traced_over_untraced_throughput": round(
                    unguided["programs_per_second"] / max(1e-9, plain["programs_per_second"]), 3),
                "verdicts": {m: r["verdicts"] for m, r in rows.items()},
                "plot": _plot(subject, rows),
                "timelines": {m: rows[m]["timeline"] for m in ("guided", "unguided")},
            }
            print(f"{subject}: branches guided {guided['branches']} / unguided "
                  f"{unguided['branches']} in {budget:g} s (at {equal} programs: "
                  f"{at_equal['guided']} / {at_equal['unguided']}); programs/s untraced "
                  f"{plain['programs_per_second']}, traced {unguided['programs_per_second']}, "
                  f"guided {guided['programs_per_second']}", flush=True)
    return out
