"""`parametrize.cached()` in compiled code (compiler/values/parametrize_cache.py): inside the
block a parametrized attribute is computed once and the same tensor given again (so an
in-place write to the original inside the block is not seen, as in eager), the cache is
emptied when the outermost block is left, also by an exception; compiled code called inside a
block opened outside is refused (the flag is guarded), and a break inside a block falls back."""

from __future__ import annotations

import pytest
import torch
from torch import nn
from torch.nn.utils import parametrize

import compiler
from tests.differential import assert_same, check_same, one_graph


class Double(nn.Module):
    def forward(self, w):
        return w * 2


def _module():
    with torch.random.fork_rng():
        torch.manual_seed(0)
        m = nn.Linear(4, 3)
    parametrize.register_parametrization(m, "weight", Double())
    m.parametrizations.weight.original.requires_grad_(False)  # written in place below
    return m


def _x():
    return torch.randn(2, 4, generator=torch.Generator().manual_seed(0))


def identity_and_staleness(m, x):
    with parametrize.cached():
        first = m.weight
        same = first is m.weight
        with torch.no_grad():
            m.parametrizations.weight.original.add_(1.0)
        stale = m(x)
        with parametrize.cached():  # nested: still the first tensor
            inner = m.weight is first
    fresh = m(x)
    return same, inner, stale, fresh, m.weight is first


def test_cached_block_gives_one_tensor_until_left():
    one_graph(check_same(identity_and_staleness, _module(), _x()))


def raising_inside(m, x):
    try:
        with parametrize.cached():
            w = m.weight
            raise KeyError("inside")
    except KeyError:
        pass
    return m.weight is w, m(x)


def test_exception_inside_the_block_empties_the_cache():
    one_graph(check_same(raising_inside, _module(), _x()))


def test_called_inside_a_block_opened_outside_is_refused():
    def f(m, x):
        return m(x)

    m = _module()
    with parametrize.cached():
        with pytest.raises(compiler.Unsupported):
            compiler.compile(f, fullgraph=True)(m, _x())
        compiler.reset()
        assert_same(compiler.compile(f)(m, _x()), f(m, _x()))


def test_break_inside_the_block_matches_eager():
    def f(m, x):
        with parametrize.cached():
            w = m.weight
            print("inside", round(float(w.sum()), 3))
            return m(x), w is m.weight

    check_same(f, _module(), _x(), fullgraph=False)
