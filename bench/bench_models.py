"""Tiny Hugging Face `transformers` models under our compiler and `torch.compile`, side by side.

For each model of tests/models/zoo.py (random weights, eval mode, no_grad): graphs, ops, graph
breaks and fallbacks of ours, graphs and ops of `torch.compile(backend=<a counting eager
backend>)`, and whether our outputs equal eager's. Ops count call_function/call_method/
call_module nodes of the graphs handed to the backend. Needs `pip install .[models]`.
Run `python -m bench models` or `python -m bench.bench_models [NAME...]`.
"""

from __future__ import annotations

import sys
import warnings

import torch

import compiler


def flat_tensors(value) -> list[torch.Tensor]:
    """Every tensor of a model output (ModelOutput, tuples, caches), in order."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in flat_tensors(v)]
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in flat_tensors(v)]
    if hasattr(value, "__dict__") and not isinstance(value, torch.nn.Module):
        return [t for v in vars(value).values() for t in flat_tensors(v)]
    return []


def _equal(actual, expected) -> bool:
    got, want = flat_tensors(actual), flat_tensors(expected)
    if len(got) != len(want):
        return False
    try:
        for a, e in zip(got, want):
            torch.testing.assert_close(a, e)
    except AssertionError:
        return False
    return True


def ours(case) -> dict:
    model, inputs = case.build(), case.inputs()
    with torch.no_grad():
        expected = model(**inputs)
        compiled = compiler.compile(model, backend="eager")
        results = [compiled(**inputs) for _ in range(2)]
    stats = compiler.stats(compiled)
    return {"graphs": stats.graphs, "ops": stats.ops, "breaks": len(stats.graph_breaks),
            "fallbacks": len(stats.fallbacks), "recompiles": len(stats.recompiles),
            "equal": all(_equal(r, expected) for r in results),
            "reasons": [f"{r} at {w}" for r, w in stats.graph_breaks] + stats.fallbacks}


def theirs(case) -> dict:
    import torch._dynamo
    torch._dynamo.reset()
    graphs = []

    def counting(gm, example_inputs):
        graphs.append(sum(1 for n in gm.graph.nodes
                          if n.op in ("call_function", "call_method", "call_module")))
        return gm.forward

    model, inputs = case.build(), case.inputs()
    with torch.no_grad():
        compiled = torch.compile(model, backend=counting)
        for _ in range(2):
            compiled(**inputs)
    return {"graphs": len(graphs), "ops": sum(graphs)}


def run(names: list[str] | None = None) -> dict:
    from tests.models.zoo import CASES
    warnings.filterwarnings("ignore")
    table = {}
    for case in CASES:
        if names and case.name not in names:
            continue
        row = {"ours": ours(case), "torch": theirs(case)}
        table[case.name] = row
        o, t = row["ours"], row["torch"]
        print(f"{case.name:10} ours graphs {o['graphs']:2} ops {o['ops']:4} breaks "
              f"{o['breaks']:2} fallbacks {o['fallbacks']} recompiles {o['recompiles']} "
              f"equal {o['equal']} | torch graphs {t['graphs']:2} ops {t['ops']:4}", flush=True)
        for reason in o["reasons"][:6]:
            print(f"    {reason[:220]}")
    return table


if __name__ == "__main__":
    run(sys.argv[1:])
