"""torch.func.vjp and torch.func.jvp called in compiled code: the function is traced into a
subgraph and the graph applies torch's own vjp/jvp to it (compiler/values/functorch_products.py).
Compared with eager: outputs, the products, gradients through them, graph counts; what cannot
be replayed is refused, and then runs eagerly."""

from __future__ import annotations

import collections

import pytest
import torch
from torch.func import jvp, vjp

import compiler
from tests.differential import assert_same, check_same, one_graph

WEIGHT = torch.linspace(-1, 1, 12).reshape(4, 3)


def _inputs():
    g = torch.Generator().manual_seed(0)
    return torch.randn(2, 4, generator=g), torch.randn(2, 4, generator=g)


def vjp_forms(a, b):
    out, pullback = vjp(lambda x: x.sin() * 2, a)
    (ga,) = pullback(torch.ones_like(out))
    pair, pullback2 = vjp(lambda x, y: (x * y, (x @ WEIGHT).tanh()), a, b)
    gx, gy = pullback2((torch.ones_like(pair[0]), torch.ones_like(pair[1])))
    dot, pullback3 = vjp(torch.dot, a[0], b[0])
    return out, ga, pair, gx, gy, dot, pullback3(torch.tensor(2.0)), pullback(b)[0]


def jvp_forms(a, b):
    out, tangent = jvp(lambda x: x.exp() * x, (a,), (torch.ones_like(a),))
    both = jvp(lambda x, y: (x * y).sum(0) @ WEIGHT, (a, b), (b, a))
    return out, tangent, both, jvp(torch.sin, (a,), (b,))


@pytest.mark.parametrize("fn", [vjp_forms, jvp_forms])
def test_products_match_eager_in_one_graph(fn):
    one_graph(check_same(fn, *_inputs()))


@pytest.mark.parametrize("fn", [vjp_forms, jvp_forms])
def test_products_match_eager_with_a_compiling_backend(fn):
    one_graph(check_same(fn, *_inputs(), backend="aot_eager"))


def test_gradients_flow_through_the_products_as_eager():
    def f(a, b):
        (g,) = vjp(lambda x: (x * b).cos(), a)[1](torch.ones_like(a))
        return (g * a).sum() + jvp(lambda x: x ** 3, (a,), (b,))[1].sum()

    args = [t.requires_grad_() for t in _inputs()]
    eager_args = [t.detach().clone().requires_grad_() for t in args]
    compiled = compiler.compile(f, fullgraph=True)
    actual, expected = compiled(*args), f(*eager_args)
    assert_same(actual, expected)
    actual.backward()
    expected.backward()
    for ours, theirs in zip(args, eager_args):
        assert_same(ours.grad, theirs.grad, "grad")


def pullback_leaves_the_frame(a, b):
    out, pullback = vjp(torch.sin, a)
    return out, pullback


def draws_random(a, b):
    return jvp(lambda x: x * torch.rand(()), (a,), (b,))


def with_aux(a, b):
    return vjp(lambda x: (x.sin(), x.cos()), a, has_aux=True)[2]


Stats = collections.namedtuple("Stats", "low high")


def with_namedtuple_aux(a, b):
    return vjp(lambda x: (x.sin(), Stats(x.min(), x.max())), a, has_aux=True)[2]


def test_aux_of_vjp_and_jvp():
    def f(a, b):
        out, pullback, aux = vjp(lambda x: (x.sin(), {"c": x.cos()}), a, has_aux=True)
        p, t, aux2 = jvp(lambda x: ((x.exp(), x), [x.sum()]), (a,), (b,), has_aux=True)
        return with_aux(a, b), out, pullback(b), aux["c"], p, t, aux2

    one_graph(check_same(f, *_inputs()))


@pytest.mark.parametrize("fn", [pullback_leaves_the_frame, draws_random,
                                with_namedtuple_aux])
def test_refused_is_unsupported_fullgraph_and_eager_otherwise(fn):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(*_inputs())
    compiler.reset()
    torch.manual_seed(0)
    actual = compiler.compile(fn)(*_inputs())
    torch.manual_seed(0)
    expected = fn(*_inputs())
    if fn is pullback_leaves_the_frame:
        assert_same(actual[0], expected[0])
        assert_same(actual[1](torch.ones(2, 4)), expected[1](torch.ones(2, 4)))
    else:
        assert_same(actual, expected)


def test_structured_primals_with_aux_and_free_tensors():
    def f(a, b):
        scale = b.mean()
        out, pullback, aux = vjp(lambda d: ((d["w"] * scale).tanh(), {"m": d["w"].max()}),
                                 {"w": a}, has_aux=True)
        (cot,) = pullback(b)
        value, tangent, aux2 = jvp(lambda t: (t[0] * t[1] * scale, t[0].sum()), ((a, b),),
                                   ((b, a),), has_aux=True)
        return out, cot["w"], aux["m"], value, tangent, aux2

    one_graph(check_same(f, *_inputs()))
