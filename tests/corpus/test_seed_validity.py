"""Every seed program is a valid program file (docs/architecture.md) whose eager call
sequence is deterministic.

Each file is loaded twice into fresh namespaces and run eagerly; both runs must agree exactly.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import inspect
import io
import math
import re
from pathlib import Path

import pytest
import torch

SEED = Path(__file__).resolve().parents[2] / "corpora" / "seed"
FILES = sorted(SEED.glob("*.py"))
NAME = re.compile(r"^[a-z]+_\d{3}_[a-z0-9_]+\.py$")
MIN_FILES = 150

FEATURES = frozenset(
    """arithmetic builtins closures dicts lists tuples sets strings classes namedtuples
    dataclasses itertools functools operator math metadata runtime_queries globals slicing
    indexing control_flow loops comprehensions unpacking reductions views inplace mutation
    modules nn_functional aliasing exceptions data_dependent recompile kwargs varargs lambdas
    generators_expr fstrings dtype requires_grad""".split()
)

LEAVES = (
    type(None),
    type(...),
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    slice,
    range,
    torch.dtype,
    torch.device,
    torch.Size,
)


def load(path: Path) -> object:
    """A fresh module object for the file; never registered in sys.modules."""
    spec = importlib.util.spec_from_file_location(f"seed_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def snapshot(value: object, path: str = "out") -> object:
    """A detached, comparable copy of a call's output or inputs, so later calls cannot alter it."""
    if isinstance(value, torch.Tensor):
        return (
            "tensor",
            value.dtype,
            tuple(value.shape),
            value.requires_grad,
            value.detach().clone(),
        )
    if isinstance(value, LEAVES):
        return (type(value), value)
    # Types by name: each load defines its own classes (a namedtuple is a new class per load).
    if isinstance(value, tuple | list):
        return (
            type(value).__qualname__,
            [snapshot(v, f"{path}[{i}]") for i, v in enumerate(value)],
        )
    if isinstance(value, dict):
        return (
            type(value).__qualname__,
            [(k, snapshot(v, f"{path}[{k!r}]")) for k, v in value.items()],
        )
    if isinstance(value, set | frozenset):
        return (type(value).__qualname__, sorted(value, key=repr))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__, snapshot(dataclasses.astuple(value), path))
    if isinstance(value, torch.nn.Module):
        return ("module", snapshot(list(value.state_dict().items()), path))
    if callable(value) and hasattr(value, "__qualname__"):
        return ("callable", value.__qualname__)
    if hasattr(value, "__dict__"):
        return (type(value).__qualname__, snapshot(dict(vars(value)), path))
    raise AssertionError(f"{path} has a type the oracle cannot compare: {type(value).__name__}")


def same(a: object, b: object) -> bool:
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
            return False
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.is_floating_point() or a.is_complex():
            nan_a, nan_b = a.isnan(), b.isnan()
            if not torch.equal(nan_a, nan_b):
                return False
            a, b = a.masked_fill(nan_a, 0), b.masked_fill(nan_b, 0)
        return torch.equal(a, b)
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def run(path: Path) -> list[object]:
    """The whole call sequence of a fresh load: per call, its outcome and the inputs after it."""
    module = load(path)
    assert callable(getattr(module, "program", None)), "no callable `program`"
    assert inspect.isgeneratorfunction(getattr(module, "calls", None)), "no generator `calls`"
    grad_mode, default_dtype = torch.is_grad_enabled(), torch.get_default_dtype()
    record = []
    for i, pair in enumerate(module.calls()):
        assert isinstance(pair, tuple) and len(pair) == 2, f"call {i} is not an (args, kwargs) pair"
        args, kwargs = pair
        assert isinstance(args, tuple), f"call {i}: args is {type(args).__name__}, not tuple"
        assert isinstance(kwargs, dict), f"call {i}: kwargs is {type(kwargs).__name__}, not dict"
        assert all(isinstance(k, str) for k in kwargs), f"call {i}: a kwargs key is not a str"
        torch.manual_seed(0)
        try:
            result = module.program(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the program's own exception is its outcome
            outcome = ("raised", type(error), str(error))
        else:
            outcome = ("returned", snapshot(result))
        record.append((outcome, snapshot((args, kwargs), "inputs")))
        assert torch.is_grad_enabled() == grad_mode, f"call {i} leaked a grad mode change"
        assert torch.get_default_dtype() == default_dtype, f"call {i} leaked a default dtype"
    assert 2 <= len(record) <= 5, f"calls() yielded {len(record)} calls, expected 2-5"
    return record


def test_the_seed_corpus_is_large_enough():
    assert len(FILES) >= MIN_FILES, f"only {len(FILES)} seed programs"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_docstring_names_known_features(path):
    assert NAME.match(path.name), f"{path.name} is not named category_NNN_slug.py"
    doc = load(path).__doc__ or ""
    lines = doc.strip().splitlines()
    assert 1 <= len(lines) <= 2, "the docstring is a description line, then a features line"
    match = re.search(r"features: ([a-z_]+(?:, [a-z_]+)*)\s*$", doc)
    assert match, f"docstring has no `features: a, b` line: {doc!r}"
    unknown = set(match.group(1).split(", ")) - FEATURES
    assert not unknown, f"unknown features: {sorted(unknown)}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_eager_run_is_valid_and_deterministic(path):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        first, second = run(path), run(path)
    assert out.getvalue() == "", "the program printed"
    assert len(first) == len(second)
    for i, (a, b) in enumerate(zip(first, second, strict=True)):
        assert same(a, b), f"call {i} differs between two eager runs:\n{a}\n{b}"


def test_comparison_is_exact_nan_aware_and_type_strict():
    nan = torch.tensor([1.0, float("nan")])
    assert same(snapshot(nan), snapshot(nan.clone()))
    assert not same(snapshot(nan), snapshot(torch.tensor([1.0, 0.0])))
    assert not same(snapshot(torch.ones(2)), snapshot(torch.ones(2, dtype=torch.float64)))
    assert not same(snapshot(torch.ones(2)), snapshot(torch.ones(2) + 1e-7))
    assert not same(snapshot((1, 2)), snapshot([1, 2]))
    assert not same(snapshot(1), snapshot(1.0))
    assert same(snapshot({"a": (float("nan"), "s")}), snapshot({"a": (float("nan"), "s")}))
