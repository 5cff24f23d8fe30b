"""torch's own module database under our compiler and `torch.compile`, fullgraph, side by side.

Every ModuleInfo of `torch.testing._internal.common_modules.module_db` with float32 CPU support,
every sample of its `module_inputs_func` (eval mode, no grad): the module is built from the
sample's constructor input under a fixed seed, deep-copied before any call, run eagerly, then
each copy is compiled with `fullgraph=True, backend="eager"` and run under the same seed.
A sample is classified per compiler as `ok` (ran and equals eager), `unsupported` (refused:
ours `compiler.Unsupported`, torch's any exception), `crash` (any other exception of ours),
`wrong` (ran and differs from eager: must be zero), `compiling_branch` (differs from eager but
equals eager run with `torch.compiler.is_compiling()` True: the module's own code takes another
path when compiled, which both compilers answer True) or `timeout`. A sample whose eager output
differs between two seeded runs, or whose build or eager run raises, is skipped.
Needs the models extra, `pip install .[models]`: torch.testing._internal imports expecttest.
Run `python -m bench module_db` or `python -m bench.bench_module_db [--limit N] [NAME...]`.
"""

from __future__ import annotations

import argparse
import copy
import json
import signal
import sys
import time
import traceback
import warnings
from pathlib import Path

import torch

import compiler

SEED = 1234
TIME_LIMIT = 30
RESULT = Path(__file__).resolve().parent / "results" / "bench_module_db.json"


class SampleTimeout(Exception):
    pass


def _alarm(signum, frame):
    raise SampleTimeout(f"over {TIME_LIMIT}s")


def _call(module, sample):
    args = copy.deepcopy(sample.forward_input.args)
    kwargs = copy.deepcopy(sample.forward_input.kwargs)
    torch.manual_seed(SEED)
    with torch.no_grad():
        return module(*args, **kwargs)


def _same(actual, expected) -> bool:
    try:
        torch.testing.assert_close(actual, expected, equal_nan=True)
    except (AssertionError, TypeError, ValueError):
        return False
    return True


def _ours(module, sample, expected) -> tuple[str, str]:
    compiler.reset()
    compiled = compiler.compile(module, backend="eager", fullgraph=True)
    try:
        got = _call(compiled, sample)
    except compiler.Unsupported as exc:
        return "unsupported", _first_line(exc) or type(exc).__name__
    except SampleTimeout:
        raise
    except Exception as exc:
        return "crash", _origin(exc)
    return _verdict(got, expected)


def _theirs(module, sample, expected) -> tuple[str, str]:
    import torch._dynamo
    torch._dynamo.reset()
    compiled = torch.compile(module, backend="eager", fullgraph=True)
    try:
        got = _call(compiled, sample)
    except SampleTimeout:
        raise
    except Exception as exc:
        return "unsupported", f"{type(exc).__name__}: {_first_line(exc)}"
    return _verdict(got, expected)


def _verdict(got, expected) -> tuple[str, str]:
    """`ok`, `wrong`, or `compiling_branch`: differs from eager, but equals eager run with
    `torch.compiler.is_compiling()` answering True (the program itself asks whether it is
    compiled and takes another path then, e.g. TransformerEncoder's mask check)."""
    if _same(got, expected.value):
        return "ok", ""
    why = _diff(got, expected.value)
    if expected.compiling is not None and _same(got, expected.compiling()):
        return "compiling_branch", why
    return "wrong", why


class Expected:
    """Eager's output, and (computed once, on demand) eager's output when the program's
    `torch.compiler.is_compiling()` answers True, from a module copy nobody called."""

    def __init__(self, value, module, sample):
        self.value, self._module, self._sample, self._compiling = value, module, sample, None

    def compiling(self):
        if self._compiling is None:
            real = torch.compiler.is_compiling
            torch.compiler.is_compiling = lambda: True
            try:
                self._compiling = [_call(copy.deepcopy(self._module), self._sample)]
            finally:
                torch.compiler.is_compiling = real
        return self._compiling[0]


def _origin(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/compiler/" in f.filename]
    where = (ours or frames or [None])[-1]
    place = f" at {Path(where.filename).name}:{where.lineno} {where.name}" if where else ""
    return f"{type(exc).__name__}: {_first_line(exc)}{place}"


def _first_line(exc: BaseException) -> str:
    text = str(exc)
    return text.splitlines()[0][:200] if text else ""


def _diff(got, expected) -> str:
    try:
        torch.testing.assert_close(got, expected, equal_nan=True)
    except Exception as exc:  # noqa: BLE001 - the message is the report
        return " ".join(str(exc).split())[:300]
    return ""


def _timed(fn, *args) -> tuple[str, str]:
    signal.alarm(TIME_LIMIT)
    try:
        return fn(*args)
    except SampleTimeout as exc:
        return "timeout", str(exc)
    except Exception as exc:  # noqa: BLE001 - a harness failure is a crash of that sample
        return "crash", "harness: " + _origin(exc)
    finally:
        signal.alarm(0)


def _build(info, sample) -> torch.nn.Module:
    torch.manual_seed(SEED)
    ctor = sample.constructor_input
    module = info.module_cls(*ctor.args, **ctor.kwargs)
    return module.to(dtype=torch.float32).train(False)


def run_sample(info, sample) -> dict:
    """One sample: `skip` with a reason, or the verdicts of ours and torch.compile."""
    signal.alarm(TIME_LIMIT)
    try:
        module = _build(info, sample)
        fresh = [copy.deepcopy(module), copy.deepcopy(module)]
        spare = copy.deepcopy(module)
        expected = Expected(_call(module, sample), spare, sample)
        if not _same(_call(copy.deepcopy(fresh[0]), sample), expected.value):
            return {"skip": "eager output is nondeterministic"}
    except Exception as exc:  # noqa: BLE001 - eager failure: not a sample to measure
        return {"skip": f"eager: {type(exc).__name__}: {str(exc)[:120]}"}
    finally:
        signal.alarm(0)
    ours, ours_why = _timed(_ours, fresh[0], sample, expected)
    theirs, theirs_why = _timed(_theirs, fresh[1], sample, expected)
    return {"ours": ours, "ours_why": ours_why, "torch": theirs, "torch_why": theirs_why}


def _samples(info) -> list:
    return list(info.module_inputs_func(info, device="cpu", dtype=torch.float32,
                                        requires_grad=False, training=False))


KINDS = ("ok", "unsupported", "crash", "wrong", "compiling_branch", "timeout")


def run_info(info) -> dict:
    try:
        samples = _samples(info)
    except Exception as exc:  # noqa: BLE001
        return {"skip": f"inputs: {type(exc).__name__}: {str(exc)[:120]}", "samples": []}
    return {"samples": [run_sample(info, s) for s in samples]}


def _count(rows: list[dict], who: str) -> dict:
    counts = dict.fromkeys(KINDS, 0)
    for row in rows:
        if "skip" not in row:
            counts[row[who]] += 1
    return counts


def _print_row(name: str, rows: list[dict]) -> None:
    ours, theirs = _count(rows, "ours"), _count(rows, "torch")
    skipped = sum("skip" in r for r in rows)
    print(f"{name:34} n {len(rows):3} skip {skipped:2} | ours ok {ours['ok']:3} uns "
          f"{ours['unsupported']:3} crash {ours['crash']:2} WRONG {ours['wrong']:2} cb "
          f"{ours['compiling_branch']} to {ours['timeout']} | torch ok {theirs['ok']:3}",
          flush=True)
    for row in rows:
        if row.get("ours") in ("crash", "wrong", "compiling_branch", "timeout"):
            print(f"    {row['ours'].upper()}: {row['ours_why'][:240]}")


def _selected(limit: int | None, names: list[str]) -> list:
    from torch.testing._internal.common_modules import module_db
    infos = [i for i in module_db if torch.float32 in i.supported_dtypes("cpu")]
    if names:
        infos = [i for i in infos if any(n in i.formatted_name for n in names)]
    return infos[:limit] if limit else infos


def run(limit: int | None = None, names: list[str] | None = None) -> dict:
    warnings.filterwarnings("ignore")
    previous = signal.signal(signal.SIGALRM, _alarm)
    table, start = {}, time.perf_counter()
    try:
        for info in _selected(limit, names or []):
            entry = run_info(info)
            table[info.formatted_name] = entry
            _print_row(info.formatted_name, entry["samples"])
    finally:
        signal.signal(signal.SIGALRM, previous)
    rows = [r for e in table.values() for r in e["samples"]]
    totals = {"modules": len(table), "samples": len(rows),
              "skipped": sum("skip" in r for r in rows),
              "ours": _count(rows, "ours"), "torch": _count(rows, "torch"),
              "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps(totals))
    return {"totals": totals, "modules": table}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_module_db")
    parser.add_argument("--limit", type=int, default=None, help="first N ModuleInfos only")
    parser.add_argument("--out", type=Path, default=RESULT, help=f"JSON file (default {RESULT})")
    parser.add_argument("names", nargs="*", help="ModuleInfo names containing one of these")
    opts = parser.parse_args(argv)
    result = run(opts.limit, opts.names)
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    record = {"bench": "bench_module_db", "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
              "argv": argv, "result": result}
    opts.out.write_text(json.dumps(record, indent=2, default=str) + "\n")
    print(f"-> {opts.out}")
    return 1 if result["totals"]["ours"]["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
