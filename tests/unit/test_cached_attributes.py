"""functools.cached_property in compiled code: computed on the first read, stored in the
instance dict (which wins on later reads), as CPython's; compared with eager."""

from __future__ import annotations

import functools

import pytest
import torch

import compiler
from tests.differential import check_same, compiler_test_config, one_graph  # noqa: F401


class Lazy:
    def __init__(self, t):
        self.t = t
        self.computed = 0

    @functools.cached_property
    def doubled(self):
        self.computed += 1
        return self.t * 2


def made_in_the_frame(x):
    obj = Lazy(x)
    first, second = obj.doubled, obj.doubled
    return first + second, obj.computed, "doubled" in vars(obj), first is second


def overwritten_then_deleted(x):
    obj = Lazy(x)
    obj.doubled = x - 1
    kept = obj.doubled
    del obj.doubled
    return kept, obj.doubled, obj.computed


def read_on_an_input(obj, x):
    return obj.doubled + x, obj.computed


@pytest.mark.parametrize("fn", [made_in_the_frame, overwritten_then_deleted],
                         ids=lambda fn: fn.__name__)
def test_cached_property_matches_eager_in_one_graph(fn):
    one_graph(check_same(fn, torch.randn(3)))


def test_cached_property_of_an_input_is_stored_on_it():
    stats = check_same(read_on_an_input, Lazy(torch.ones(2)), torch.randn(2))
    one_graph(stats)
    obj = Lazy(torch.ones(2))
    compiled = compiler.compile(read_on_an_input, fullgraph=True)
    compiled(obj, torch.ones(2))
    assert "doubled" in vars(obj) and obj.computed == 1
    compiled(obj, torch.ones(2))  # now read from the instance dict: not computed again
    assert obj.computed == 1
