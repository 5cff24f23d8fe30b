"""Source-level reducer on the ~100-line planted-failure program of tests/quality/planted.py:
sizes before and after, predicate calls and seconds, for each of the three planted bugs.

Reference points measured on these machines: shrinkray took 25 minutes and 22,040 runs
for a 109-line program (down to 9 lines); a 90-line AST prototype reached 19 lines in 49 s
and 278 runs. The predicates here execute each candidate in-process (no worker pool), so
seconds measure the reducer plus cheap eager runs; attempts are what a pool would pay for.
"""

from __future__ import annotations

from generators.shrink import deletable_statements, reduce
from tests.quality import planted

BUDGET_SECONDS = 60.0
BUGS = {
    "cumsum-of-transpose": planted.CUMSUM_OF_TRANSPOSE,
    "lost-input-mutation": planted.LOST_INPUT_MUTATION,
    "stale-global": planted.STALE_GLOBAL,
}


def run() -> dict:
    results = {}
    for name, predicate in BUGS.items():
        shrunk = reduce(planted.PROGRAM, predicate, budget_seconds=BUDGET_SECONDS)
        record = shrunk.as_dict()
        record["one_minimal"] = not deletable_statements(shrunk.source, predicate)
        record["repro"] = shrunk.source
        results[name] = record
    summary = {
        "lines_before": next(iter(results.values()))["before"]["lines"],
        "lines_after_max": max(r["after"]["lines"] for r in results.values()),
        "attempts_total": sum(r["attempts"] for r in results.values()),
        "seconds_total": round(sum(r["seconds"] for r in results.values()), 3),
    }
    return {"summary": summary, "bugs": results}
