"""max()/min() of 0-d tensors and Python numbers (compiler/values/tensor_either.py): the
result is a tensor or a number in eager depending on data; it is used only where both give
the same answer. Operators reach it through `operators.binary_op`, which routes values with
the `either` flag there."""

import pytest
import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401

VALUES = [(0.3, -0.2), (2.0, 5.0), (-3.0, 0.5), (float("nan"), 1.0), (-0.0, 0.0),
          (float("inf"), -1.0)]


@pytest.mark.parametrize("values", VALUES)
def test_clamped_sums_combined(values):
    def f(a, b):
        c = a + b
        a, b = a.sum(), b.sum()
        a = min(max(a, 0), 1)
        b = max(0, min(1, b))
        return max(a, b) - min(a, b) + c, c * max(b, -1.0)

    x, y = torch.full((3,), values[0]), torch.full((3,), values[1])
    got = compiler.compile(f, fullgraph=True)(x, y)
    assert_same(got, f(x, y))


@pytest.mark.parametrize("body", [
    lambda s, x: max(s, 0),                       # returned: a number or the tensor
    lambda s, x: x + (1 if max(s, 0) else 2),     # its truth
    lambda s, x: x * max(s, 0.5) * 2.5,           # fine: with tensors only ...
    lambda s, x: x + max(s, 0) * 0.5,             # ... but not number arithmetic off integers
    lambda s, x: torch.sin(max(s, 0)),            # passed to a function
    lambda s, x: x.double() + max(s, 0),          # with a tensor of another dtype
    lambda s, x: x + max(s, 2 ** 30),             # a number float32 does not hold exactly
])
def test_uses_that_could_tell_are_refused(body):
    def f(x):
        return body(x.sum() * 1, x)

    x = torch.ones(3)
    try:
        got = compiler.compile(f, fullgraph=True)(x)
    except compiler.Unsupported:
        got = None
    if got is not None:
        assert_same(got, f(x))
    compiler.reset()
    assert_same(compiler.compile(f)(x), f(x))


def test_refused_uses():
    for body in (lambda s, x: max(s, 0), lambda s, x: x + max(s, 0) * 0.5,
                 lambda s, x: torch.sin(max(s, 0)), lambda s, x: x.double() + max(s, 0)):
        compiler.reset()
        with pytest.raises(compiler.Unsupported):
            compiler.compile(lambda x, body=body: body(x.sum() * 1, x), fullgraph=True)(
                torch.ones(3))


def test_candidates_that_are_inputs_views_or_need_grad_are_refused():
    for f in (lambda s, x: x + max(s, 0),
              lambda s, x: x + max(x[0], 0),
              lambda s, x: x + max((x * 1).requires_grad_().sum(), 0)):
        compiler.reset()
        with pytest.raises(compiler.Unsupported):
            compiler.compile(f, fullgraph=True)(torch.tensor(1.0), torch.ones(3))


def test_writing_a_candidate_afterwards_is_refused():
    def f(x):
        s = x.sum() * 1
        m = max(s, 0)
        s.add_(1)
        return x + m

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(3))
    compiler.reset()
    assert_same(compiler.compile(f)(-torch.ones(3)), f(-torch.ones(3)))
