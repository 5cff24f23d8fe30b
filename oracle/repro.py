"""Standalone repro scripts (DESIGN.md Contract 5): the program as it is, then a short harness
that runs its whole call sequence eagerly and under the subject and compares.

Each side loads the script afresh (runpy), as Contract 2 asks, so globals that calls() changes
start over. Outputs, inputs and data globals afterwards, and exception types, are compared with
torch.testing.assert_close; for recompile failures the compile counts are checked as well.
The script needs only torch and the subject's own package; it exits 1 and prints the difference
while the bug is present, 0 once it is fixed.
"""

from __future__ import annotations

import ast
import re

from oracle.compare import TOLERANCES
from oracle.subjects import KNOWN_BACKENDS


def render(source: str, spec: str, signature: str, timeout: float = 60.0,
           message: str = "") -> str:
    """The repro script for `source` failing as `signature` under subject `spec`."""
    body = _without_docstring(source)
    rule = signature.split(":")[-1] if signature.startswith("recompile-excess:") else ""
    note = f"\nThe oracle said: {message}\n" if message else ""
    head = (f'"""parity repro: {signature}\n{note}\nRun `python {{file}}`: it exits 1 and prints '
            f'the difference while the bug is present, 0 once it is fixed."""\n')
    harness = HARNESS.format(
        subject_import=_subject_code(spec), rule=rule, timeout=int(max(1, timeout)),
        tolerances=_tolerances())
    return head.replace("{file}", "repro.py") + body.rstrip() + "\n\n" + harness


def _without_docstring(source: str) -> str:
    tree = ast.parse(source)
    first = tree.body[0] if tree.body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        lines = source.splitlines(keepends=True)
        return "".join(lines[first.end_lineno:]).lstrip("\n")
    return source


def _tolerances() -> str:
    names = {torch_dtype: str(torch_dtype) for torch_dtype in TOLERANCES}
    return "{" + ", ".join(f"{names[d]}: {t}" for d, t in TOLERANCES.items()) + "}"


def _subject_code(spec: str) -> str:
    """Code defining `compile_side(program) -> (compiled, compiles)` for the subject."""
    head, _, tail = spec.partition(":")
    if head == "ours":
        return OURS.format(backend=_backend_expr(tail or "eager"))
    if head == "torch":
        return TORCH.format(backend=_backend_expr(tail or "eager"))
    if not re.fullmatch(r"[\w.]+", head) or not tail.isidentifier():
        raise ValueError(f"cannot write a repro for subject {spec!r}")
    return CUSTOM.format(module=head, attr=tail)


def _backend_expr(backend: str) -> str:
    if backend in KNOWN_BACKENDS:
        return repr(backend)
    module, _, attr = backend.rpartition(".")
    return f"__import__({module!r}, fromlist=[{attr!r}]).{attr}"


OURS = '''\
def compile_side(program):
    import compiler

    compiler.reset()
    compiled = compiler.compile(program, backend={backend})
    return compiled, lambda: compiler.stats(compiled).compiles
'''

TORCH = '''\
def compile_side(program):
    import torch._dynamo
    from torch._dynamo.utils import clear_compilation_metrics, get_compilation_metrics

    torch._dynamo.reset()
    clear_compilation_metrics()
    compiled = torch.compile(program, backend={backend})
    return compiled, lambda: len(get_compilation_metrics())
'''

CUSTOM = '''\
def compile_side(program):
    from {module} import {attr} as subject

    if isinstance(subject, type) or not hasattr(subject, "compile"):
        subject = subject()
    subject.reset()
    compiled = subject.compile(program)
    return compiled, lambda: (subject.stats(compiled) or {{}}).get("compiles")
'''

HARNESS = '''\
# ---- the check: eager against the subject, each side on a fresh load of this file ----
import math  # noqa: E402
import runpy  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402

RULE = {rule!r}  # a recompile rule to check ("R1", "R2", "R3"), or "" for values only
TOLERANCES = {tolerances}


{subject_import}

def snapshot(value):
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (list, tuple)):
        return type(value)(snapshot(v) for v in value)
    if isinstance(value, dict):
        return {{k: snapshot(v) for k, v in value.items()}}
    return value


def meta(value):
    """What a compiler may guard on: tensor metadata, plain values, container structure."""
    if isinstance(value, torch.Tensor):
        return ("T", value.dtype, tuple(value.shape), value.stride(), value.requires_grad)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(meta(v) for v in value))
    if isinstance(value, dict):
        return tuple((k, meta(v)) for k, v in value.items() if not str(k).startswith("__"))
    if isinstance(value, (int, float, str, bool, type(None))):
        return value
    return type(value).__name__


def run_side(compiled):
    space = runpy.run_path(__file__, run_name="parity_repro_side")
    program, compiles = space["program"], None
    if compiled:
        program, compiles = compile_side(program)
    calls, records = space["calls"](), []
    for index in range(1000):
        torch.manual_seed(index)
        item = next(calls, None)
        if item is None:
            return records
        args, kwargs = item
        shape = meta((args, kwargs, space["calls"].__globals__))
        try:
            out, raised = program(*args, **kwargs), None
        except Exception as exc:
            out, raised = None, exc
        records.append((snapshot(out), snapshot((args, kwargs)), raised,
                        compiles() if compiles else None, shape, snapshot(data_globals(space))))
    return records


def same(want, got, where):
    if isinstance(want, torch.Tensor) or isinstance(got, torch.Tensor):
        rtol, atol = TOLERANCES.get(getattr(want, "dtype", None), (None, None))
        torch.testing.assert_close(got, want, rtol=rtol, atol=atol, equal_nan=True,
                                   msg=lambda text: f"{{where}}: {{text}}")
    elif isinstance(want, (list, tuple)) and type(got) is type(want) and len(got) == len(want):
        for i, (w, g) in enumerate(zip(want, got)):
            same(w, g, f"{{where}}[{{i}}]")
    elif isinstance(want, dict) and isinstance(got, dict) and want.keys() == got.keys():
        for key in want:
            same(want[key], got[key], f"{{where}}[{{key!r}}]")
    elif isinstance(want, float) and isinstance(got, float):
        both_nan = math.isnan(want) and math.isnan(got)
        assert both_nan or math.isclose(want, got, rel_tol=1e-7, abs_tol=1e-9), \\
            f"{{where}}: expected {{want!r}}, got {{got!r}}"
    elif type(want).__eq__ is object.__eq__ and hasattr(want, "__dict__"):
        assert type(got) is type(want), f"{{where}}: expected a {{type(want).__name__}}"
        same(vars(want), vars(got), where)
    else:
        assert want == got, f"{{where}}: expected {{want!r}}, got {{got!r}}"


def check_compiles(compiled):
    counts, shapes = [r[3] for r in compiled], [r[4] for r in compiled]
    print("compiles after each call:", counts)
    if RULE == "R1":  # a call whose inputs match an earlier call's must compile nothing
        again = [i for i in range(1, len(counts))
                 if counts[i] > counts[i - 1] and shapes[i] in shapes[:i]]
        assert not again, f"calls {{again}} repeat earlier inputs' metadata but compiled again"
    elif RULE:
        distinct = len(set(map(repr, shapes)))
        assert counts[-1] <= distinct, f"{{counts[-1]}} compiles for {{distinct}} distinct calls"


def data_globals(space):
    """The program's module globals that hold data (what a compiled call may write)."""
    kinds = (torch.Tensor, list, tuple, dict, set, int, float, complex, str, bool, type(None))
    return {{k: v for k, v in space.items()
            if not k.startswith("__") and isinstance(v, kinds)
            and k not in ("RULE", "TOLERANCES")}}


def main():
    print("torch", torch.__version__)
    signal.signal(signal.SIGALRM, lambda *_: sys.exit("timed out: the subject hangs"))
    signal.alarm({timeout})
    eager, compiled = run_side(False), run_side(True)
    signal.alarm(0)
    try:
        assert len(eager) == len(compiled), "the call sequences differ in length"
        for i, (e, c) in enumerate(zip(eager, compiled)):
            assert type(e[2]) is type(c[2]), \\
                f"call {{i}}: eager raised {{e[2]!r}}, compiled raised {{c[2]!r}}"
            same(e[0], c[0], f"call {{i}}: out")
            same(e[1], c[1], f"call {{i}}: inputs afterwards")
            same(e[5], c[5], f"call {{i}}: globals afterwards")
        check_compiles(compiled)
    except AssertionError as error:
        print(f"FAIL: {{error}}")
        return 1
    print("OK: the subject agrees with eager")
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''
