"""Dynamic shapes, ours against `torch.compile`, side by side in one process.

1. Recompile counts: each case (the small functions of tests/dynamic, a small CNN over a batch
   sweep, BERT over a sequence-length sweep when transformers is installed) is called on every
   size of its sweep under `dynamic=None`, `True` and `False`; compiles of the entry frame are
   counted for ours (`compiler.stats`) and for torch.compile (dynamo's compilation metrics),
   both with the eager backend. `same` says whether the counts are equal.
2. Compile time with dynamic shapes: the first call under `dynamic=True` (one symbolic
   compile, eager backend) minus an eager call, median of REPEATS fresh compiles each; the
   ratio is torch's median over ours. Times are the process's CPU time (`process_time`):
   both compilers trace on one thread, and CPU time does not count the waits of a machine
   shared with other jobs, which wall-clock time does. Torch's ops run on one thread while
   timing: CPU time counts every thread, and torch's intra-op threads spin after each op
   (a 1 ms eager call of the CNN counted ~270 ms on two threads), noise larger than a compile.
Run `python -m bench dynamic` or `python -m bench.bench_dynamic`.
"""

from __future__ import annotations

import contextlib
import statistics
import time
import warnings
from collections.abc import Callable

import torch

import compiler

REPEATS = 5
MODES = (None, True, False)


def _small_cases() -> list[tuple[str, Callable, Callable, tuple]]:
    from tests.dynamic.sweep import BATCH_SWEEP, WITH_ONE, rows
    from tests.dynamic.test_batch_sweeps import FUNCTIONS, branch_on_size, same_rows
    cases = [(fn.__name__, fn, rows(), BATCH_SWEEP) for fn in FUNCTIONS]
    cases.append(("branch_on_size", branch_on_size, rows(), BATCH_SWEEP))
    cases.append(("reshape_by_size 1..", FUNCTIONS[0], rows(), WITH_ONE))
    cases.append(("same_rows", same_rows, lambda n: (torch.randn(n, 4), torch.randn(n, 6)),
                  BATCH_SWEEP))
    return cases


def _model_cases() -> list[tuple[str, Callable, Callable, tuple]]:
    from tests.dynamic.sweep import BATCH_SWEEP
    from tests.models.vision_zoo import TinyResNet
    torch.manual_seed(0)
    cnn = TinyResNet(widths=(4, 8)).eval()
    cases = [("cnn batch", cnn, lambda n: (torch.randn(n, 3, 16, 16),), BATCH_SWEEP)]
    try:
        from tests.models.zoo import BY_NAME, TINY
        bert = BY_NAME["bert"].build()
        cases.append(("bert seq len", bert, lambda n: (torch.randint(
            0, TINY["vocab_size"], (2, n), generator=torch.Generator().manual_seed(n)),),
            (3, 4, 5, 8, 11, 16, 7, 9, 13, 20)))
    except ImportError:
        pass
    return cases


def _ours_compiles(fn, make, sizes, dynamic) -> int:
    compiler.reset()
    compiled = compiler.compile(fn, dynamic=dynamic)
    with torch.no_grad(), compiler.config.patch(cache_limit=64):
        for n in sizes:
            compiled(*make(n))
    return compiler.stats(compiled).compiles


def _torch_compiles(fn, make, sizes, dynamic) -> int:
    import torch._dynamo

    from oracle.judge.subjects import TorchSubject
    subject = TorchSubject("eager", dynamic)
    subject.reset()
    compiled = subject.compile(fn)
    with torch.no_grad(), torch._dynamo.config.patch(recompile_limit=64):
        for n in sizes:
            compiled(*make(n))
    return subject.stats(compiled)["compiles"]


def recompile_table(cases) -> list[dict]:
    rows = []
    for name, fn, make, sizes in cases:
        for dynamic in MODES:
            ours, theirs = _ours_compiles(fn, make, sizes, dynamic), _torch_compiles(
                fn, make, sizes, dynamic)
            rows.append({"case": name, "sizes": len(sizes), "dynamic": repr(dynamic),
                         "ours": ours, "torch": theirs, "same": ours == theirs})
    return rows


def _first_call_seconds(compile_fn, fn, args, reset) -> float:
    times = []
    with torch.no_grad():
        start = time.process_time()
        fn(*args)
        eager = time.process_time() - start
        for _ in range(REPEATS):
            reset()
            compiled = compile_fn(fn)
            start = time.process_time()
            compiled(*args)
            times.append(time.process_time() - start - eager)
    return statistics.median(times)


@contextlib.contextmanager
def _one_thread():
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def compile_time_table(cases) -> list[dict]:
    with _one_thread():
        return _compile_times(cases)


def _compile_times(cases) -> list[dict]:
    import torch._dynamo
    rows = []
    for name, fn, make, sizes in cases:
        args = make(sizes[1])
        ours = _first_call_seconds(lambda f: compiler.compile(f, dynamic=True), fn, args,
                                   compiler.reset)
        theirs = _first_call_seconds(
            lambda f: torch.compile(f, backend="eager", dynamic=True), fn, args,
            torch._dynamo.reset)
        rows.append({"case": name, "ours_ms": round(ours * 1e3, 2),
                     "torch_ms": round(theirs * 1e3, 2), "ratio": round(theirs / ours, 2)})
    return rows


def run() -> dict:
    warnings.filterwarnings("ignore")
    cases = _small_cases() + _model_cases()
    recompiles = recompile_table(cases)
    times = compile_time_table(cases)
    return {
        "recompiles": recompiles,
        "recompiles_equal": f"{sum(r['same'] for r in recompiles)}/{len(recompiles)}",
        "compile_time": times,
        "compile_time_ratio_median": statistics.median(r["ratio"] for r in times),
    }


def _print(result: dict) -> None:
    print(f"{'case':24} {'dynamic':8} {'ours':>5} {'torch':>6}")
    for r in result["recompiles"]:
        mark = "" if r["same"] else "  <- differs"
        print(f"{r['case']:24} {r['dynamic']:8} {r['ours']:5d} {r['torch']:6d}{mark}")
    print(f"equal counts: {result['recompiles_equal']}")
    print(f"\n{'case':24} {'ours ms':>9} {'torch ms':>9} {'torch/ours':>10}")
    for r in result["compile_time"]:
        print(f"{r['case']:24} {r['ours_ms']:9.1f} {r['torch_ms']:9.1f} {r['ratio']:10.2f}")
    print(f"median ratio: {result['compile_time_ratio_median']}")


if __name__ == "__main__":
    _print(run())
