"""Custom Functions in the `setup_context` style (a forward without ctx, then
`setup_context(ctx, inputs, output)`) compile as the ctx-first style does: both are traced into
the forward's subgraph, under no_grad, and the backward is the user's. Compared with eager:
outputs, requires_grad, every input's `.grad`, graph and recompile counts."""

from __future__ import annotations

import pytest
import torch

import compiler
from tests.differential import assert_same, one_graph


class MulScaled(torch.autograd.Function):
    @staticmethod
    def forward(x, y, scale):
        return x * y * scale

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, y, scale = inputs
        ctx.save_for_backward(x, y)
        ctx.scale = scale

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        return grad * y * ctx.scale, grad * x * ctx.scale, None


class ExpWithIndex(torch.autograd.Function):
    """Saves its output, marks a second output non-differentiable, reads needs_input_grad."""

    @staticmethod
    def forward(x):
        out = x.exp()
        return out, out.argmax()

    @staticmethod
    def setup_context(ctx, inputs, output):
        out, index = output
        ctx.mark_non_differentiable(index)
        ctx.save_for_backward(out)
        ctx.wanted = ctx.needs_input_grad[0]

    @staticmethod
    def backward(ctx, grad, grad_index):
        (out,) = ctx.saved_tensors
        return grad * out if ctx.wanted else None


def _both(a, b):
    y = MulScaled.apply(a, b, 3.0)
    z, index = ExpWithIndex.apply(y.tanh())
    return (z * 2).sum(), index, z.requires_grad


def _inputs(requires_grad=True):
    g = torch.Generator().manual_seed(0)
    return [torch.randn(3, 4, generator=g).requires_grad_(requires_grad) for _ in range(2)]


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
def test_outputs_and_gradients_match_eager_in_one_graph(backend):
    args, eager_args = _inputs(), _inputs()
    compiled = compiler.compile(_both, backend=backend, fullgraph=True)
    actual, expected = compiled(*args), _both(*eager_args)
    assert_same(actual, expected)
    actual[0].backward()
    expected[0].backward()
    for ours, eager in zip(args, eager_args):
        assert_same(ours.grad, eager.grad, "grad")
    one_graph(compiler.stats(compiled))


def test_without_grad_then_with_grad_recompiles_once():
    compiled = compiler.compile(_both, fullgraph=True)
    for requires_grad in (False, True, True):
        assert_same(compiled(*_inputs(requires_grad)), _both(*_inputs(requires_grad)))
    stats = compiler.stats(compiled)
    assert (stats.graphs, len(stats.recompiles)) == (2, 1), stats


class SetupReadsData(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.positive = bool(output.sum() > 0)  # tensor data in Python: refused

    @staticmethod
    def backward(ctx, grad):
        return grad * 2 if ctx.positive else grad


def test_a_setup_context_the_trace_cannot_follow_is_refused_and_runs_eagerly():
    def f(a):
        return SetupReadsData.apply(a) + 1

    a = torch.randn(3, requires_grad=True)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(a)
    assert_same(compiler.compile(f)(a), f(a))
