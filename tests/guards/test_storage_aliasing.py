"""Inputs that share storage: functionalizing backends bake the aliasing in, so it is guarded;
the eager backend runs the ops on the real tensors and needs no such guard."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def mutate_first_read_second(a, b):
    a.add_(1)
    return b * 2


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_overlapping_views_after_distinct_views_recompile_and_match(backend):
    fc = compiler.compile(mutate_first_read_second, backend=backend)
    calls = [lambda x: (x[2:], x[:2]), lambda x: (x[:2], x[:2].view(2)),
             lambda x: (torch.zeros(2), torch.zeros(2))]
    for make in calls:
        x_compiled, x_eager = torch.zeros(4), torch.zeros(4)
        assert_same(fc(*make(x_compiled)), mutate_first_read_second(*make(x_eager)))
        assert_same(x_compiled, x_eager)
    reasons = compiler.stats(fc).recompiles
    aliasing_guarded = any(reason.startswith("storage sharing of (L['a'], L['b'])")
                           for reason in reasons)
    assert aliasing_guarded == (backend != "eager"), reasons


def test_unrelated_inputs_do_not_recompile_when_values_change():
    fc = compiler.compile(mutate_first_read_second)
    for _ in range(3):
        fc(torch.randn(2), torch.randn(2))
    assert compiler.stats(fc).compiles == 1


def test_stride_guard_can_be_switched_off():
    def f(x):
        return x * 2

    with compiler.config.patch(guard_tensor_strides=False):
        fc = compiler.compile(f)
        fc(torch.randn(3, 4))
        x = torch.randn(4, 3).t()  # same shape, other strides
        assert_same(fc(x), f(x))
    assert compiler.stats(fc).compiles == 1
