"""Guided against unguided drawing at an equal number of programs, independent of machine load:
each walk draws PROGRAMS programs (plain Drawer, or GuidedDrawer fed with what each program
reached) and checks them one by one in its own process under a fresh branch tracer; reported are
the frontend branches reached after each program count, for our compiler and torch.compile, and
the checking time per program of each walk (the two walks of a subject run at the same time, so
they share whatever load the machine has).

`python -m bench bench_guided_steps`; PARITY_BENCH_STEPS_PROGRAMS (default 150),
PARITY_BENCH_GUIDED_SUBJECTS (default ours,torch:eager), PARITY_BENCH_GUIDED_SEED (default 0).
A subject not run keeps its entry from the previous results file; each entry names its program
count and seed.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PER_PROGRAM = 300.0  # seconds before a program counts as hung (torch traced on a loaded machine)


def walk(spec: str, guided: bool, programs: int, seed: int) -> dict:
    from generators.draw import Drawer, StopDrawing
    from oracle.app.branch_tracer import BranchTracer
    from oracle.app.compiler_coverage import _deadline, _Overtime
    from oracle.app.coverage_guided import GuidedDrawer, frontend_of
    from oracle.app.coverage_timeline import BranchMap
    from oracle.judge import differential, subjects

    subject = subjects.resolve(spec)
    package = frontend_of(spec)
    tracer = BranchTracer(package)
    found = BranchMap({spec: package}, guided)
    drawer = (GuidedDrawer if guided else Drawer)(None, seed, None)
    curve: list[int] = []
    checking = 0.0
    with tempfile.TemporaryDirectory(prefix="parity-steps-") as folder:
        def offer(program, choices: tuple) -> None:
            nonlocal checking
            if len(curve) >= programs:
                raise StopDrawing
            path = Path(folder) / f"p{len(curve)}.py"
            path.write_text(program.source)
            start = time.perf_counter()
            try:
                with _deadline(PER_PROGRAM):
                    _, arcs = tracer.run(functools.partial(differential.check, str(path),
                                                           subject))
            except _Overtime:
                arcs = frozenset()
            checking += time.perf_counter() - start
            new = found.add(spec, arcs, 0.0, len(curve))
            if guided:
                (drawer.kept(choices, new) if new else drawer.checked(choices))
            curve.append(found.total)

        drawer.run(offer)
    return {"curve": curve, "seconds_per_program": round(checking / max(1, len(curve)), 3),
            "kept": found.new_programs}


def walk_main() -> None:
    args = json.loads(sys.argv[1])
    print(json.dumps(walk(args["spec"], args["guided"], args["programs"], args["seed"])))


def _walks(spec: str, programs: int, seed: int) -> dict:
    code = "from bench.bench_guided_steps import walk_main; walk_main()"
    running = {}
    for mode in ("guided", "unguided"):
        args = json.dumps({"spec": spec, "guided": mode == "guided", "programs": programs,
                           "seed": seed})
        running[mode] = subprocess.Popen([sys.executable, "-c", code, args], cwd=ROOT,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True)
    return {mode: json.loads(p.communicate()[0].strip().splitlines()[-1])
            for mode, p in running.items()}


def _plot(spec: str, guided: list[int], unguided: list[int]) -> str:
    from oracle.app.coverage_plot import Series, png

    path = ROOT / "bench" / "results" / f"bench_guided_steps_{spec.replace(':', '_')}.png"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(png([Series(name, list(enumerate(curve, 1)))
                          for name, curve in (("guided", guided), ("unguided", unguided))],
                         x_label="programs"))
    return str(path.relative_to(ROOT))


def _earlier_entries() -> dict:
    """Each subject's entry in the previous results file (older files named the program count
    and seed once for all subjects)."""
    path = ROOT / "bench" / "results" / "bench_guided_steps.json"
    try:
        earlier = json.loads(path.read_text())["result"]
    except (OSError, ValueError, KeyError):
        return {}
    shared = {k: earlier[k] for k in ("programs", "seed") if k in earlier}
    return {spec: {**shared, **entry} for spec, entry in earlier.items()
            if isinstance(entry, dict)}


def run() -> dict:
    programs = int(os.environ.get("PARITY_BENCH_STEPS_PROGRAMS", "150"))
    subjects = os.environ.get("PARITY_BENCH_GUIDED_SUBJECTS", "ours,torch:eager").split(",")
    seed = int(os.environ.get("PARITY_BENCH_GUIDED_SEED", "0"))
    out: dict = _earlier_entries()
    for spec in subjects:
        walks = _walks(spec, programs, seed)
        guided, unguided = walks["guided"]["curve"], walks["unguided"]["curve"]
        marks = sorted({n for n in (10, 25, 50, 100, programs) if n <= min(len(guided),
                                                                            len(unguided))})
        out[spec] = {
            "programs": programs, "seed": seed,
            "branches_guided": guided[-1], "branches_unguided": unguided[-1],
            "guided_over_unguided": round(guided[-1] / max(1, unguided[-1]), 3),
            "at": {n: {"guided": guided[n - 1], "unguided": unguided[n - 1]} for n in marks},
            "seconds_per_program": {m: w["seconds_per_program"] for m, w in walks.items()},
            "kept": {m: w["kept"] for m, w in walks.items()},
            "plot": _plot(spec, guided, unguided),
        }
        print(f"{spec}: after {programs} programs, branches guided {guided[-1]} / unguided "
              f"{unguided[-1]}; s/program guided {walks['guided']['seconds_per_program']}, "
              f"unguided {walks['unguided']['seconds_per_program']}", flush=True)
    return out
