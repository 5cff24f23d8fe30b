"""What running a frame again after its graph raised costs, against eager in the same process.

- `random_call_ratio`: a cached call of a compiled function with a random op (its RNG state is
  saved before each graph call, compiler/cache/graph_raised.py) over the eager call.
- `rng_save_share`: one `torch.get_rng_state()` over that compiled call: the part of it the
  saving takes.
- `raising_call_ratio`: a compiled call whose graph raises (an index out of bounds in a `try`
  block) and whose frame then runs again eagerly, over the eager call.

Medians of the best of rounds, process CPU time, one intra-op thread; ratios only.
Run `python -m bench graph_raised`.
"""

from __future__ import annotations

import statistics
import time
import timeit

import torch

import compiler

NUMBER = 200
REPEAT = 5
ROUNDS = 3


def _random(x, idx):
    return torch.nn.functional.dropout(x, 0.5, training=True) * 2 + 1


def _raising(x, idx):
    try:
        return x[idx] * 2
    except IndexError:
        return x + 1


def _per_call(fn) -> float:
    timer = timeit.Timer(fn, timer=time.process_time)
    return statistics.median(min(timer.repeat(number=NUMBER, repeat=REPEAT)) / NUMBER
                             for _ in range(ROUNDS))


def run() -> dict:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        x, bad = torch.randn(10, 10), torch.tensor([99])
        result = {}
        for name, fn in (("random", _random), ("raising", _raising)):
            compiled = compiler.compile(fn)
            compiled(x, bad)
            eager = _per_call(lambda fn=fn: fn(x, bad))
            ours = _per_call(lambda compiled=compiled: compiled(x, bad))
            result[f"{name}_call_ratio"] = round(ours / eager, 3)
            if name == "random":
                result["rng_save_share"] = round(_per_call(torch.get_rng_state) / ours, 3)
            stats = compiler.stats(compiled)
            result[f"{name}_compiles"] = stats.compiles
        return result
    finally:
        torch.set_num_threads(threads)
