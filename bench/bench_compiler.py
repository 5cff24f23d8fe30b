"""Our compiler against `torch.compile(backend="eager")`, side by side in one process.

Twenty-odd small functions in the style of the compiler's function tests (two or three 10x10
tensor arguments; arithmetic, builtins, closures, containers, a user class, a namedtuple, tensor
metadata, control flow on constants, an nn.Module) are measured on both subjects:

- compile latency: first call (translate + run) minus the best of 5 eager calls, after
  resetting both compilers, with fresh function objects (the case source is exec'd anew, so
  code objects are fresh too). Target: median ratio ours/torch <= 1/4.
- cached-call overhead: compiled call minus eager call, each the best of `REPEAT` rounds of
  `NUMBER` calls (rounds interleave eager, ours and torch). Target: median ratio <= 1/4.

Both targets are the project's: compile time and cached-call overhead at least 4x below
torch.compile's.

Results of ours are checked against eager (torch.testing.assert_close) first; a function that
mismatches is reported and left out of the timings. The machine is noisy: the figures are
medians and ratios of process CPU time (one intra-op thread), never a pass/fail on absolute
times.
Run `python -m bench compiler` or `python -m bench.bench_compiler`.
"""

from __future__ import annotations

import gc
import json
import linecache
import statistics
import time
import timeit
import warnings

import torch
import torch._dynamo

import compiler

NUMBER = 100
REPEAT = 15
# CPU time of this process, not wall time: on a loaded machine wall time mostly measures the
# other processes (medians of wall time moved by 2-3x between runs; CPU time by ~10%).
CLOCK = time.process_time
LATENCY_ROUNDS = 3
TARGET_LATENCY_RATIO = 1 / 4
TARGET_OVERHEAD_RATIO = 1 / 4

# Each `case_<name>()` returns (callable, args). Inputs are made from a seeded generator so that
# every exec of this source gives equal inputs.
CASES_SOURCE = '''
import collections
import math

import torch

_G = torch.Generator().manual_seed(0)
SCALE = 0.5
Pair = collections.namedtuple("Pair", ["a", "b"])


def t():
    return torch.randn(10, 10, generator=_G)


class Affine:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def apply(self, x):
        return x * self.w + self.b


def case_arith():
    def f(x, y):
        return (x + y) * (x - y) / 2 + x ** 2
    return f, (t(), t())


def case_three_args():
    def f(x, y, z):
        return torch.addcmul(x, y, z, value=0.5).relu() - z.sigmoid()
    return f, (t(), t(), t())


def case_torch_fns():
    def f(x, y):
        return torch.tanh(x) @ torch.sin(y) + torch.cat([x, y], 0).sum(0)
    return f, (t(), t())


def case_reductions():
    def f(x, y):
        return x.softmax(-1).mean(0) + y.max(dim=1).values - y.sum() / x.numel()
    return f, (t(), t())


def case_scalar_consts():
    def f(x, y):
        k = 3 * 2 - 1
        return x * k + y * SCALE + math.pi
    return f, (t(), t())


def case_builtins():
    def f(x, y):
        parts = [x, y, x * y]
        n = len(parts)
        out = sum(p * i for i, p in enumerate(parts))
        return out / max(n, 2) + abs(min(-1, 2)) + float(n)
    return f, (t(), t())


def case_closure():
    scale, shift = 2.0, 1.5

    def f(x, y):
        return x * scale + y - shift
    return f, (t(), t())


def case_nonlocal_closure():
    def outer():
        k = 3

        def inner(x, y):
            return x * k + y
        return inner
    g = outer()

    def f(x, y):
        return g(x, y) + g(y, x)
    return f, (t(), t())


def case_dict():
    def f(x, y):
        d = {"a": x, "b": y}
        d["c"] = d["a"] * d["b"]
        return {k: v + 1 for k, v in d.items()}
    return f, (t(), t())


def case_list():
    def f(x, y):
        xs = [x, y]
        xs.append(x + y)
        xs.extend([x * 2])
        return torch.stack([v.sum(0) for v in xs])
    return f, (t(), t())


def case_tuple():
    def f(x, y):
        a, b = (x + 1, y - 1)
        pair = (a, b, a * b)
        return pair[0] + pair[-1], pair[1:]
    return f, (t(), t())


def case_zip_range():
    def f(x, y):
        acc = x
        for i, (a, b) in zip(range(3), [(x, y), (y, x), (x, x)]):
            acc = acc + a * b * i
        return acc
    return f, (t(), t())


def case_user_class():
    obj = Affine(2.0, 0.5)

    def f(x, y):
        return obj.apply(x) + obj.w * y
    return f, (t(), t())


def case_user_class_ctor():
    def f(x, y):
        a = Affine(y, 1.0)
        return a.apply(x) - a.b
    return f, (t(), t())


def case_namedtuple():
    def f(x, y):
        p = Pair(x + y, x - y)
        return Pair(p.a * p.b, p[0].sum())
    return f, (t(), t())


def case_metadata():
    def f(x, y):
        n, m = x.shape
        z = x.reshape(n * m).view(m, n)
        if x.dtype == torch.float32 and x.dim() == 2:
            z = z + y.size(0)
        return z * x.numel() + len(y)
    return f, (t(), t())


def case_shape_control_flow():
    def f(x, y):
        if x.shape[0] > 5:
            x = x.transpose(0, 1)
        else:
            x = -x
        return x + y if x.ndim == 2 else x - y
    return f, (t(), t())


def case_const_control_flow():
    def f(x, y, mode="sum"):
        flag = True
        out = x
        for _ in range(4):
            out = out * 0.5 + y if flag else out
        if mode == "sum":
            return out.sum(1)
        return out
    return f, (t(), t())


def case_isinstance():
    def f(x, y):
        items = (x, 2, 3.0, y)
        total = x * 0
        for v in items:
            if isinstance(v, torch.Tensor):
                total = total + v
            elif isinstance(v, int):
                total = total * v
            else:
                total = total - v
        return total
    return f, (t(), t())


def case_kwargs_defaults():
    def helper(x, alpha=1.0, *, beta=0.0):
        return x * alpha + beta

    def f(x, y):
        return helper(x, 2.0) + helper(y, beta=3.0) + helper(x, alpha=0.5, beta=y)
    return f, (t(), t())


def case_indexing():
    def f(x, y):
        return x[1:5, ::2] + y[:4, 1::2] * x[0, :5] + y[..., -1:][:4]
    return f, (t(), t())


def case_linear_relu():
    torch.manual_seed(0)
    module = torch.nn.Sequential(torch.nn.Linear(10, 10), torch.nn.ReLU())
    return module, (t(),)


def case_module_forward():
    torch.manual_seed(1)

    class Block(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(10, 10)
            self.act = torch.nn.ReLU()

        def forward(self, x, y):
            return self.act(self.fc(x)) + y
    return Block(), (t(), t())
'''


def load_cases(tag: str) -> list[tuple[str, object, tuple]]:
    """Exec the case source afresh: new function, class and code objects on every load."""
    filename = f"<bench_compiler cases {tag}>"
    linecache.cache[filename] = (len(CASES_SOURCE), None, CASES_SOURCE.splitlines(True),
                                 filename)
    namespace = {"__name__": f"bench_compiler_cases_{tag}"}
    exec(compile(CASES_SOURCE, filename, "exec"), namespace)
    return [(name[len("case_"):], *namespace[name]())
            for name in sorted(namespace) if name.startswith("case_")]


def reset_all() -> None:
    torch._dynamo.reset()
    compiler.reset()


def ours(fn):
    return compiler.compile(fn, backend="eager")


def theirs(fn):
    return torch.compile(fn, backend="eager")


def timed_call(fn, args) -> float:
    start = CLOCK()
    fn(*args)
    return CLOCK() - start


def eager_time(fn, args) -> float:
    fn(*args)
    return min(timed_call(fn, args) for _ in range(5))


def first_call_latency(subject, name: str, tag: str) -> float:
    """Seconds of the first compiled call minus an eager call, after both compilers reset."""
    reset_all()
    fn, args = next((f, a) for n, f, a in load_cases(tag) if n == name)
    eager = eager_time(fn, args)
    compiled = subject(fn)
    return timed_call(compiled, args) - eager


def per_call(fn, args) -> list[float]:
    return [t / NUMBER for t in timeit.repeat(lambda: fn(*args), number=NUMBER, repeat=1,
                                                 timer=CLOCK)]


def cached_overheads(fn, ours_fn, torch_fn, args) -> tuple[float, float, float]:
    """Per-call seconds of eager, ours and torch: the best of `REPEAT` interleaved rounds."""
    for f in (fn, ours_fn, torch_fn):
        for _ in range(20):
            f(*args)
    samples = {"eager": [], "ours": [], "torch": []}
    for _ in range(REPEAT):
        for key, f in (("eager", fn), ("ours", ours_fn), ("torch", torch_fn)):
            samples[key] += per_call(f, args)
    return tuple(min(samples[k]) for k in ("eager", "ours", "torch"))


def check(name, fn, args) -> dict:
    """Compile with ours; compare to eager; record whether a graph covered it without fallback."""
    compiled = ours(fn)
    record = {"ok": True, "fallbacks": [], "graphs": 0}
    try:
        expected = fn(*args)
        actual = compiled(*args)
        torch.testing.assert_close(actual, expected)
        actual = compiled(*args)  # the cached path too
        torch.testing.assert_close(actual, expected)
    except Exception as exc:  # the bench reports a broken compile instead of timing it
        record["ok"] = False
        record["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    stats = compiler.stats(compiled)
    record["fallbacks"] = list(stats.fallbacks)
    record["graph_breaks"] = [f"{r} at {w}" for r, w in stats.graph_breaks]
    record["graphs"] = stats.graphs
    record["compiles"] = stats.compiles
    return record


def ratio(a: float, b: float) -> float | None:
    return round(a / b, 4) if b > 0 else None


def median_of(values) -> float | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 4) if values else None


def warm_up() -> None:
    """Pay one-time import and initialisation costs of both compilers before any timing."""
    def warm(x, y):
        return (x + y).relu().sum(0)
    args = (torch.randn(10, 10), torch.randn(10, 10))
    for subject in (ours, theirs):
        for _ in range(2):
            reset_all()
            subject(warm)(*args)
    for _, fn, args in load_cases("warm"):
        reset_all()
        ours(fn)(*args)
        theirs(fn)(*args)
    reset_all()


def run() -> dict:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # kernels of 10x10 tensors gain nothing from threads; less noise
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return measure()
    finally:
        torch.set_num_threads(threads)
        gc.unfreeze()


def measure() -> dict:
    start = time.perf_counter()
    warm_up()
    gc.collect()
    gc.freeze()  # what the warm-up left is permanent: later collections stay cheap

    # correctness and coverage of ours, before any timing
    reset_all()
    cases = load_cases("check")
    checks = {name: check(name, fn, args) for name, fn, args in cases}
    good = [name for name, _, _ in cases if checks[name]["ok"]]

    # 1. compile latency: rounds alternate which subject goes first
    latency = {name: {"ours": [], "torch": []} for name in good}
    for r in range(LATENCY_ROUNDS):
        for name in good:
            order = [("ours", ours), ("torch", theirs)]
            if (r + len(name)) % 2:
                order.reverse()
            for key, subject in order:
                latency[name][key].append(first_call_latency(subject, name, f"lat{r}{key}"))
    reset_all()

    # 2. cached-call overhead: every function compiled by both, then timed interleaved
    cases = [(n, f, a) for n, f, a in load_cases("cached") if n in good]
    overhead = {}
    for name, fn, args in cases:
        ours_fn, torch_fn = ours(fn), theirs(fn)
        eager, o, t = cached_overheads(fn, ours_fn, torch_fn, args)
        overhead[name] = {"eager_us": eager * 1e6, "ours_us": (o - eager) * 1e6,
                          "torch_us": (t - eager) * 1e6}
    reset_all()

    functions = {}
    for name, record in checks.items():
        entry = {"correct": record["ok"], "graph_without_fallback": record["ok"] and
                 not record["fallbacks"], "graphs": record["graphs"]}
        if record["fallbacks"]:
            entry["fallbacks"] = record["fallbacks"]
        if record.get("error"):
            entry["error"] = record["error"]
        if name in latency:
            lo = statistics.median(latency[name]["ours"])
            lt = statistics.median(latency[name]["torch"])
            entry["latency_ms"] = {"ours": round(lo * 1e3, 3), "torch": round(lt * 1e3, 3),
                                   "ratio": ratio(lo, lt)}
        if name in overhead:
            oh = overhead[name]
            entry["cached_overhead_us"] = {
                "eager_call": round(oh["eager_us"], 2), "ours": round(oh["ours_us"], 2),
                "torch": round(oh["torch_us"], 2), "ratio": ratio(oh["ours_us"], oh["torch_us"])}
        functions[name] = entry

    lat_ratios = [f["latency_ms"]["ratio"] for f in functions.values() if "latency_ms" in f]
    oh_ratios = [f["cached_overhead_us"]["ratio"] for f in functions.values()
                 if "cached_overhead_us" in f]
    med_lat = median_of(lat_ratios)
    med_oh = median_of(oh_ratios)
    summary = {
        "functions": len(checks),
        "correct": sum(r["ok"] for r in checks.values()),
        "graph_without_fallback": sum(f["graph_without_fallback"] for f in functions.values()),
        "latency_ms_median": {
            "ours": median_of(f["latency_ms"]["ours"] for f in functions.values()
                              if "latency_ms" in f),
            "torch": median_of(f["latency_ms"]["torch"] for f in functions.values()
                               if "latency_ms" in f)},
        "latency_ratio_median": med_lat,
        "latency_target": round(TARGET_LATENCY_RATIO, 4),
        "latency_within_target": med_lat is not None and med_lat <= TARGET_LATENCY_RATIO,
        "cached_overhead_us_median": {
            "ours": median_of(f["cached_overhead_us"]["ours"] for f in functions.values()
                              if "cached_overhead_us" in f),
            "torch": median_of(f["cached_overhead_us"]["torch"] for f in functions.values()
                               if "cached_overhead_us" in f),
            "eager_call": median_of(f["cached_overhead_us"]["eager_call"]
                                    for f in functions.values() if "cached_overhead_us" in f)},
        "cached_overhead_ratio_median": med_oh,
        "cached_overhead_target": TARGET_OVERHEAD_RATIO,
        "cached_overhead_within_target": med_oh is not None and med_oh <= TARGET_OVERHEAD_RATIO,
        "cached_overhead_ours_slower": sorted(
            name for name, f in functions.items()
            if (f.get("cached_overhead_us") or {}).get("ratio") is not None
            and f["cached_overhead_us"]["ratio"] > 1),
        "method": (f"latency: median of {LATENCY_ROUNDS} first calls minus best-of-5 eager call; "
                   f"overhead: best of {REPEAT} interleaved rounds of {NUMBER} calls, minus eager; "
                   "process CPU time, one intra-op thread"),
        "torch": torch.__version__,
        "seconds": round(time.perf_counter() - start, 1),
    }
    return {"summary": summary, "functions": functions}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
