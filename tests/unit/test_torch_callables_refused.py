"""Callables of torch that are not ops: a custom autograd Function's `apply` (it runs the
user's forward; now modelled, tests/unit/test_autograd_function.py) and functions torch makes
at run time (torch.func transforms' wrappers made outside the trace, refused). Neither is
recorded as a call of the graph by its name (the graph could not name them and crashed); a
fullgraph compile compiles or refuses them, and otherwise the frame still equals eager."""

import pytest
import torch

import compiler
from tests.differential import assert_same


class Doubled(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        return x * 2 * k

    @staticmethod
    def backward(ctx, grad):
        return grad * 2, None


def _apply(a):
    return Doubled.apply(a, 3.0) + 1


def _transformed(g, a):
    return g(a) + 1


def _made_by_vmap():
    return torch.func.vmap(torch.sin)


def _grad_of_sum():
    return torch.func.grad(lambda x: (x * x).sum())


@pytest.mark.parametrize("fullgraph", [True, False])
def test_custom_function_apply(fullgraph):
    a = torch.randn(3)
    try:
        actual = compiler.compile(_apply, fullgraph=fullgraph)(a)
    except compiler.Unsupported:
        assert fullgraph
        return
    assert_same(actual, _apply(a))


@pytest.mark.parametrize(("make", "fullgraph"), [
    (_made_by_vmap, True), (_made_by_vmap, False), (_grad_of_sum, True),
    (_grad_of_sum, False)])
def test_transform_wrapper_passed_in(make, fullgraph):
    a = torch.randn(2, 3)
    try:
        actual = compiler.compile(_transformed, fullgraph=fullgraph)(make(), a)
    except compiler.Unsupported:
        assert fullgraph
        return
    assert_same(actual, _transformed(make(), a))


def test_custom_function_apply_with_grad_matches_eager_gradients():
    a = torch.randn(3, requires_grad=True)
    b = a.detach().clone().requires_grad_()
    compiler.compile(_apply)(a).sum().backward()
    _apply(b).sum().backward()
    assert_same(a.grad, b.grad)


def test_function_torch_made_but_named_in_its_module_stays_an_op():
    def f(a):
        return torch.nn.functional.max_pool2d(a, 2) + 1

    a = torch.randn(1, 1, 4, 4)
    assert_same(compiler.compile(f, fullgraph=True)(a), f(a))
