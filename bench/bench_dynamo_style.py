"""Dynamo-style small functions (tests/dynamo_style/) under our compiler and torch.compile.

Each case runs eagerly, then through `compiler.compile(fn, fullgraph=True)` and
`torch.compile(fn, backend="eager", fullgraph=True)`; a compiler's answer is `pass` (equal to
eager: outputs, raised exception type, input mutations, output aliasing), `unsupported`
(refused: ours `compiler.Unsupported`, torch's any exception) or `wrong` (a different answer,
or for ours any other exception). Ours also runs with `fullgraph=False`, where anything but
`pass` is a wrong answer. Graph-break probes (`breaks=True`) are left out of the shares.
Run `python -m bench dynamo_style` or `python -m bench.bench_dynamo_style [NAME...]`.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import torch

from tests.conformance.outcomes import PASS, UNSUPPORTED, WRONG, Outcome, classify
from tests.differential import assert_same
from tests.dynamo_style.functions import CASES

RESULT = Path(__file__).resolve().parent / "results" / "bench_dynamo_style.json"


def _torch_compile(case) -> Outcome:
    import torch._dynamo
    eager_inputs = copy.deepcopy(case.make_inputs())
    compiled_inputs = copy.deepcopy(case.make_inputs())
    try:
        expected, eager_error = case.fn(*eager_inputs), None
    except Exception as error:  # noqa: BLE001 - the exception is the result compared
        expected, eager_error = None, error
    torch._dynamo.reset()
    compiled = torch.compile(case.fn, backend="eager", fullgraph=True)
    try:
        actual, error = compiled(*compiled_inputs), None
    except Exception as exc:  # noqa: BLE001 - any refusal of torch.compile
        actual, error = None, exc
    torch._dynamo.reset()
    if error is not None or eager_error is not None:
        if eager_error is not None and type(error) is type(eager_error):
            return Outcome(PASS)
        return Outcome(UNSUPPORTED, f"{type(error).__name__}: {str(error).splitlines()[0:1]}")
    try:
        assert_same(actual, expected)
        assert_same(compiled_inputs, eager_inputs, "inputs")
    except AssertionError as mismatch:
        return Outcome(WRONG, str(mismatch))
    return Outcome(PASS)


def measure(names: list[str] | None = None) -> dict:
    rows = {}
    for name, case in CASES.items():
        if names and not any(n in name for n in names):
            continue
        ours, ours_plain, theirs = classify(case, True), classify(case, False), _torch_compile(case)
        rows[name] = {"breaks": case.breaks, "ours": ours.kind, "ours_not_fullgraph":
                      ours_plain.kind, "torch_compile": theirs.kind,
                      "detail": (ours.detail or ours_plain.detail or theirs.detail)[:300]}
    counted = [r for r in rows.values() if not r["breaks"]]

    def share(key: str) -> str:
        passed = sum(r[key] == PASS for r in counted)
        return f"{passed}/{len(counted)} ({passed / max(len(counted), 1):.1%})"

    both = [n for n, r in rows.items() if not r["breaks"] and r["torch_compile"] == PASS]
    ours_on_both = sum(rows[n]["ours"] == PASS for n in both)
    return {
        "cases": len(rows),
        "fullgraph_ours_where_torch_compile_passes":
            f"{ours_on_both}/{len(both)} ({ours_on_both / max(len(both), 1):.1%})",
        "fullgraph_ours": share("ours"),
        "fullgraph_torch_compile": share("torch_compile"),
        "wrong_ours_fullgraph": sorted(n for n, r in rows.items() if r["ours"] == WRONG),
        "wrong_ours_not_fullgraph": sorted(n for n, r in rows.items()
                                           if r["ours_not_fullgraph"] != PASS),
        "wrong_torch_compile": sorted(n for n, r in rows.items()
                                      if r["torch_compile"] == WRONG),
        "unsupported_ours": {n: r["detail"] for n, r in rows.items()
                             if r["ours"] == UNSUPPORTED and not r["breaks"]},
        "unsupported_torch_compile": sorted(n for n, r in rows.items()
                                            if r["torch_compile"] == UNSUPPORTED),
        "rows": rows,
    }


def run() -> dict:
    return measure()


def main(argv: list[str]) -> int:
    result = measure(argv or None)
    if not argv:
        RESULT.write_text(json.dumps({"bench": "bench_dynamo_style", "result": result},
                                     indent=2) + "\n")
    summary = {k: v for k, v in result.items() if k != "rows"}
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    torch.set_num_threads(1)
    sys.exit(main(sys.argv[1:]))
