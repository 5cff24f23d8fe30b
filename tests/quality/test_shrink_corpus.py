"""The reducer on hand-written seed programs of many shapes (classes, closures, lambdas,
modules, varargs, exceptions ...): it never crashes, asks only about programs that compile,
and ends on a program that still satisfies the predicate."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
import torch

from generators.shrink import reduce
from tests.quality import planted

SEED = Path(__file__).resolve().parents[2] / "corpora" / "seed"
PROGRAMS = [
    "classes_001_method_and_property.py",
    "closures_001_capture_int.py",
    "control_001_if_constant.py",
    "dicts_001_build_and_index.py",
    "except_001_try_except_caught.py",
    "kwargs_001_keyword_only.py",
    "lambdas_001_local_lambdas.py",
    "loops_001_for_tensor_rows.py",
    "module_001_linear_relu.py",
    "varargs_001_star_args.py",
]


def shape_of(value: object) -> object:
    if isinstance(value, torch.Tensor):
        return ("tensor", tuple(value.shape), value.dtype)
    if isinstance(value, tuple | list):
        return (type(value).__name__, tuple(shape_of(v) for v in value))
    return type(value).__name__


def output_shapes(source: str) -> object:
    """The number of calls and the type and shape of the first output; None if it fails."""
    try:
        with planted.time_limit(planted.TIMEOUT_SECONDS):
            records = planted.run_sequence(source, planted.eager)
    except Exception:
        return None
    return len(records), shape_of(records[0][0]) if records else None


@pytest.mark.parametrize("name", PROGRAMS)
def test_reduces_a_seed_program_keeping_its_output_shape(name):
    path = SEED / name
    if not path.exists():
        pytest.skip(f"{name} is not in the seed corpus")
    source = path.read_text()
    wanted = output_shapes(source)
    assert wanted is not None, f"{name} does not run eagerly"
    asked: list[str] = []

    def same_shapes(candidate: str) -> bool:
        asked.append(candidate)
        return output_shapes(candidate) == wanted

    result = reduce(source, same_shapes, budget_seconds=10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for candidate in asked:
            compile(candidate, name, "exec")
    assert output_shapes(result.source) == wanted
    assert result.after.nodes <= result.before.nodes
    assert result.stopped == "fixed point"
