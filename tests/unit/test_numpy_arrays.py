"""NumPy arrays from tensors in the trace: each operation is NumPy's (type, dtype, shape) or
refused; arrays are never written; results come back as NumPy arrays and scalars."""

import numpy as np
import pytest
import torch

import compiler
from tests.differential import assert_same, check_same

EXPRESSIONS = [
    "x / 3", "x // 2", "x % 3", "x ** 2", "-x", "abs(x)", "x > 1", "x == x", "x @ x.T",
    "np.sqrt(x)", "np.mean(x)", "np.mean(x, axis=0)", "np.std(x)", "np.var(x, axis=1)",
    "np.prod(x, axis=0)", "np.cumsum(x)", "np.argmax(x)", "np.argmin(x, axis=1)",
    "np.where(x > 1, x, 0)", "np.clip(x, 0, 2)", "np.exp(x)", "np.log1p(abs(x))",
    "np.power(x, 2)", "np.maximum(x, 1.5)", "np.concatenate([x, x])", "np.stack([x, x], 1)",
    "np.zeros_like(x)", "np.ones_like(x)", "np.reshape(x, (-1,))", "np.transpose(x)",
    "np.expand_dims(x, 0)", "np.squeeze(x[:1])", "np.dot(x, x.T)", "np.outer(x[0], x[1])",
    "x.sum()", "x.mean(axis=1)", "x.max(axis=0)", "x.min()", "x.copy()", "x.reshape(4, 3)",
    "x.transpose()", "x.clip(0, 1)", "x.any()", "x.all(axis=0)", "x[1]", "x[0, 2]",
    "x[:, 1:]", "x.shape", "x.ndim", "x.size", "x.dtype", "x.sum() * x", "np.sum(x) / 2",
    "np.einsum('ij->j', x)", "x.T.shape", "len(x)",
]
INPUTS = {
    "float32": lambda: torch.randn(3, 4, generator=torch.Generator().manual_seed(0)),
    "float64": lambda: torch.randn(3, 4, generator=torch.Generator().manual_seed(1),
                                   dtype=torch.float64),
    "int64": lambda: torch.arange(12).reshape(3, 4),
    "int32": lambda: torch.arange(12, dtype=torch.int32).reshape(3, 4),
    "bool": lambda: torch.arange(12).reshape(3, 4) % 3 == 0,
}


@pytest.mark.parametrize("dtype", sorted(INPUTS))
@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_numpy_expressions_are_numpys_or_refused(expression, dtype):
    namespace = {"np": np, "torch": torch}
    exec(f"def f(t):\n    x = t.numpy()\n    return {expression}", namespace)
    fn = namespace["f"]
    try:
        expected = fn(INPUTS[dtype]())
    except Exception as error:  # noqa: BLE001 - NumPy refuses this dtype
        with pytest.raises((type(error), compiler.Unsupported)):
            compiler.compile(fn, fullgraph=True)(INPUTS[dtype]())
        return
    try:
        actual = compiler.compile(fn, fullgraph=True)(INPUTS[dtype]())
    except compiler.Unsupported:
        actual = compiler.compile(fn, fullgraph=False)(INPUTS[dtype]())
    assert type(actual) is type(expected)
    assert_same(actual, expected)


def test_common_expressions_compile_whole():
    def f(t):
        x = t.numpy()
        y = np.sin(x) * 2 + np.maximum(x, 0) - x.mean(axis=0)
        return torch.from_numpy(y), y.T.shape, np.sum(y)

    stats = check_same(f, torch.randn(3, 4))
    assert stats.graphs == 1 and not stats.graph_breaks, stats


def test_inplace_operator_writes_the_tensor_behind_the_array():
    def f(t):
        x = t.numpy()
        x += 1
        return t * 2

    check_same(f, torch.zeros(3), fullgraph=True)
    check_same(f, torch.zeros(3), fullgraph=False)


def test_inplace_operator_with_an_array_only_on_the_right_is_refused():
    def f(t):
        y = 1.5
        y += t.numpy()
        return y

    with pytest.raises(compiler.Unsupported, match="in-place"):
        compiler.compile(f, fullgraph=True)(torch.zeros(3))
    check_same(f, torch.zeros(3), fullgraph=False)


def test_numpy_of_a_tensor_requiring_grad_raises():
    def f(t):
        try:
            return t.numpy()
        except RuntimeError:
            return None

    assert check_same(f, torch.zeros(3, requires_grad=True)).fallbacks == []


def test_from_numpy_shares_the_input_storage():
    def f(t):
        return torch.from_numpy(t.numpy())

    t = torch.zeros(3)
    out = compiler.compile(f, fullgraph=True)(t)
    assert out is not t and out.data_ptr() == t.data_ptr()


LAYOUTS = ["x.T.copy()", "(x * 2).T.copy()", "np.copy(x.T)", "x.T * 2", "x.T", "x.T + x.T",
           "np.sin(x.T)", "x[:, ::2].copy()", "x.T.reshape(4, 3)", "x.T.sum(axis=0)",
           "x.T.clip(0, 1)", "np.transpose(x).copy()"]


@pytest.mark.parametrize("expression", LAYOUTS)
def test_array_layouts_are_numpys_or_refused(expression):
    namespace = {"np": np, "torch": torch}
    exec(f"def f(t):\n    x = t.numpy()\n    return torch.from_numpy({expression})", namespace)
    fn = namespace["f"]
    expected = fn(INPUTS["float32"]())
    try:
        actual = compiler.compile(fn, fullgraph=True)(INPUTS["float32"]())
    except compiler.Unsupported:
        actual = compiler.compile(fn, fullgraph=False)(INPUTS["float32"]())
    assert_same(actual, expected)
    assert actual.stride() == expected.stride(), (actual.stride(), expected.stride())


def test_a_copy_of_a_transposed_array_compiles_in_c_order():
    def f(t):
        b = t.numpy() * 2
        return torch.from_numpy(b.T.copy()), torch.from_numpy(b[:, ::2].T.copy())

    stats = check_same(f, torch.randn(3, 4))
    assert stats.graphs == 1 and not stats.graph_breaks, stats
    out = compiler.compile(f, fullgraph=True)(torch.randn(3, 4))
    assert [o.stride() for o in out] == [o.stride() for o in f(torch.randn(3, 4))]
