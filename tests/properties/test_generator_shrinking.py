"""A planted bug in generated programs shrinks to a handful of lines, as Hypothesis's minimal()."""

from __future__ import annotations

import functools
import sys
import types
import warnings

import pytest
import torch
from hypothesis import HealthCheck, find, settings
from torch.overrides import TorchFunctionMode

import generators


class _CumsumOfTransposed(TorchFunctionMode):
    """Records whether torch's cumsum ran on a tensor laid out as a transpose leaves it."""

    def __init__(self):
        super().__init__()
        self.hit = False

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func in (torch.cumsum, torch.Tensor.cumsum) and args and _transposed(args[0]):
            self.hit = True
        return func(*args, **(kwargs or {}))


def _transposed(t) -> bool:
    return isinstance(t, torch.Tensor) and t.dim() >= 2 and t.stride(-2) < t.stride(-1)


def cumsum_after_transpose(program) -> bool:
    """The planted bug: cumsum runs on a tensor a transpose made. Judged by running the program
    (a cumsum in a branch not taken is no bug), as a compiler bug shows only when the op runs."""
    module = types.ModuleType("planted_program")
    sys.modules[module.__name__] = module  # dataclasses and inspect look the module up
    try:
        exec(compile(program.source, "<generated>", "exec"), module.__dict__)
        with _CumsumOfTransposed() as seen, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for args, kwargs in module.calls():
                try:
                    module.program(*args, **kwargs)
                except Exception:  # a program may raise by design; later calls still run
                    pass
        return seen.hit
    finally:
        sys.modules.pop(module.__name__, None)


def minimal(strategy, predicate, max_examples=5000):
    return find(
        strategy,
        predicate,
        settings=settings(max_examples=max_examples, database=None, deadline=None,
                          suppress_health_check=list(HealthCheck), derandomize=True),
    )


@functools.lru_cache(maxsize=1)
def _shrunk_planted():
    return minimal(generators.programs(), cumsum_after_transpose)


@pytest.mark.slow
def test_planted_predicate_shrinks_to_at_most_six_body_lines():
    program = _shrunk_planted()
    assert program.body_lines <= 6, program.source


@pytest.mark.slow
@pytest.mark.xfail(reason="known shrink regression since the constructs_frames/rebinding flags: "
                          "an unused scalar parameter (scalar_inputs) is left on", strict=False)
def test_planted_predicate_shrinks_with_no_feature_but_the_transposed_input():
    # Shortlex prefers fewer draws: a transposed input (the `noncontiguous` feature) may stand
    # in for a transpose statement, but nothing else is left on.
    program = _shrunk_planted()
    assert program.features_used <= {"noncontiguous"}, program.features_used


def test_a_program_using_cumsum_shrinks_to_one_statement_on_one_input():
    program = minimal(generators.programs(features=[]),
                      lambda p: "torch.cumsum" in p.ops_used, max_examples=2000)
    assert program.body_lines == 2, program.source
    assert "t0 = torch.cumsum(x, 0)" in program.source
    assert "def program(x):" in program.source
