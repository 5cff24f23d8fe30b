"""Generator benchmark: validity, coverage of features and ops, and drawing speed.

Draws a sample of programs, runs each eagerly over its calls() in a fresh namespace and checks
that it ran as its generator intended. Run directly (`python -m bench.bench_generators`) or
through `python -m bench`.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
import warnings
from collections import Counter

import torch
from hypothesis import HealthCheck, Phase, given, settings

import generators
from generators.features import IDIOM_FEATURES
from generators.ops import OPS, distinct_functions

SAMPLE = 2000


def draw_programs(n: int) -> tuple[list, float, float]:
    """n programs from `generators.programs()`, with the wall and CPU seconds taken to draw and
    render them (CPU time is the one-core figure on a shared machine)."""
    drawn = []

    @settings(max_examples=n, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck), derandomize=True)
    @given(generators.programs())
    def collect(program):
        drawn.append(program)

    start, cpu = time.perf_counter(), time.process_time()
    collect()
    return drawn, time.perf_counter() - start, time.process_time() - cpu


def run_eagerly(source: str) -> list:
    """Each call's outcome: None when it returned, else the exception raised."""
    namespace: dict = {"__name__": "generated"}
    exec(compile(source, "<generated>", "exec"), namespace)
    outcomes = []
    for args, kwargs in namespace["calls"]():
        try:
            namespace["program"](*args, **kwargs)
            outcomes.append(None)
        except Exception as e:  # the program's own exception is an outcome, not a crash
            outcomes.append(e)
    return outcomes


def ran_as_intended(program) -> tuple[bool, str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            outcomes = run_eagerly(program.source)
        except Exception:
            return False, "calls() or the module failed: " + traceback.format_exc(limit=1)
    for outcome in outcomes:
        got = type(outcome).__name__ if outcome is not None else None
        if got != program.expects_exception:
            return False, f"expected {program.expects_exception}, got {got}: {outcome}"
    return True, ""


def idiom_coverage(programs) -> dict[str, float]:
    """Idiom of real modelling code -> percentage of the drawn programs that use it."""
    used = Counter(f for p in programs for f in p.features_used if f in IDIOM_FEATURES)
    return {idiom: round(100 * used[idiom] / max(len(programs), 1), 2)
            for idiom in IDIOM_FEATURES}


def idiom_table(coverage: dict[str, float]) -> str:
    rows = [f"| {idiom} | {share:.1f}% |" for idiom, share in coverage.items()]
    return "\n".join(["| idiom | share of drawn programs |", "|---|---|", *rows])


def run(n: int = SAMPLE) -> dict:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the figure is per core; tiny tensors gain nothing from more
    try:
        programs, seconds, cpu_seconds = draw_programs(n)
    finally:
        torch.set_num_threads(threads)
    failures = []
    for program in programs:
        ok, why = ran_as_intended(program)
        if not ok:
            failures.append((why, program.source))
    features = Counter(f for p in programs for f in p.features_used)
    ops = Counter(o for p in programs for o in p.ops_used)
    return {
        "programs": len(programs),
        "validity_pct": round(100 * (1 - len(failures) / len(programs)), 2),
        "programs_per_second": round(len(programs) / seconds, 1),
        "programs_per_cpu_second": round(len(programs) / cpu_seconds, 1),
        "features_covered": f"{sum(f in features for f in generators.FEATURES)}"
                            f"/{len(generators.FEATURES)}",
        "features_missing": sorted(set(generators.FEATURES) - set(features)),
        "ops_covered": f"{sum(op.name in ops for op in OPS)}/{len(OPS)}",
        "ops_missing": sorted(op.name for op in OPS if op.name not in ops),
        "distinct_functions": len(distinct_functions()),
        "mean_body_lines": round(sum(p.body_lines for p in programs) / len(programs), 1),
        "programs_with_an_idiom_pct": round(100 * sum(
            bool(p.features_used & set(IDIOM_FEATURES)) for p in programs) / len(programs), 1),
        "idiom_coverage_pct": idiom_coverage(programs),
        "failure_examples": [why for why, _ in failures[:5]],
    }


if __name__ == "__main__":
    result = run(int(sys.argv[1]) if len(sys.argv) > 1 else SAMPLE)
    print(json.dumps(result, indent=2))
    print(idiom_table(result["idiom_coverage_pct"]))
