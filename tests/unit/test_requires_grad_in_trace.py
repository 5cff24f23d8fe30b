"""Tensor.requires_grad_() in compiled code: a metadata change of the trace, exact as long as no
tensor that requires grad leaves the graph after it (refused otherwise), replayed on an input.
"""

from __future__ import annotations

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


def _pair():
    g = torch.Generator().manual_seed(0)
    return torch.randn(3, 4, generator=g), torch.randn(3, 4, generator=g)


def made_leaf_used_detached(a, b):
    w = a.clone().requires_grad_()
    with torch.no_grad():
        y = w * 2
    z = w * 3
    return y.requires_grad, z.requires_grad, w.is_leaf, z.is_leaf, y.detach() + z.detach()


def made_leaf_from_factory(a, b):
    w = torch.ones(4).requires_grad_(True)
    y = a * w
    return y.requires_grad, w.requires_grad, w.grad is None, y.detach() * b


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("fn", [made_leaf_used_detached, made_leaf_from_factory])
def test_leaf_made_in_the_trace_is_one_graph(fn, backend):
    one_graph(check_same(fn, *_pair(), backend=backend))


def leaks_the_leaf(a, b):
    return a.detach().requires_grad_() * b


def leaks_into_a_list(a, b, out):
    out.append(a.clone().requires_grad_())
    return b + 1


def test_tensor_requiring_grad_from_a_made_leaf_never_leaves_the_graph():
    with pytest.raises(compiler.Unsupported, match="requires grad"):
        compiler.compile(leaks_the_leaf, fullgraph=True)(*_pair())
    compiler.reset()
    with pytest.raises(compiler.Unsupported, match="requires grad"):
        compiler.compile(leaks_into_a_list, fullgraph=True)(*_pair(), [])
    compiler.reset()
    check_same(leaks_the_leaf, *_pair(), fullgraph=False)
    check_same(leaks_into_a_list, *_pair(), [], fullgraph=False)


def input_made_to_require_grad(a, b):
    with torch.no_grad():
        y = a.requires_grad_() * 2
    return y, a.requires_grad, b * 2


def test_input_made_to_require_grad_is_replayed():
    a, b = _pair()
    eager_a, eager_b = a.clone(), b.clone()
    expected = input_made_to_require_grad(eager_a, eager_b)
    compiled = compiler.compile(input_made_to_require_grad, fullgraph=True)
    assert_same(compiled(a, b), expected)
    assert a.requires_grad and a.is_leaf and not b.requires_grad
    one_graph(compiler.stats(compiled))
    # now `a` requires grad: the guard on its metadata asks for a new trace
    assert_same(compiled(a, b), input_made_to_require_grad(eager_a, eager_b))
    assert compiler.stats(compiled).recompiles


def input_grad_switched_off(a, b):
    a.requires_grad_(False)
    return (a * b).detach()


def test_switching_grad_off_on_an_input_that_requires_it_is_refused():
    a, b = _pair()
    with pytest.raises(compiler.Unsupported):
        compiler.compile(input_grad_switched_off, fullgraph=True)(a.requires_grad_(), b)
    compiler.reset()
    check_same(input_grad_switched_off, _pair()[0].requires_grad_(), b, fullgraph=False)


def non_leaf_requires_grad(a, b):
    return (a * 2).requires_grad_(False)


def integer_requires_grad(a, b):
    return torch.arange(3).requires_grad_()


@pytest.mark.parametrize("fn", [non_leaf_requires_grad, integer_requires_grad])
def test_requires_grad_raises_as_eager_does(fn):
    a, b = _pair()
    with pytest.raises(RuntimeError) as eager:
        fn(a.requires_grad_(), b)
    compiled = compiler.compile(fn, fullgraph=False)
    with pytest.raises(RuntimeError) as ours:
        compiled(_pair()[0].requires_grad_(), b)
    assert str(ours.value) == str(eager.value)
