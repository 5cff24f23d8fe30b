"""Tensor metadata is static under the tracer: read as Python constants, guarded on entry."""

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same, one_graph


def test_shape_size_dim_ndim_numel_are_python_values():
    def f(x):
        return (x.shape, x.size(), x.size(1), x.size(-1), x.dim(), x.ndim, x.numel(),
                x.shape[0] * x.shape[1], len(x), x * x.numel())

    one_graph(check_same(f, torch.randn(3, 4)), ops=1)


def test_dtype_device_and_is_floating_point():
    def f(x):
        same = x.dtype == torch.float32
        return x.dtype, x.device, same, x.is_floating_point(), x.device.type, x.to(x.dtype) + 1

    one_graph(check_same(f, torch.randn(3)))


def test_transpose_property_and_mT():
    def f(x):
        return x.T, x.mT, x.T.shape

    one_graph(check_same(f, torch.randn(2, 3)))


def test_shape_drives_reshape_and_factories():
    def f(x):
        n, m = x.shape
        return x.reshape(m, n), torch.zeros(n, m, dtype=x.dtype), x.new_zeros(x.shape)

    one_graph(check_same(f, torch.randn(2, 3)))


def test_requires_grad_and_is_leaf_of_inputs():
    def f(x):
        y = x * 2
        return y, x.requires_grad, y.requires_grad, x.is_leaf

    one_graph(check_same(f, torch.randn(3, requires_grad=True)), ops=1)


def test_dtype_conversions_and_promotion():
    def f(x, i):
        return x.double(), i.float(), x + i, (i * 2).dtype, x.to(torch.float16), i.bool()

    one_graph(check_same(f, torch.randn(3), torch.tensor([1, 2, 3])))


def test_element_size_and_stride_of_input():
    def f(x):
        return x.stride(), x.element_size(), x.is_contiguous(), x + 1

    one_graph(check_same(f, torch.randn(3, 4)), ops=1)


def test_shape_arithmetic_in_loop_bound():
    def f(x):
        out = x
        for _ in range(x.shape[0] - 1):
            out = out.cumsum(0)
        return out

    one_graph(check_same(f, torch.randn(3)), ops=2)


def test_size_slices_and_comparison_with_tuple():
    def f(x):
        return x.size()[1:], x.shape == (2, 3), x.nelement(), x.shape[-2:] + (1,)

    stats = check_same(f, torch.randn(2, 3))
    assert (stats.frames, stats.fallbacks) == (1, [])


def test_torch_size_constructed_from_list():
    def f(x):
        return x.reshape(torch.Size([3, 2])), torch.Size([3, 2]) == x.shape

    one_graph(check_same(f, torch.randn(2, 3)))


def test_grad_of_an_input_is_guarded_state():
    def f(x):
        return x.grad is None, x * 2

    fc = compiler.compile(f, fullgraph=True)
    x = torch.ones(2, requires_grad=True)
    assert_same(fc(x), f(x))
    x.grad = torch.ones(2)
    assert_same(fc(x), f(x))
    assert compiler.stats(fc).recompiles == ["L['x'].grad is None (got <Tensor at "
                                             f"{id(x.grad):#x}>)"]


def test_negative_slice_step_raises_the_users_error():
    def f(a):
        return a[::-1]

    with pytest.raises(ValueError, match="step must be greater than zero"):
        compiler.compile(f, fullgraph=True)(torch.ones(3))
