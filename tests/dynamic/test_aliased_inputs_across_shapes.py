"""Inputs that alias each other (a view and its base, one tensor twice, two views of one
storage) on a call after automatic dynamic made a size symbolic: the base's fake is the one
memoized with the view's symbols, and it is registered as a symbolic input like the view's,
so its guards are refreshed (this crashed with a KeyError). Each call is compared with eager,
on fresh inputs, results and mutations both."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def mul_first_return_second(a, b):
    a.mul_(2)
    return b + 1


def add(a, b):
    return a + b


def base_and_view(n):
    t = torch.arange(float(n))
    return t[:2], t


def twice(n):
    t = torch.arange(float(n))
    return t, t


def halves(n):
    t = torch.arange(float(n))
    return t[: n // 2], t[n // 2:]


def separate(n):
    return torch.arange(float(n)), torch.arange(float(n)) + 1


SEQUENCES = [
    (mul_first_return_second, [(separate, 4), (base_and_view, 4), (base_and_view, 6)]),
    (add, [(separate, 3), (twice, 5), (twice, 7)]),
    (add, [(separate, 3), (halves, 4), (halves, 8)]),
    (add, [(separate, 3), (separate, 4), (twice, 6)]),
    (mul_first_return_second, [(separate, 3), (separate, 5), (base_and_view, 7)]),
]


@pytest.mark.parametrize("fn, steps", SEQUENCES, ids=lambda v: getattr(v, "__name__", None))
@pytest.mark.parametrize("fullgraph", [True, False])
def test_aliased_inputs_after_a_size_became_symbolic(fn, steps, fullgraph):
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for make, n in steps:
        actual_args, expected_args = make(n), make(n)
        assert_same(compiled(*actual_args), fn(*expected_args))
        assert_same(actual_args, expected_args)
