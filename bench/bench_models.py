"""Tiny real models under our compiler and `torch.compile`, side by side.

For each model of tests/models/zoo.py (Hugging Face `transformers` from small configs) and of
tests/models/vision_zoo.py (CNNs, ViT, Swin and an LSTM/GRU model built from torch alone), with
random weights, eval mode, no_grad: graphs, ops, graph
breaks and fallbacks of ours, graphs and ops of `torch.compile(backend=<a counting eager
backend>)`, and whether our outputs equal eager's. Ops count call_function/call_method/
call_module nodes of the graphs handed to the backend. The transformers rows need
`pip install .[models]` (without it they are left out, with a line saying so).
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


def _call(model, inputs):
    return model(**inputs) if isinstance(inputs, dict) else model(inputs)


def ours(case) -> dict:
    model, inputs = case.build(), case.inputs()
    with torch.no_grad():
        expected = _call(model, inputs)
        compiled = compiler.compile(model, backend="eager")
        results = [_call(compiled, inputs) for _ in range(2)]
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
            _call(compiled, inputs)
    return {"graphs": len(graphs), "ops": sum(graphs)}


def _cases() -> list:
    import importlib.util

    from tests.models import vision_zoo, zoo
    hugging_face = [*zoo.CASES, *zoo.MORE_CASES]
    if importlib.util.find_spec("transformers") is None:
        print("transformers models left out: transformers is not installed "
              "(pip install .[models])", flush=True)
        hugging_face = []
    return [*hugging_face, *(_vision(case) for case in vision_zoo.CASES)]


def _vision(case):
    """A vision case under a name of its own (the transformers zoo has a `vit` too)."""
    import dataclasses
    return dataclasses.replace(case, name=f"{case.name}_torch")


def run(names: list[str] | None = None) -> dict:
    warnings.filterwarnings("ignore")
    table = {}
    for case in _cases():
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
